import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  problemDetailBody,
  problemDetailReply,
  problemInitBody,
  problemInitReply,
  problemListBody,
  problemListReply,
  problemSaveBody,
  problemSaveReply,
  saveScoreBody,
  saveScoreReply,
  uploadReply,
} from '../../../shared/contract/complaints.ts';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { int, text } from '../../../shared/contract/fields.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import { langOf } from '../../lang.ts';
import { ok } from '../../reply.ts';
import { readImageField, type UploadsService } from '../uploads/index.ts';
import type { ComplaintsService } from './complaints.service.ts';

const borrowerOnly = { access: 'borrower' } as const;
const tags = ['complaints'];

export const complaintsRoutes: FastifyPluginAsyncZod<{
  complaints: ComplaintsService;
  uploads: UploadsService;
}> = async (app, { complaints, uploads }) => {
  app.post(
    `${COMPLAINT_BASE}/problem-init`,
    {
      config: borrowerOnly,
      schema: { tags, body: problemInitBody.optional(), response: { 200: problemInitReply } },
    },
    async (req) => ok(await complaints.init(req.borrower!, langOf(req), req.body?.orderNo || undefined)),
  );

  app.post(
    `${COMPLAINT_BASE}/upload-problem-img`,
    {
      config: {
        ...borrowerOnly,
        // Per borrower, after sign-in: enough for a complaint with 9 photos and retries, not a pump.
        rateLimit: {
          max: 30,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (req) => `b${req.borrower?.id}`,
        },
      },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'One image in the multipart field `problemImage` (JPEG, PNG or WebP by content, ≤ 5 MB).',
        response: { 200: uploadReply },
      },
    },
    async (req) => {
      const body = await readImageField(req, 'problemImage');
      const stored = await uploads.store(body, { kind: 'borrower', id: req.borrower!.id });
      return ok(stored, translate(langOf(req), 'complaints', 'messages.uploadSuccess'));
    },
  );

  app.post(
    `${COMPLAINT_BASE}/problem-save`,
    {
      config: {
        ...borrowerOnly,
        rateLimit: {
          max: 20,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (req) => `b${req.borrower?.id}`,
        },
      },
      schema: { tags, body: problemSaveBody, response: { 200: problemSaveReply } },
    },
    async (req) =>
      ok(
        await complaints.save(req.borrower!, req.body),
        translate(langOf(req), 'complaints', 'messages.sent'),
      ),
  );

  app.post(
    `${COMPLAINT_BASE}/problem-list`,
    {
      config: borrowerOnly,
      schema: { tags, body: problemListBody.optional(), response: { 200: problemListReply } },
    },
    async (req) => ok(await complaints.list(req.borrower!, langOf(req), req.body ?? {})),
  );

  app.post(
    `${COMPLAINT_BASE}/problem-detail`,
    {
      config: borrowerOnly,
      schema: { tags, body: problemDetailBody, response: { 200: problemDetailReply } },
    },
    async (req) => ok(await complaints.detail(req.borrower!, langOf(req), req.body.problemId)),
  );

  app.post(
    `${COMPLAINT_BASE}/save-score`,
    { config: borrowerOnly, schema: { tags, body: saveScoreBody, response: { 200: saveScoreReply } } },
    async (req) => {
      await complaints.saveScore(req.borrower!, req.body.problemId, req.body.score);
      return ok(null, translate(langOf(req), 'complaints', 'messages.ratingThanks'));
    },
  );

  // Public path, but a capability: only a valid, unexpired signature (handed to the owner or staff) opens it.
  app.get(
    `${COMPLAINT_BASE}/image/:id`,
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags,
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
        querystring: z.object({ exp: int(0, Number.MAX_SAFE_INTEGER), sig: text(100) }),
      },
    },
    async (req, reply) => {
      const image = await uploads.read(req.params.id, req.query.exp, req.query.sig);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.body);
    },
  );
};
