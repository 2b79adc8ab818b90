import { Redis } from 'ioredis';

/**
 * What several instances must share (decision 071): one Redis, reached through two connections, one
 * for commands and one that only listens (a subscribed connection can send nothing else). Without
 * REDIS_URL the app builds none and keeps all of it in the process, as a single instance always did.
 */
export interface SharedRedis {
  /** Commands: rate-limit counters, the demo clock and outboxes, publishing changes. */
  readonly client: Redis;
  /** Subscriptions only (invalidation.ts). */
  readonly subscriber: Redis;
  /** Every key and channel starts with it: deployments (and parallel test files) on one Redis never meet. */
  readonly prefix: string;
  /** One round trip; rejects when Redis cannot serve (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a command may wait for Redis before the request that needs it is answered 503. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** How long the app waits for Redis at start before serving anyway (readiness says "not ready" meanwhile). */
const CONNECT_WAIT_MS = 2_000;

export async function openRedis(opts: {
  url: string;
  prefix?: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}): Promise<SharedRedis> {
  const options = {
    // A command never waits in a queue for a Redis that is gone: it fails at once and the request is
    // answered 503 (plugins/errors.ts), instead of hanging until a client gives up.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that accepts the connection but does not answer (stopped, swapping) fails the same way.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnect forever, at most a second apart: the instance comes back on its own when Redis does.
    retryStrategy: (times: number) => Math.min(times * 100, 1_000),
    lazyConnect: true,
  };
  const client = new Redis(opts.url, { ...options, connectionName: 'loan-app' });
  // The subscriber keeps its offline queue: a subscription made while connecting is sent once connected,
  // and ioredis subscribes again by itself after a reconnect.
  const subscriber = new Redis(opts.url, {
    ...options,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    connectionName: 'loan-app-subscriber',
  });
  // Said once per outage, not once per retry; never the URL (it may carry a password).
  for (const [name, connection] of [
    ['commands', client],
    ['subscriber', subscriber],
  ] as const) {
    let down = false;
    connection.on('error', (err: NodeJS.ErrnoException) => {
      if (down) return;
      down = true;
      opts.log.warn({ connection: name, code: err.code }, 'redis unreachable');
    });
    connection.on('ready', () => {
      if (!down) return;
      down = false;
      opts.log.info({ connection: name }, 'redis reachable again');
    });
  }
  const connected = (connection: Redis) =>
    Promise.race([
      connection.connect().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref()),
    ]);
  await Promise.all([connected(client), connected(subscriber)]);
  return {
    client,
    subscriber,
    prefix: opts.prefix ?? 'loan:',
    async ping() {
      await client.ping();
    },
    async close() {
      // `quit` lets replies in flight arrive; a Redis that is gone gets its connection dropped instead.
      await Promise.all(
        [client, subscriber].map((c) =>
          c.status === 'ready'
            ? c.quit().then(
                () => {},
                () => c.disconnect(),
              )
            : c.disconnect(),
        ),
      );
    },
  };
}

/**
 * Errors that mean "Redis is not there right now" (answered 503, like a database that is not there):
 * the connection is down or closed, a command timed out, or Redis is loading or a read-only replica.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  return (
    e.name === 'MaxRetriesPerRequestError' ||
    /Stream isn't writeable|Connection is closed|Command timed out|^LOADING |^READONLY |^MASTERDOWN /.test(
      message,
    )
  );
}
