import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteRunner, TEXT_PARSERS } from './pglite-local.ts';
import type { ThreadReply, ThreadRequest } from './pglite-thread.ts';

/**
 * The embedded database in a thread of its own (pglite-thread.ts): PGlite's WebAssembly runs here, so the
 * server's thread answers HTTP meanwhile. Each message is one call; transactions stay open across
 * messages and are addressed by number.
 */
const port = parentPort!;
const { dataDir } = workerData as { dataDir?: string };
const pg = dataDir ? new PGlite(dataDir, { parsers: TEXT_PARSERS }) : new PGlite({ parsers: TEXT_PARSERS });
const run = pgliteRunner(pg, () => {});
const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; ended: Promise<void> }>();
let nextTx = 1;

/** Errors cross as plain data: message and PostgreSQL's fields (code, detail…), never the parameters. */
function plain(error: unknown): ThreadReply['error'] {
  if (!(error instanceof Error)) return { message: String(error) };
  const { params: _params, ...fields } = error as Error & Record<string, unknown>;
  return { ...fields, name: error.name, message: error.message };
}
const answer = (id: number, result?: unknown, error?: unknown) =>
  port.postMessage({
    id,
    result,
    error: error === undefined ? undefined : plain(error),
  } satisfies ThreadReply);

function begin(id: number) {
  const txId = nextTx++;
  let started = false;
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  const ended = pg.transaction(async (tx) => {
    started = true;
    open.set(txId, { tx, finish, ended });
    answer(id, txId);
    if (!(await decided)) await tx.rollback();
  });
  ended.catch((error) => {
    if (!started) answer(id, undefined, error);
  });
}

async function handle(m: ThreadRequest): Promise<void> {
  switch (m.op) {
    case 'query': {
      const target = m.tx ? open.get(m.tx)?.tx : pg;
      if (!target) throw new Error('transaction is closed');
      const r = await target.query(m.text, m.params, m.rowMode ? { rowMode: m.rowMode } : undefined);
      return answer(m.id, { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields });
    }
    case 'run':
      return answer(m.id, await run({ name: m.name, text: m.text }, m.params));
    case 'begin':
      return begin(m.id);
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error('transaction is closed');
      open.delete(m.tx);
      t.finish(m.commit);
      await t.ended;
      return answer(m.id, null);
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return answer(m.id, null);
  }
}

port.on('message', (m: ThreadRequest) => {
  handle(m).catch((error) => answer(m.id, undefined, error));
});
pg.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: plain(error) }),
);
