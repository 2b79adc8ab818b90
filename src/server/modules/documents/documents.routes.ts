import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOC_PATHS } from '../../../shared/contract/documents.ts';
import {
  certificateBody,
  certificateFileQuery,
  certificateReply,
  receiptsBody,
  receiptsReply,
  verifyQuery,
  verifyReply,
} from '../../../shared/contract/documents-schema.ts';
import { orderNoField } from '../../../shared/contract/loans.ts';
import { langOf } from '../../lang.ts';
import { perAddress, perBorrower } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['documents'];

/** Receipts, the no-dues certificate and its public check (issue 9; contract in documents-schema.ts). */
export const documentsRoutes: FastifyPluginAsyncZod<{
  documents: DocumentsService;
  publicUrl?: string;
}> = async (app, { documents, publicUrl }) => {
  app.post(
    DOC_PATHS.receipts,
    { config: perBorrower(120), schema: { tags, body: receiptsBody, response: { 200: receiptsReply } } },
    async (req) => ok(await documents.receipts(req.borrower!, langOf(req), req.body.orderId)),
  );

  app.post(
    DOC_PATHS.certificate,
    { config: perBorrower(30), schema: { tags, body: certificateBody, response: { 200: certificateReply } } },
    async (req) => ok(await documents.certificateLink(req.borrower!, req.body.orderId)),
  );

  // Public path, but a capability: a browser or the app's viewer opens it without the session header,
  // so only a fresh signature handed to the order's borrower opens it (as image links, decision 013).
  app.get(
    `${DOC_PATHS.certificateFile}/:orderNo`,
    {
      config: perAddress(30),
      schema: { tags, params: z.strictObject({ orderNo: orderNoField }), querystring: certificateFileQuery },
    },
    async (req, reply) => {
      const site = publicUrl ?? `${req.protocol}://${req.host}`;
      const pdf = await documents.certificatePdf(req.params.orderNo, req.query.exp, req.query.sig, site);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="no-dues-${req.params.orderNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Anyone may check a code; the limit keeps it a check, not a search (a code is 50 bits of a keyed hash).
  app.get(
    DOC_PATHS.verify,
    {
      config: perAddress(20),
      schema: { tags, querystring: verifyQuery, response: { 200: verifyReply } },
    },
    async (req) => ok(await documents.verify(req.query.code, langOf(req))),
  );
};
