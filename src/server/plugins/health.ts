import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/** How long a readiness check may take before the database counts as not answering. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * A readiness check through a new connection, not the pool: pooled connections opened before the
 * database stopped accepting new ones (`ALLOW_CONNECTIONS false`, `CONNECTION LIMIT 0`, 55000/53300) keep
 * answering `select 1` while every connection the pool opens later is refused, so a pooled ping would
 * say "ready" to an instance that is about to fail.
 */
export function freshConnectionProbe(url: string, timeoutMs = READINESS_TIMEOUT_MS): () => Promise<void> {
  return async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    // A connection the server drops mid-check rejects the query; the event itself must not crash us.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
  };
}

export interface HealthOptions {
  /** One round trip to the database; rejects when it cannot serve. */
  probe: () => Promise<void>;
  timeoutMs?: number;
  /**
   * A check is reused for this long: /readyz is public, and each check may open a database connection,
   * so a flood of probes must not become a flood of connections. Concurrent probes share one check.
   */
  reuseMs?: number;
  now?: () => number;
}

/** /healthz: the process is alive. /readyz: it can serve, i.e. the database answers in time. */
export async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  const timeoutMs = opts.timeoutMs ?? READINESS_TIMEOUT_MS;
  const reuseMs = opts.reuseMs ?? 1_000;
  const now = opts.now ?? Date.now;
  let inFlight: Promise<boolean> | null = null;
  let settled: { at: number; ok: boolean } | null = null;

  const check = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        opts.probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('readiness timeout')), timeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  const ready = (): Promise<boolean> => {
    if (inFlight) return inFlight;
    if (settled && now() - settled.at < reuseMs) return Promise.resolve(settled.ok);
    inFlight = check().then((ok) => {
      settled = { at: now(), ok };
      inFlight = null;
      return ok;
    });
    return inFlight;
  };

  app.get('/healthz', { config: { access: 'public' }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, logLevel: 'warn' }, async (_req, reply) => {
    if (await ready()) return { ready: true };
    return reply.code(503).send({ ready: false });
  });
}
