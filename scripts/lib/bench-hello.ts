/**
 * The ceiling of `npm run bench`: a bare Fastify (the same one from node_modules) answering
 * `GET /` with `{ hello: 'world' }`, logger off, run as its own process. Prints its port on stdout.
 */
import Fastify from 'fastify';
import { serveBare } from './bench-serve.ts';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await serveBare(app);
