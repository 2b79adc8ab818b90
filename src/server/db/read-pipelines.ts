import type { Socket } from 'node:net';
import pg from 'pg';
import type { Statement } from './statement.ts';

/**
 * Hot reads on PostgreSQL go over a few pipelined connections rather than the pool (decision 020, rule 8).
 *
 * Through the pool each read takes a connection of its own, and each query wakes a PostgreSQL backend
 * that had gone to sleep: on these machines that wake-up (a loopback write that rouses another process)
 * costs more than the query's JavaScript. A pipelined connection takes the next query while the backend
 * is still answering the last one, so under load the backend rarely sleeps and its answers arrive
 * several to a read; the queries of one turn of the event loop go out in one write (`holdWrites`).
 * Measured with the bench's bare primary-key route (2026-11-25): 11-12k req/s through a pool of 10,
 * 20-22k over one or two pipelined connections, 23-26k with one write per turn.
 *
 * Each query has its own Sync, so an error ends only that query; the ones behind it run. A connection
 * runs its queries one after another, so a slow one delays those queued behind it: only reads come here
 * (writes can wait on row locks; see `Statement.reads`), and the statement timeout is short.
 */
/** The default; `DATABASE_READ_CONNECTIONS` sets it per deployment. */
export const READ_CONNECTIONS = 2;
/** A hot read answers in milliseconds; one that runs this long is cancelled (57014, answered 503). */
export const READ_STATEMENT_TIMEOUT_MS = 5_000;

interface Slot {
  client: Promise<pg.Client>;
  inFlight: number;
  /** Whether this turn of the event loop's queries are being held back to go out in one write. */
  corked: boolean;
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
      holdWrites(slot, client);
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
    const client = new pg.Client({ ...this.config, pipeline: true } as pg.ClientConfig);
    const slot: Slot = { client: Promise.resolve(client), inFlight: 0, corked: false };
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

/**
 * Holds a connection's writes until the event loop has taken in every request that was ready, then sends
 * the queries of all of them in one write: one system call (and one wake-up of the backend) for several
 * reads. pg corks and uncorks around each query it writes; inside our cork those only add to the buffer.
 */
function holdWrites(slot: Slot, client: pg.Client) {
  if (slot.corked) return;
  const { stream } = (client as unknown as { connection: { stream: Socket } }).connection;
  slot.corked = true;
  stream.cork();
  setImmediate(() => {
    slot.corked = false;
    stream.uncork();
  });
}
