import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, type StaffRole } from '../../shared/contract/constants.ts';
import type { Market } from '../../shared/markets.ts';
import { AppError, unauthenticated } from '../errors.ts';
import type { SessionService } from '../modules/session/session.service.ts';
import { hasRole, type StaffIdentity, type StaffService } from '../modules/staff/staff.service.ts';
import { sameToken } from '../signed-links.ts';

export const STAFF_COOKIE = 'staff_session';

/**
 * Who may call a route. Every route must say (an explicit allowlist, security baseline 8.2.1):
 * - public: anyone (marketing site, health, promotion);
 * - borrower: a live borrower session (Bearer token from the native shell);
 * - staff: a back-office session cookie; changes also need its CSRF token and a same-site origin.
 */
export type Access = 'public' | 'borrower' | 'staff';

export interface BorrowerIdentity {
  id: number;
  market: Market;
  name: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Staff routes only: the roles allowed (all staff when absent). */
    roles?: readonly StaffRole[];
  }
  interface FastifyRequest {
    borrower: BorrowerIdentity | null;
    staff: StaffIdentity | null;
  }
}

/**
 * A borrower route's config with a per-borrower limit (after sign-in, so keyed by the borrower): a
 * screen's taps and retries pass, a pump does not. Each route counts on its own.
 */
export const perBorrower = (max: number) => ({
  access: 'borrower' as const,
  rateLimit: {
    max,
    timeWindow: '10 minutes',
    hook: 'preHandler' as const,
    keyGenerator: (req: { borrower?: { id: number } | null }) => `b${req.borrower?.id}`,
  },
});

/**
 * A public route's limit per client address (the address as the proxy settings allow: a forged
 * X-Forwarded-For from anyone but a trusted proxy changes nothing), per minute.
 */
export const perAddress = (max: number) => ({
  access: 'public' as const,
  rateLimit: { max, timeWindow: '1 minute' },
});

/** Routes added by documentation plugins, which cannot carry our config. */
const DOCS_PREFIX = '/api-docs';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * A state-changing call from another site is refused even before the CSRF token is looked at (staff
 * writes here, staff sign-in in the staff routes). The browser's `Sec-Fetch-Site` counts too, for a
 * request that arrives without an `Origin`; a sibling host is as foreign as any other.
 */
export function crossOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService; staff: StaffService }) => {
    app.decorateRequest('borrower', null);
    app.decorateRequest('staff', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(DOCS_PREFIX)) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(
          `Route ${route.method} ${route.url} must declare config.access (public | borrower | staff)`,
        );
      }
      // Identity is settled before the body is validated: a stranger learns nothing from validation
      // messages, and a refusal of the body speaks the signed-in borrower's language.
      if (access === 'borrower') {
        const existing = route.preValidation ? [route.preValidation].flat() : [];
        route.preValidation = [
          async (req: FastifyRequest) => {
            const token = bearerToken(req);
            const identity = token ? await opts.sessions.authenticate(token) : null;
            if (!identity) {
              req.log.info({ route: route.url }, 'borrower session refused');
              throw unauthenticated();
            }
            req.borrower = identity;
          },
          ...existing,
        ];
      }
      if (access === 'staff') {
        const existing = route.preValidation ? [route.preValidation].flat() : [];
        const roles = route.config?.roles;
        route.preValidation = [
          async (req: FastifyRequest) => {
            const token = req.cookies?.[STAFF_COOKIE];
            const identity = token ? await opts.staff.authenticate(token) : null;
            if (!identity) {
              // A borrower's credential is no key to the back office: say so plainly (security 8.2.1).
              if (bearerToken(req)) throw new AppError('403', 'staff:errors.forbidden', 403);
              throw new AppError('401', 'staff:errors.signInFirst', 401);
            }
            if (!SAFE_METHODS.has(req.method)) {
              const sent = req.headers[CSRF_HEADER];
              if (crossOrigin(req) || typeof sent !== 'string' || !sameToken(sent, identity.csrfToken)) {
                req.log.warn({ route: route.url }, 'staff request refused: csrf');
                throw new AppError('403', 'staff:errors.csrf', 403);
              }
            }
            if (!hasRole(identity, roles)) {
              req.log.warn({ route: route.url }, 'staff request refused: role');
              throw new AppError('403', 'staff:errors.forbidden', 403);
            }
            req.staff = identity;
          },
          ...existing,
        ];
      }
    });
  },
);
