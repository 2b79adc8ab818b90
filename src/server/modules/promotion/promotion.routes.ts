import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import {
  captchaQuery,
  okReply,
  registerBody,
  sidQuery,
  sidReply,
  smsBody,
  templateQuery,
  templateReply,
  trackQuery,
} from '../../../shared/contract/promotion-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { AppError } from '../../errors.ts';
import { langOf } from '../../lang.ts';
import { perAddress } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { PromotionService } from './promotion.service.ts';

const tags = ['promotion'];
// Per-address limits (perAddress) sized for a family behind one mobile carrier's address tapping
// through the page, not for a script.
/** The promotion landing's public calls (spec §7 "Promotion and registration"; decision 036). */
export const promotionRoutes: FastifyPluginAsyncZod<{ promotion: PromotionService }> = async (
  app,
  { promotion },
) => {
  app.get(
    PROMO_PATHS.template,
    {
      config: perAddress(120),
      schema: { tags, querystring: templateQuery, response: { 200: templateReply } },
    },
    async (req) => ok(await promotion.template(req.query.templateId)),
  );

  for (const [path, kind] of [
    [PROMO_PATHS.trackVisit, 'visit'],
    [PROMO_PATHS.trackClick, 'click'],
  ] as const) {
    app.get(
      path,
      { config: perAddress(60), schema: { tags, querystring: trackQuery, response: { 200: okReply } } },
      async (req) => {
        await promotion.track(req.query.page_id, kind, req.query);
        return ok(null);
      },
    );
  }

  app.get(
    PROMO_PATHS.sid,
    { config: perAddress(30), schema: { tags, querystring: sidQuery, response: { 200: sidReply } } },
    async (req) => ok({ sid: await promotion.newSid(req.query.templateId, req.ip) }),
  );

  app.get(
    PROMO_PATHS.captcha,
    { config: perAddress(60), schema: { tags, querystring: captchaQuery } },
    async (req, reply) => {
      const png = await promotion.draw(req.query.sid);
      // A session that is used, expired or drawn too often has no picture: the page asks for a new sid.
      if (!png) throw new AppError(ERROR_CODE.NOT_FOUND, 'registration:refusals.captcha', 404);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  app.post(
    PROMO_PATHS.sms,
    { config: perAddress(10), schema: { tags, body: smsBody, response: { 200: okReply } } },
    async (req) => {
      const lang = langOf(req);
      await promotion.sendCode(req.body, lang);
      return ok(null, translate(lang, 'registration', req.body.via === 'voice' ? 'voiceSent' : 'sent'));
    },
  );

  app.post(
    PROMO_PATHS.register,
    { config: perAddress(20), schema: { tags, body: registerBody, response: { 200: okReply } } },
    async (req) => {
      await promotion.register(req.body);
      return ok(null, translate(langOf(req), 'registration', 'done'));
    },
  );
};

/** Demo mode only: what the captcha of a session shows, for the simulator and browser journeys. */
export const demoCaptchaRoutes: FastifyPluginAsyncZod<{ promotion: PromotionService }> = async (
  app,
  { promotion },
) => {
  app.get(
    '/dev-api/captcha/last',
    { config: { access: 'public' }, schema: { tags: ['demo'], querystring: captchaQuery } },
    async (req) => {
      const answer = await promotion.demoAnswer(req.query.sid);
      if (!answer) throw new AppError(ERROR_CODE.NOT_FOUND);
      return ok({ answer });
    },
  );
};
