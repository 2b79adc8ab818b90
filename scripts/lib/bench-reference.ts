/**
 * The database references of `npm run bench` on PostgreSQL: a bare Fastify route doing one named
 * primary-key query (same Fastify, same driver as the app), logger off, run as its own process against
 * the bench's throwaway database. Two ways, one route each:
 * - `/pool`: through a `pg` pool of 10, a connection per query. This is the calibration issue 6 set its
 *   goals by ("a bare route with one primary-key query reaches about 0.19-0.22 of hello").
 * - `/`: over the app's own pipelined read connections (`ReadPipelines`, decision 020 rule 3). This is
 *   what no read of ours can beat on this machine, so the table gives every row as a share of it.
 * Prints its port on stdout.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { ReadPipelines } from '../../src/server/db/read-pipelines.ts';
import { statement } from '../../src/server/db/statement.ts';
import { serveBare } from './bench-serve.ts';

const url = process.env.REFERENCE_DATABASE_URL;
if (!url) throw new Error('REFERENCE_DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => {});
const pipelines = new ReadPipelines({ connectionString: url });
await pool.query(
  `create table if not exists bench_reference (id int primary key, v text not null);
   insert into bench_reference select g, 'row ' || g from generate_series(1, 1000) g on conflict do nothing`,
);
const read = statement.read('reference_pk', 'select id, v from bench_reference where id = $1', {
  id: z.number(),
  v: z.string(),
});
let next = 0;
const nextId = () => {
  next = (next % 1000) + 1;
  return next;
};
const app = Fastify({ logger: false });
// POST with a JSON body, as our borrower reads are (GET answers too: the start-up check asks it).
app.route({
  method: ['GET', 'POST'],
  url: '/',
  handler: async () => {
    const [row] = await pipelines.run(read, [nextId()]);
    return { code: 0, data: row ?? null };
  },
});
app.route({
  method: ['GET', 'POST'],
  url: '/pool',
  handler: async () => {
    const r = await pool.query({ name: read.name, text: read.text, values: [nextId()] });
    return { code: 0, data: r.rows[0] ?? null };
  },
});
await serveBare(app, async () => {
  await Promise.all([pipelines.close(), pool.end()]);
});
