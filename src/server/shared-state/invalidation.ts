import { randomBytes } from 'node:crypto';
import type { Market } from '../../shared/markets.ts';
import type { SharedRedis } from './redis.ts';

/**
 * A change one instance made that every other instance must see within a second (decision 071): its
 * cached copy is dropped. The instance that made the change drops its own copy itself, at once.
 */
export type Change =
  | { kind: 'reference'; part: 'complaintTypes' | 'qaItems' | 'siteConfig' | 'products'; market: Market }
  /** A session revoked (a logout): by its id, never its token. */
  | { kind: 'session'; sessionId: number }
  /** Every session of a borrower revoked (an account closed). */
  | { kind: 'borrower'; borrowerId: number }
  /** The demo clock moved: its offset from the system time now. */
  | { kind: 'clock'; offsetMs: number }
  /** Messages may have been missed (the subscription was down): drop every cached copy. */
  | { kind: 'missed' };

export interface InvalidationBus {
  /** Tells the other instances; never fails the caller (a lost message is bounded by the caches' TTLs). */
  publish(change: Exclude<Change, { kind: 'missed' }>): void;
  /** Changes made by the other instances, and `missed` after the subscription was down. */
  subscribe(handler: (change: Change) => void): void;
}

/** One process, nothing to tell: every cache is this instance's own (no REDIS_URL). */
export function localBus(): InvalidationBus {
  return { publish() {}, subscribe() {} };
}

/**
 * Redis pub/sub (measured against PostgreSQL LISTEN/NOTIFY in decision 071). Each message carries the
 * sending instance's id, so an instance skips its own. When the subscription comes back after an outage,
 * handlers hear `missed`: whatever was published meanwhile never reached this instance.
 */
export function redisBus(redis: SharedRedis, log: { warn(obj: object, msg: string): void }): InvalidationBus {
  const channel = `${redis.prefix}changes`;
  const origin = randomBytes(8).toString('hex');
  const handlers: ((change: Change) => void)[] = [];
  const deliver = (change: Change) => {
    for (const handler of handlers) {
      try {
        handler(change);
      } catch (err) {
        log.warn({ err, kind: change.kind }, 'change handler failed');
      }
    }
  };
  // Subscribed at every (re)connection, and only once the subscription holds are caches dropped: a change
  // published between the drop and the subscription would be lost otherwise. The first time drops
  // whatever requests cached before Redis answered.
  const listen = () =>
    redis.subscriber.subscribe(channel).then(
      () => deliver({ kind: 'missed' }),
      (err: Error) => log.warn({ err }, 'change subscription failed'),
    );
  redis.subscriber.on('ready', listen);
  if (redis.subscriber.status === 'ready') void listen();
  redis.subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: { origin?: unknown; change?: Change };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.origin === origin || !message.change) return;
    deliver(message.change);
  });
  return {
    publish(change) {
      redis.client.publish(channel, JSON.stringify({ origin, change })).catch((err: Error) => {
        log.warn({ err, kind: change.kind }, 'change not published');
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
  };
}
