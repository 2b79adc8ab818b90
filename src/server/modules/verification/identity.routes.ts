import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import {
  identityBody,
  identityOtpBody,
  identityOtpReply,
  identitySelfieReply,
  saveReply,
} from '../../../shared/contract/verification.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import { readImageField } from '../uploads/index.ts';
import type { IdentityService } from './identity.service.ts';
import { saves } from './verification.routes.ts';

const tags = ['verification'];

/**
 * The identity check's calls (decision 067), in the `certify` family. Registered in a scope with
 * multipart (the selfie); the saves' limit applies to each, and asking an OTP, which texts the
 * borrower's phone and costs a provider call, has a tighter one.
 */
export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  app.post(
    CERTIFY_PATHS.identityOtp,
    { config: perBorrower(10), schema: { tags, body: identityOtpBody, response: { 200: identityOtpReply } } },
    async (req) => {
      const lang = langOf(req);
      return ok(
        await identity.otpStart(req.borrower!, lang, req.body),
        translate(lang, 'verification', 'identity.otpSent'),
      );
    },
  );

  app.post(
    CERTIFY_PATHS.identitySelfie,
    {
      config: saves,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'One selfie in the multipart field `selfie` (JPEG, PNG or WebP by content, ≤ 5 MB).',
        response: { 200: identitySelfieReply },
      },
    },
    async (req) => {
      const image = await readImageField(req, 'selfie');
      return ok(
        await identity.selfie(req.borrower!, image),
        translate(langOf(req), 'verification', 'identity.selfieReceived'),
      );
    },
  );

  app.post(
    CERTIFY_PATHS.identity,
    { config: saves, schema: { tags, body: identityBody, response: { 200: saveReply } } },
    async (req) => {
      const lang = langOf(req);
      const { result, status } = await identity.check(req.borrower!, lang, req.body);
      return ok(result, translate(lang, 'verification', `identity.${status}`));
    },
  );
};
