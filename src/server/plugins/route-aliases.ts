import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

const kAlias = Symbol('route alias');

/**
 * Serves each original path of `aliases` (alias → original) at its alias too: the very route options —
 * handler, schemas, access, limits — registered a second time, so the two cannot answer differently
 * (decision 069). Fastify's documented way to add a route from `onRoute`, tagged so the copy is not copied.
 *
 * Registered after the rate limiter: the limiter has already added its hook to the original's options
 * when the copy is taken, so the alias runs that very hook and the two paths share one budget; the copy's
 * `rateLimit: false` keeps the limiter from giving the alias a second, separate one (an API test calls both
 * paths past the limit).
 */
export const routeAliasesPlugin = fp<{ aliases: Readonly<Record<string, string>> }>(
  async (app: FastifyInstance, { aliases }) => {
    const byOriginal = new Map<string, string[]>();
    for (const [alias, original] of Object.entries(aliases))
      byOriginal.set(original, [...(byOriginal.get(original) ?? []), alias]);
    const registered = new Set<string>();

    app.addHook('onRoute', function (this: FastifyInstance, route: RouteOptions & { custom?: object }) {
      const methods = [route.method].flat();
      if ((route.custom as Record<symbol, boolean> | undefined)?.[kAlias] || methods.includes('HEAD')) return;
      const alsoAt = byOriginal.get(route.url);
      if (!alsoAt) return;
      const config = { ...(route.config as object), rateLimit: false };
      for (const url of alsoAt) {
        registered.add(url);
        // Hook arrays are copied: a plugin that pushes its hook onto the original must not reach the alias.
        const hooks = Object.fromEntries(
          HOOKS.filter((h) => Array.isArray(route[h])).map((h) => [h, [...(route[h] as unknown[])]]),
        );
        this.route({
          ...route,
          ...hooks,
          url,
          path: url,
          config,
          custom: { [kAlias]: true },
        } as RouteOptions);
      }
    });

    // An alias whose original is never registered is a typo in the table: refuse to start.
    app.addHook('onReady', async () => {
      const missing = Object.keys(aliases).filter((a) => !registered.has(a));
      if (missing.length > 0) throw new Error(`route aliases without their original: ${missing.join(', ')}`);
    });
  },
  { name: 'route-aliases' },
);

const HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;
