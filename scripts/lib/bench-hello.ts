/**
 * The ceiling of `npm run bench`: a bare Fastify (the same one from node_modules) answering
 * `GET /` with `{ hello: 'world' }`, logger off, run as its own process. Prints its port on stdout.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
const stop = () => {
  app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
