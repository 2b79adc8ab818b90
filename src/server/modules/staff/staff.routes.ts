import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyReply, loginBody, sessionReply } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { STAFF_COOKIE } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { StaffService } from './staff.service.ts';

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; secureCookie: boolean }> = async (
  app,
  { staff, secureCookie },
) => {
  app.post(
    `${ADMIN_BASE}/session/login`,
    {
      // Per address on top of the per-account lock-out: guessing across many accounts is slowed too.
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['admin'], body: loginBody, response: { 200: sessionReply } },
    },
    async (req, reply) => {
      const { token, maxAgeSeconds, identity } = await staff.login(req.body.email, req.body.password, req.ip);
      reply.setCookie(STAFF_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        path: '/',
        maxAge: maxAgeSeconds,
      });
      const { sessionId: _s, csrfToken, ...who } = identity;
      return ok({ staff: who, csrfToken });
    },
  );

  app.get(
    `${ADMIN_BASE}/session/me`,
    { config: { access: 'staff' }, schema: { tags: ['admin'], response: { 200: sessionReply } } },
    async (req) => {
      const { sessionId: _s, csrfToken, ...who } = req.staff!;
      return ok({ staff: who, csrfToken });
    },
  );

  app.post(
    `${ADMIN_BASE}/session/logout`,
    { config: { access: 'staff' }, schema: { tags: ['admin'], response: { 200: emptyReply } } },
    async (req, reply) => {
      await staff.logout(req.staff!, req.ip);
      reply.clearCookie(STAFF_COOKIE, { path: '/' });
      return ok(null);
    },
  );
};
