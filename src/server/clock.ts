/**
 * The time every loan rule reads (due dates, overdue days, cooling-off, daily quotas, the jobs). In
 * production it is the system's; in demo mode and tests it can be moved forward, so the simulator and
 * the journeys can watch a loan fall due and go overdue without waiting for days. Moving it is kept in
 * this process, or shared by every instance through Redis (shared-state/clock.ts, decision 071).
 */
export interface Clock {
  now(): Date;
}

export interface MovableClock extends Clock {
  /**
   * Moves the clock forward by `ms` (never backward: a loan's history only goes one way). The shared
   * clock resolves once Redis has the move (and rejects when Redis is not there).
   */
  advance(ms: number): void | Promise<void>;
  /** How far ahead of the system time this clock is. */
  offsetMs(): number;
}

export function movableClock(base: () => number = Date.now): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(base() + offset),
    advance(ms) {
      if (!(Number.isSafeInteger(ms) && ms >= 0)) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
