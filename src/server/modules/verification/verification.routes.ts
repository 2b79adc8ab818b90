import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import {
  baseBody,
  cityListBody,
  cityListReply,
  consentDataBody,
  consentDataReply,
  contactsReply,
  extraBody,
  jobBody,
  personalBody,
  saveReply,
  stepsBody,
  stepsReply,
} from '../../../shared/contract/verification.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import { savedMessage, type VerificationService } from './verification.service.ts';

const borrowerOnly = { access: 'borrower' } as const;
const tags = ['verification'];
/** Saves are few per borrower; a script trying PANs or NIKs meets the limit (decision 064). */
export const saves = perBorrower(60);

/** The borrower's verification calls (spec §7 "certify" family; paths and rules in decision 064). */
export const verificationRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (
  app,
  { verification },
) => {
  app.post(
    CERTIFY_PATHS.steps,
    { config: borrowerOnly, schema: { tags, body: stepsBody, response: { 200: stepsReply } } },
    async (req) => ok(await verification.steps(req.borrower!, langOf(req))),
  );

  app.post(
    CERTIFY_PATHS.base,
    { config: saves, schema: { tags, body: baseBody, response: { 200: saveReply } } },
    async (req) => {
      const lang = langOf(req);
      return ok(await verification.base(req.borrower!, lang, req.body), savedMessage(lang));
    },
  );

  app.post(
    CERTIFY_PATHS.personal,
    { config: saves, schema: { tags, body: personalBody, response: { 200: saveReply } } },
    async (req) => {
      const lang = langOf(req);
      return ok(await verification.personal(req.borrower!, lang, req.body), savedMessage(lang));
    },
  );

  app.post(
    CERTIFY_PATHS.job,
    { config: saves, schema: { tags, body: jobBody, response: { 200: saveReply } } },
    async (req) => {
      const lang = langOf(req);
      return ok(await verification.job(req.borrower!, lang, req.body), savedMessage(lang));
    },
  );

  app.post(
    CERTIFY_PATHS.extra,
    { config: saves, schema: { tags, body: extraBody, response: { 200: saveReply } } },
    async (req) => {
      const lang = langOf(req);
      return ok(await verification.extra(req.borrower!, lang, req.body), savedMessage(lang));
    },
  );

  app.post(
    CERTIFY_PATHS.cityList,
    { config: borrowerOnly, schema: { tags, body: cityListBody, response: { 200: cityListReply } } },
    async (req) => ok(verification.cityList(req.borrower!.market)),
  );

  // The older app uploads the address book here. Whatever it sends is neither read nor kept nor logged:
  // both markets forbid a lender to collect contacts, call logs, SMS or media (decision 064).
  app.post(
    CERTIFY_PATHS.contacts,
    { config: borrowerOnly, schema: { tags, response: { 200: contactsReply } } },
    async () => {
      throw verification.contactsRefusal();
    },
  );

  app.post(
    CERTIFY_PATHS.consentData,
    { config: perBorrower(20), schema: { tags, body: consentDataBody, response: { 200: consentDataReply } } },
    async (req) => ok(await verification.consentData(req.borrower!, req.body)),
  );
};
