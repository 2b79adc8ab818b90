import type { FastifyInstance } from 'fastify';

/**
 * Starts one of the bench's bare comparison servers on 127.0.0.1 (PORT, or any free port), prints its
 * port on stdout, and closes it (then `cleanUp`) on SIGTERM or SIGINT.
 */
export async function serveBare(app: FastifyInstance, cleanUp: () => Promise<void> = async () => {}) {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  const stop = () => {
    app
      .close()
      .then(cleanUp)
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
