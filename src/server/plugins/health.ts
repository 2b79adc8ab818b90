import type { FastifyInstance } from 'fastify';

/** /healthz: the process is alive. /readyz: it can serve, i.e. the database answers within 2 s. */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<void> }) {
  app.get('/healthz', { config: { access: 'public' }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { access: 'public' }, logLevel: 'warn' }, async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        opts.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('ping timeout')), 2_000);
        }),
      ]);
      return { ready: true };
    } catch {
      return reply.code(503).send({ ready: false });
    } finally {
      clearTimeout(timer);
    }
  });
}
