/**
 * The database reference of `npm run bench` on PostgreSQL: a bare Fastify route doing one named
 * primary-key query on `pg` (same Fastify, same driver, same pool size as the app), logger off, run as its
 * own process against the bench's throwaway database. It is the calibration issue 6 set its goals by ("a
 * bare route with one primary-key query reaches about 0.19-0.22 of hello"): what no route of ours that
 * goes to the database can beat on this machine, so the table shows how far a route is from it and not
 * only from hello. Prints its port on stdout.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { serveBare } from './bench-serve.ts';

const url = process.env.REFERENCE_DATABASE_URL;
if (!url) throw new Error('REFERENCE_DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', () => {});
await pool.query(
  `create table if not exists bench_reference (id int primary key, v text not null);
   insert into bench_reference select g, 'row ' || g from generate_series(1, 1000) g on conflict do nothing`,
);
let next = 0;
const app = Fastify({ logger: false });
// POST with a JSON body, as our borrower reads are (GET answers too: the start-up check asks it).
app.route({
  method: ['GET', 'POST'],
  url: '/',
  handler: async () => {
    next = (next % 1000) + 1;
    const r = await pool.query({
      name: 'reference_pk',
      text: 'select id, v from bench_reference where id = $1',
      values: [next],
    });
    return { code: 0, data: r.rows[0] ?? null };
  },
});
await serveBare(app, () => pool.end());
