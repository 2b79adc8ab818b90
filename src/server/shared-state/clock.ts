import type { MovableClock } from '../clock.ts';
import type { InvalidationBus } from './invalidation.ts';
import type { SharedRedis } from './redis.ts';

/**
 * The demo clock shared by every instance (decision 071): its offset lives in Redis, so a day moved on
 * one instance is the day on all. `now()` stays a read of this process's memory (every loan rule calls
 * it): a move is told to the others by the change bus and picked up within a second; an instance that
 * starts reads the offset once. The clock still only moves forward, on every instance.
 */
export async function sharedClock(
  clock: MovableClock,
  redis: SharedRedis,
  bus: InvalidationBus,
): Promise<MovableClock> {
  const key = `${redis.prefix}clock:offset-ms`;
  const catchUp = (offsetMs: number) => {
    const behind = offsetMs - clock.offsetMs();
    if (Number.isSafeInteger(behind) && behind > 0) clock.advance(behind);
  };
  bus.subscribe((change) => {
    if (change.kind === 'clock') catchUp(change.offsetMs);
  });
  // At start, and after Redis comes back: a Redis that is down leaves the clock where it is.
  const read = () =>
    redis.client.get(key).then(
      (value) => catchUp(Number(value ?? 0)),
      () => {},
    );
  redis.client.on('ready', read);
  await read();
  return {
    now: () => clock.now(),
    offsetMs: () => clock.offsetMs(),
    async advance(ms) {
      if (!(Number.isSafeInteger(ms) && ms >= 0)) throw new RangeError('the clock only moves forward');
      // INCRBY: two instances moving it at once add up, as two moves on one instance would.
      const offsetMs = await redis.client.incrby(key, ms);
      catchUp(offsetMs);
      bus.publish({ kind: 'clock', offsetMs });
    },
  };
}
