import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyReply, loginBody, sessionReply } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { AppError } from '../../errors.ts';
import { crossOrigin, STAFF_COOKIE } from '../../plugins/auth.ts';
import { ok } from '../../reply.ts';
import type { StaffService } from './staff.service.ts';

/**
 * Login CSRF (decision 022): another site must not sign a browser into its own staff account. Sign-in
 * takes JSON only, which no HTML form can send and which a cross-site script may only send after a CORS
 * preflight we never answer; and it refuses what the browser says comes from another site. Checked
 * before the body is read.
 */
async function signInFromOurPage(req: FastifyRequest) {
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    req.log.info({ type }, 'staff sign-in refused: not json');
    throw new AppError('415', 'staff:errors.jsonOnly', 415);
  }
  if (crossOrigin(req)) {
    req.log.warn('staff sign-in refused: another site');
    throw new AppError('403', 'staff:errors.foreignSite', 403);
  }
}

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
      onRequest: signInFromOurPage,
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
