import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { StaffService } from '../modules/staff/staff.service.ts';
import { STAFF_COOKIE } from './auth.ts';

/** The back office's API: described only to signed-in staff (and in demo mode). */
export const STAFF_API_PREFIX = '/admin-api/';

export const DOCS_PREFIX = '/api-docs';

/** The staff session cookie of a request, read without the cookie plugin (not registered here). */
function staffCookie(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === STAFF_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

type Spec = { paths?: Record<string, unknown>; tags?: Array<{ name: string }> };

/**
 * OpenAPI generated from the zod contract, browsable at /api-docs (JSON at /api-docs/json). Everyone sees
 * the borrower and public API; the staff API is listed only to signed-in staff, or in demo mode, so the
 * public document is no map of the back office. The UI carries the app's own security headers
 * (plugins/security.ts): its page loads only same-origin scripts, so the app's CSP fits it.
 */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { demo: boolean; staff: StaffService }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Instant loan API',
        description: 'Replies are `{ code, data, message }`; success is `0` or `"00"` per family.',
        version: '1.0.0',
      },
      components: { securitySchemes: { borrower: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  const staffSees = new WeakMap<FastifyRequest, boolean>();
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: false,
    uiHooks: {
      // The document is built synchronously (transformSpecification), so the staff check is done first.
      preHandler: async (req: FastifyRequest) => {
        if (opts.demo || !(req.url.includes('/json') || req.url.includes('/yaml'))) return;
        const token = staffCookie(req);
        staffSees.set(req, token ? (await opts.staff.authenticate(token)) !== null : false);
      },
    },
    transformSpecification: (spec: Readonly<Record<string, unknown>>, req: FastifyRequest) => {
      if (opts.demo || staffSees.get(req)) return spec;
      const doc = spec as Spec;
      const paths = Object.fromEntries(
        Object.entries(doc.paths ?? {}).filter(([p]) => !p.startsWith(STAFF_API_PREFIX)),
      );
      return { ...doc, paths };
    },
  });
});
