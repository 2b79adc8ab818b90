import { Worker } from 'node:worker_threads';
import type { Statement } from './statement.ts';

/** A call to the database thread (pglite-worker.ts). */
export type ThreadRequest =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; rowMode?: 'array' | 'object' }
  | { id: number; op: 'run'; name: string; text: string; params: readonly unknown[] }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };
type Call = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
export interface ThreadReply {
  id: number;
  result?: unknown;
  error?: { message: string; name?: string; [field: string]: unknown };
}
interface Results {
  rows: unknown[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}
type QueryOptions = { rowMode?: 'array' | 'object' };

/**
 * PGlite in a thread of its own. Its WebAssembly runs a query for hundreds of microseconds without
 * yielding; in the server's thread that time is taken from every other request. Here the server's
 * thread keeps answering HTTP (parsing, auth, serializing, compressing) while the database works, so on
 * two cores the two overlap. To Drizzle it looks like a PGlite client (`query`, `transaction`); `run`
 * is the hot-read path (named statements, pglite-local.ts), executed in the thread.
 */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  private nextId = 1;
  private failure: Error | null = null;
  closed = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (m: ThreadReply) => {
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      if (m.error) waiting.reject(Object.assign(new Error(m.error.message), m.error));
      else waiting.resolve(m.result);
    });
    // A thread that dies fails what waits on it, and every later call, instead of hanging them.
    const die = (error: Error) => {
      this.failure = error;
      this.closed = true;
      for (const w of this.pending.values()) w.reject(error);
      this.pending.clear();
    };
    worker.on('error', die);
    // "database closed" is what the error handler reads as unavailable (503), as for a closed PGlite.
    worker.on('exit', (code) => die(new Error(`database closed (its thread exited with ${code})`)));
  }

  static async start(dataDir?: string): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (m: { ready: boolean; error?: { message: string } }) => {
        worker.off('error', reject);
        if (m.ready) resolve();
        else reject(new Error(m.error?.message ?? 'database thread failed to start'));
      });
    });
    return new PGliteThread(worker);
  }

  private call<T>(request: Call): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<Row>(text: string, params?: unknown[], opts?: QueryOptions): Promise<Results & { rows: Row[] }> {
    return this.call({ op: 'query', text, params, rowMode: opts?.rowMode });
  }

  run(statement: Pick<Statement<unknown>, 'name' | 'text'>, params: readonly unknown[]): Promise<unknown[]> {
    return this.call({ op: 'run', name: statement.name, text: statement.text, params });
  }

  /** Drizzle's transactions: BEGIN in the thread, the callback's queries on it, COMMIT or ROLLBACK. */
  async transaction<T>(fn: (tx: { query: PGliteThread['query'] }) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const client = {
      query: <Row>(text: string, params?: unknown[], opts?: QueryOptions) =>
        this.call<Results & { rows: Row[] }>({ op: 'query', tx, text, params, rowMode: opts?.rowMode }),
    };
    let result: T;
    try {
      result = await fn(client);
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => {});
    this.closed = true;
    this.failure = new Error('database closed');
    await this.worker.terminate();
  }
}
