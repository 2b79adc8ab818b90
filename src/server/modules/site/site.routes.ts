import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactMessageBody,
  contactMessageReply,
  siteConfigQuery,
  siteConfigReply,
} from '../../../shared/contract/site.ts';
import { ok } from '../../reply.ts';
import type { SiteService } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.get(
    '/vdthg/v1/site/config',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], querystring: siteConfigQuery, response: { 200: siteConfigReply } },
    },
    async (req) => ok(await site.config(req.query.market ?? 'IN')),
  );

  app.post(
    '/vdthg/v1/site/contact-message',
    {
      // A public form that writes rows: a per-address limit keeps it from being used as a spam pump.
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: { tags: ['site'], body: contactMessageBody, response: { 200: contactMessageReply } },
    },
    async (req) => ok(await site.submitContactMessage(req.body)),
  );
};
