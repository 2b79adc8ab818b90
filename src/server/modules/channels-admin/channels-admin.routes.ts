import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHANNELS_ADMIN_PATHS } from '../../../shared/contract/channels-admin.ts';
import {
  adminTemplateReply,
  adminTemplatesReply,
  funnelQuery,
  funnelReply,
  templateCreateBody,
  templateEnabledBody,
  templateIdParams,
  templatesQuery,
  templateUpdateBody,
} from '../../../shared/contract/channels-admin-schema.ts';
import { langOf } from '../../lang.ts';
import { ok } from '../../reply.ts';
import type { ChannelsAdminService } from './channels-admin.service.ts';

const staffOnly = { access: 'staff' } as const;
/**
 * What a public page says and where its links go are the administrators' (decision 016: agents handle
 * complaints and messages); agents of the market read the templates and their funnel.
 */
const adminOnly = { access: 'staff', roles: ['admin'] } as const;
const tags = ['admin'];

/** The back office's promotion channels (decision 037). */
export const channelsAdminRoutes: FastifyPluginAsyncZod<{ channels: ChannelsAdminService }> = async (
  app,
  { channels },
) => {
  app.get(
    CHANNELS_ADMIN_PATHS.list,
    {
      config: staffOnly,
      schema: { tags, querystring: templatesQuery, response: { 200: adminTemplatesReply } },
    },
    async (req) =>
      ok(
        await channels.list(
          req.staff!,
          req.query.market,
          req.query.enabled === undefined ? undefined : req.query.enabled === '1',
        ),
      ),
  );
  // Registered before `/:id`: a static segment wins anyway, and reading them in this order says so.
  app.get(
    CHANNELS_ADMIN_PATHS.funnel,
    { config: staffOnly, schema: { tags, querystring: funnelQuery, response: { 200: funnelReply } } },
    async (req) => ok(await channels.funnel(req.staff!, req.query)),
  );
  app.get(
    CHANNELS_ADMIN_PATHS.one(':id'),
    {
      config: staffOnly,
      schema: { tags, params: templateIdParams, response: { 200: adminTemplateReply } },
    },
    async (req) => ok(await channels.view(req.staff!, req.params.id)),
  );
  app.post(
    CHANNELS_ADMIN_PATHS.list,
    { config: adminOnly, schema: { tags, body: templateCreateBody, response: { 200: adminTemplateReply } } },
    async (req) => ok(await channels.create(req.staff!, req.body, req.ip, langOf(req))),
  );
  app.put(
    CHANNELS_ADMIN_PATHS.one(':id'),
    {
      config: adminOnly,
      schema: {
        tags,
        params: templateIdParams,
        body: templateUpdateBody,
        response: { 200: adminTemplateReply },
      },
    },
    async (req) => ok(await channels.update(req.staff!, req.params.id, req.body, req.ip, langOf(req))),
  );
  app.post(
    CHANNELS_ADMIN_PATHS.enabled(':id'),
    {
      config: adminOnly,
      schema: {
        tags,
        params: templateIdParams,
        body: templateEnabledBody,
        response: { 200: adminTemplateReply },
      },
    },
    async (req) => ok(await channels.setEnabled(req.staff!, req.params.id, req.body.enabled, req.ip)),
  );
};
