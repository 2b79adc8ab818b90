import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_INFO_OVERALL } from '../../../shared/contract/constants.ts';
import { contactInfoBody, contactInfoReply } from '../../../shared/contract/support.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { SiteService } from '../site/index.ts';

/** Customer-service contact for the borrower's market: the company phone and e-mail operators set. */
export const supportRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.post(
    '/v3/personal-center/contact-kf-info',
    {
      config: { access: 'borrower' },
      schema: { tags: ['support'], body: contactInfoBody, response: { 200: contactInfoReply } },
    },
    async (req) => {
      if (req.body.overall !== CONTACT_INFO_OVERALL) throw new AppError('400');
      const config = await site.config(req.borrower!.market);
      return ok({ email: config.email, smWa: config.phone });
    },
  );
};
