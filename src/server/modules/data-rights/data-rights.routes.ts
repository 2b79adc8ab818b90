import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_RIGHTS_PATHS } from '../../../shared/contract/data-rights.ts';
import { DATA_RIGHTS_ADMIN_PATHS } from '../../../shared/contract/data-rights-admin.ts';
import {
  cancelBody,
  cancelReply,
  emptyBody,
  exportFileQuery,
  exportLinkReply,
  overviewReply,
  requestBody,
  requestDetailBody,
  requestReply,
  rightsActionBody,
  rightsQueueQuery,
  rightsQueueReply,
  rightsRequestParams,
  rightsRequestReply,
} from '../../../shared/contract/data-rights-schema.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { langOf } from '../../lang.ts';
import { perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { DataRightsAdminService } from './data-rights.admin.ts';
import type { DataRightsService } from './data-rights.service.ts';

const tags = ['data-rights'];

/** The borrower's privacy rights (decision 035; contract in data-rights-schema.ts). */
export const dataRightsRoutes: FastifyPluginAsyncZod<{
  rights: DataRightsService;
  publicUrl?: string | undefined;
}> = async (app, { rights, publicUrl }) => {
  app.post(
    DATA_RIGHTS_PATHS.overview,
    { config: perBorrower(120), schema: { tags, body: emptyBody, response: { 200: overviewReply } } },
    async (req) => ok(await rights.overview(req.borrower!, langOf(req))),
  );

  // A screen's taps and retries pass; a script filling the queue does not.
  app.post(
    DATA_RIGHTS_PATHS.request,
    { config: perBorrower(10), schema: { tags, body: requestBody, response: { 200: requestReply } } },
    async (req) => {
      const lang = langOf(req);
      return ok(
        await rights.request(req.borrower!, lang, req.body),
        translate(lang, 'dataRights', 'messages.received'),
      );
    },
  );

  app.post(
    DATA_RIGHTS_PATHS.requestDetail,
    { config: perBorrower(120), schema: { tags, body: requestDetailBody, response: { 200: requestReply } } },
    async (req) => ok(await rights.requestDetail(req.borrower!, langOf(req), req.body.id)),
  );

  app.post(
    DATA_RIGHTS_PATHS.exportLink,
    { config: perBorrower(10), schema: { tags, body: emptyBody, response: { 200: exportLinkReply } } },
    async (req) => ok(await rights.exportLink(req.borrower!, langOf(req))),
  );

  // Public path, but a capability: the web view's download cannot send the session header, so only a
  // fresh signature handed to the session's borrower opens it (as the certificate's link, decision 033).
  app.get(
    DATA_RIGHTS_PATHS.exportFile,
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      logLevel: 'warn',
      schema: {
        tags,
        querystring: exportFileQuery,
      },
    },
    async (req, reply) => {
      const site = publicUrl ?? `${req.protocol}://${req.host}`;
      const file = await rights.exportFile(req.query, langOf(req), site);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    DATA_RIGHTS_PATHS.cancelAccount,
    { config: perBorrower(5), schema: { tags, body: cancelBody, response: { 200: cancelReply } } },
    async (req) => {
      const lang = langOf(req);
      // The pre-handler accepted this very token, so it is there.
      const result = await rights.cancel(req.borrower!, lang);
      return ok(result, translate(lang, 'dataRights', 'messages.cancelled'));
    },
  );
};

const staffOnly = { access: 'staff' } as const;

/** The operators' queue of data-rights requests (staff session; changes need the CSRF token). */
export const dataRightsAdminRoutes: FastifyPluginAsyncZod<{ rights: DataRightsAdminService }> = async (
  app,
  { rights },
) => {
  app.get(
    DATA_RIGHTS_ADMIN_PATHS.queue,
    {
      config: staffOnly,
      schema: { tags, querystring: rightsQueueQuery, response: { 200: rightsQueueReply } },
    },
    async (req) => ok(await rights.queue(req.staff!, req.query)),
  );

  app.get(
    DATA_RIGHTS_ADMIN_PATHS.one(':id'),
    {
      config: staffOnly,
      schema: { tags, params: rightsRequestParams, response: { 200: rightsRequestReply } },
    },
    async (req) => ok(await rights.detail(req.staff!, req.params.id)),
  );

  app.post(
    DATA_RIGHTS_ADMIN_PATHS.actions(':id'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: rightsRequestParams,
        body: rightsActionBody,
        response: { 200: rightsRequestReply },
      },
    },
    async (req) => ok(await rights.act(req.staff!, req.params.id, req.body, req.ip, langOf(req))),
  );
};
