import pg from 'pg';
import type { Statement } from './statement.ts';

/**
 * Declared reads on PostgreSQL go over a few pipelined connections rather than the pool (decision 020, rule 3).
 *
 * Through the pool each read takes a connection of its own, and each query wakes a PostgreSQL backend
 * that had gone to sleep: on these machines that wake-up (a loopback write that rouses another process)
 * costs more than the query's JavaScript. A pipelined connection takes the next query while the backend
 * is still answering the last one, so under load the backend rarely sleeps and its answers arrive
 * several to a read. This is pg's documented `pipeline` option; nothing of pg's internals is touched.
 * Measured with the bench's bare primary-key route: decisions 020 (appendix) and 054.
 *
 * Each query has its own Sync, so an error ends only that query; the ones behind it run. A connection
 * runs its queries one after another, so a slow one delays those queued behind it: only statements declared
 * reads come here (writes can wait on row locks; see `Statement.kind`), and the statement timeout is short.
 */
/** The default; `DATABASE_READ_CONNECTIONS` sets it per deployment. */
export const READ_CONNECTIONS = 2;
/** A hot read answers in milliseconds; one that runs this long is cancelled (57014, answered 503). */
export const READ_STATEMENT_TIMEOUT_MS = 5_000;

interface Slot {
  client: Promise<pg.Client>;
  inFlight: number;
}

export class ReadPipelines {
  private readonly slots: Array<Slot | null>;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    size = READ_CONNECTIONS,
  ) {
    this.slots = new Array(size).fill(null);
  }

  async run<Row>(statement: Statement<Row>, params: readonly unknown[]): Promise<Row[]> {
    const slot = this.pick();
    slot.inFlight++;
    try {
      const client = await slot.client;
      const result = await client.query({
        name: statement.name,
        text: statement.text,
        values: params as unknown[],
      });
      return result.rows as Row[];
    } finally {
      slot.inFlight--;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const open = this.slots.filter((s): s is Slot => s !== null);
    this.slots.fill(null);
    await Promise.all(open.map((s) => s.client.then((c) => c.end()).catch(() => {})));
  }

  /** The connection with the fewest queries in flight; an empty place is filled first. */
  private pick(): Slot {
    if (this.closed) throw new Error('Cannot use a pool after calling end');
    let best: Slot | null = null;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i] ?? this.open(i);
      if (slot.inFlight === 0) return slot;
      if (best === null || slot.inFlight < best.inFlight) best = slot;
    }
    return best as Slot;
  }

  /** Opens the connection of place `i`; when it fails or ends, the place is emptied for the next read. */
  private open(i: number): Slot {
    const client = new pg.Client({ ...this.config, pipeline: true });
    const slot: Slot = { client: Promise.resolve(client), inFlight: 0 };
    const forget = () => {
      if (this.slots[i] === slot) this.slots[i] = null;
    };
    // A dropped connection must not crash the process: its queries fail (→ 503), the next read reconnects.
    client.on('error', forget);
    client.on('end', forget);
    slot.client = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    // Awaited by each read; this only keeps a failed connect from being reported as unhandled.
    slot.client.catch(() => {});
    this.slots[i] = slot;
    return slot;
  }
}
