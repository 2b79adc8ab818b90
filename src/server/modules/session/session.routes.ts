import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoBorrowersQuery,
  demoBorrowersReply,
  demoLoginBody,
  demoLoginReply,
  logoutReply,
  meReply,
} from '../../../shared/contract/session.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { SessionService } from './session.service.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService; demo: boolean }> = async (
  app,
  opts,
) => {
  const { sessions } = opts;

  app.get(
    '/vdthg/v1/session/me',
    { config: { access: 'borrower' }, schema: { tags: ['session'], response: { 200: meReply } } },
    async (req) => {
      const b = req.borrower!;
      return ok({ userId: b.id, market: b.market, name: b.name });
    },
  );

  app.post(
    '/vdthg/v1/session/logout',
    { config: { access: 'borrower' }, schema: { tags: ['session'], response: { 200: logoutReply } } },
    async (req) => {
      await sessions.logout(req.borrower!, bearerToken(req)!);
      return ok(null);
    },
  );

  // Demo sign-in exists only in demo mode: in production the route is never registered.
  if (opts.demo) {
    app.post(
      '/dev-api/demo-login',
      {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { tags: ['demo'], body: demoLoginBody, response: { 200: demoLoginReply } },
      },
      async (req) => ok(await sessions.demoLogin(req.body.market, req.body.borrower)),
    );
    app.get(
      '/dev-api/demo-borrowers',
      {
        config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: ['demo'], querystring: demoBorrowersQuery, response: { 200: demoBorrowersReply } },
      },
      async (req) => ok(await sessions.demoBorrowers(req.query.market)),
    );
  }
};
