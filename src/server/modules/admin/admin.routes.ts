import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminComplaintReply,
  auditQuery,
  auditReply,
  complaintIdParams,
  complaintQueueQuery,
  complaintQueueReply,
  complaintTypeBody,
  complaintTypeReply,
  complaintTypesQuery,
  complaintTypesReply,
  emptyReply,
  messagesQuery,
  messagesReply,
  qaNodeBody,
  qaNodeReply,
  qaTreeQuery,
  qaTreeReply,
  replyBody,
  staffUploadReply,
} from '../../../shared/contract/admin.ts';
import { ADMIN_BASE, PAGE_SIZE } from '../../../shared/contract/constants.ts';
import { id } from '../../../shared/contract/fields.ts';
import { langOf } from '../../lang.ts';
import { ok } from '../../reply.ts';
import type { StaffService } from '../staff/index.ts';
import { readImageField, type UploadsService } from '../uploads/index.ts';
import type { AdminService } from './admin.service.ts';

const staffOnly = { access: 'staff' } as const;
const adminOnly = { access: 'staff', roles: ['admin'] } as const;
const tags = ['admin'];
// Ids are int4 columns: a larger number (or anything but digits) is a 400 here, not a database error.
const idParams = z.object({ id: id() });

export const adminRoutes: FastifyPluginAsyncZod<{
  admin: AdminService;
  uploads: UploadsService;
  staff: StaffService;
}> = async (app, { admin, uploads, staff }) => {
  app.get(
    `${ADMIN_BASE}/complaints`,
    {
      config: staffOnly,
      schema: { tags, querystring: complaintQueueQuery, response: { 200: complaintQueueReply } },
    },
    async (req) => ok(await admin.queue(req.staff!, req.query, langOf(req))),
  );

  app.get(
    `${ADMIN_BASE}/complaints/:id`,
    {
      config: staffOnly,
      schema: { tags, params: complaintIdParams, response: { 200: adminComplaintReply } },
    },
    async (req) => ok(await admin.complaint(req.staff!, req.params.id, langOf(req))),
  );

  app.post(
    `${ADMIN_BASE}/complaints/:id/reply`,
    {
      config: staffOnly,
      schema: { tags, params: complaintIdParams, body: replyBody, response: { 200: adminComplaintReply } },
    },
    async (req) => ok(await admin.reply(req.staff!, req.params.id, req.body, req.ip, langOf(req))),
  );

  app.post(
    `${ADMIN_BASE}/uploads`,
    {
      config: staffOnly,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'One image in the field `image`.',
        response: { 200: staffUploadReply },
      },
    },
    async (req) => {
      const body = await readImageField(req, 'image');
      return ok(await uploads.store(body, { kind: 'staff', id: req.staff!.id }));
    },
  );

  app.get(
    `${ADMIN_BASE}/qa`,
    { config: adminOnly, schema: { tags, querystring: qaTreeQuery, response: { 200: qaTreeReply } } },
    async (req) => ok({ items: await admin.qaTree(req.staff!, req.query.market) }),
  );

  app.post(
    `${ADMIN_BASE}/qa`,
    { config: adminOnly, schema: { tags, body: qaNodeBody, response: { 200: qaNodeReply } } },
    async (req) => ok(await admin.createQa(req.staff!, req.body, req.ip)),
  );

  app.put(
    `${ADMIN_BASE}/qa/:id`,
    {
      config: adminOnly,
      schema: { tags, params: idParams, body: qaNodeBody, response: { 200: qaNodeReply } },
    },
    async (req) => ok(await admin.updateQa(req.staff!, req.params.id, req.body, req.ip)),
  );

  app.delete(
    `${ADMIN_BASE}/qa/:id`,
    { config: adminOnly, schema: { tags, params: idParams, response: { 200: emptyReply } } },
    async (req) => {
      await admin.deactivateQa(req.staff!, req.params.id, req.ip);
      return ok(null);
    },
  );

  app.get(
    `${ADMIN_BASE}/complaint-types`,
    {
      config: adminOnly,
      schema: { tags, querystring: complaintTypesQuery, response: { 200: complaintTypesReply } },
    },
    async (req) => ok({ items: await admin.complaintTypes(req.staff!, req.query.market) }),
  );

  app.put(
    `${ADMIN_BASE}/complaint-types/:id`,
    {
      config: adminOnly,
      schema: { tags, params: idParams, body: complaintTypeBody, response: { 200: complaintTypeReply } },
    },
    async (req) => ok(await admin.updateComplaintType(req.staff!, req.params.id, req.body, req.ip)),
  );

  app.get(
    `${ADMIN_BASE}/contact-messages`,
    { config: staffOnly, schema: { tags, querystring: messagesQuery, response: { 200: messagesReply } } },
    async (req) => ok(await admin.messages(req.staff!, req.query)),
  );

  app.post(
    `${ADMIN_BASE}/contact-messages/:id/handled`,
    { config: staffOnly, schema: { tags, params: idParams, response: { 200: emptyReply } } },
    async (req) => {
      await admin.markHandled(req.staff!, req.params.id, req.ip);
      return ok(null);
    },
  );

  app.get(
    `${ADMIN_BASE}/audit`,
    { config: adminOnly, schema: { tags, querystring: auditQuery, response: { 200: auditReply } } },
    async (req) => {
      const { rows, total } = await staff.auditPage(req.query.page, PAGE_SIZE);
      return ok({
        items: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
        total,
        page: req.query.page,
        pageSize: PAGE_SIZE,
      });
    },
  );
};
