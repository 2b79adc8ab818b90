import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qaListQuery, qaListReply, qaRecordBody, qaRecordReply } from '../../../shared/contract/chatbot.ts';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { langOf } from '../../lang.ts';
import { ok } from '../../reply.ts';
import type { ChatbotService } from './chatbot.service.ts';

export const chatbotRoutes: FastifyPluginAsyncZod<{ chatbot: ChatbotService }> = async (app, { chatbot }) => {
  app.get(
    `${COMPLAINT_BASE}/get-qa-list`,
    {
      config: { access: 'borrower' },
      schema: { tags: ['chatbot'], querystring: qaListQuery, response: { 200: qaListReply } },
    },
    async (req) => ok(await chatbot.list(req.borrower!, langOf(req), req.query.pid)),
  );

  app.post(
    `${COMPLAINT_BASE}/qa-record`,
    {
      config: {
        access: 'borrower',
        rateLimit: {
          max: 60,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `b${req.borrower?.id}`,
        },
      },
      schema: { tags: ['chatbot'], body: qaRecordBody, response: { 200: qaRecordReply } },
    },
    async (req) => ok(await chatbot.record(req.borrower!, langOf(req), req.body)),
  );
};
