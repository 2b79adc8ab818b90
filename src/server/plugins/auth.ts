import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Market } from '../../shared/markets.ts';
import { unauthenticated } from '../errors.ts';
import type { SessionService } from '../modules/session/session.service.ts';

/**
 * Who may call a route. Every route must say (an explicit allowlist, security baseline 8.2.1):
 * - public: anyone (marketing site, health, promotion);
 * - borrower: a live borrower session (Bearer token from the native shell);
 * - staff: a back-office session (added with the back office).
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
  }
  interface FastifyRequest {
    borrower: BorrowerIdentity | null;
  }
}

/** Routes added by documentation plugins, which cannot carry our config. */
const DOCS_PREFIX = '/api-docs';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1]! : null;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { sessions: SessionService }) => {
  app.decorateRequest('borrower', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${route.method} ${route.url} must declare config.access (public | borrower | staff)`,
      );
    }
    if (access === 'borrower') {
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
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
      // Staff sign-in arrives with the back office; until then a staff route refuses everyone.
      route.preHandler = [
        async () => {
          throw unauthenticated();
        },
      ];
    }
  });
});
