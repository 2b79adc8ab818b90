import { describe, expect, it } from 'vitest';
import { RIGHT_KINDS } from '../../../shared/contract/data-rights.ts';
import { deadlineFor, OUTSTANDING_STATUSES, retainUntil } from './data-rights.rules.ts';

/** The legal answer times per market and kind (decision 035), on fixed instants. */
describe('answer deadlines', () => {
  it('Indonesia: 3 × 24 hours from receipt for every kind, whatever the hour or weekday', () => {
    // Friday 23:30 in Jakarta (16:30 UTC): due Monday 23:30 Jakarta, weekends counted.
    const friday = new Date('2026-11-20T16:30:00.000Z');
    for (const kind of RIGHT_KINDS) {
      expect(deadlineFor('ID', kind, friday).toISOString(), kind).toBe('2026-11-23T16:30:00.000Z');
    }
  });

  it('India: the end of the 30th calendar day after the day of receipt, in Kolkata', () => {
    // 20 Nov 20:00 UTC is already 21 Nov 01:30 in Kolkata: day 30 after it is 21 Dec, ending 18:29:59.999 UTC.
    const lateEvening = new Date('2026-11-20T20:00:00.000Z');
    for (const kind of RIGHT_KINDS) {
      expect(deadlineFor('IN', kind, lateEvening).toISOString(), kind).toBe('2026-12-21T18:29:59.999Z');
    }
    // 20 Nov 10:00 UTC is 20 Nov in Kolkata: due at the end of 20 Dec.
    expect(deadlineFor('IN', 'access', new Date('2026-11-20T10:00:00.000Z')).toISOString()).toBe(
      '2026-12-20T18:29:59.999Z',
    );
  });

  it('counts across a month and a year end', () => {
    expect(deadlineFor('IN', 'erasure', new Date('2026-12-15T06:00:00.000Z')).toISOString()).toBe(
      '2027-01-14T18:29:59.999Z',
    );
    expect(deadlineFor('ID', 'erasure', new Date('2026-12-30T20:00:00.000Z')).toISOString()).toBe(
      '2027-01-02T20:00:00.000Z',
    );
  });
});

describe('cancellation rules', () => {
  it('an application in flight and every unpaid loan (legacy codes too) stop a cancellation', () => {
    expect([...OUTSTANDING_STATUSES].sort((a, b) => a - b)).toEqual([3, 5, 21, 151, 170, 174, 180]);
  });

  it('keeps lending records 5 years in India and 10 in Indonesia from the closing', () => {
    const closed = new Date('2026-11-20T10:00:00.000Z');
    expect(retainUntil('IN', closed).toISOString()).toBe('2031-11-20T10:00:00.000Z');
    expect(retainUntil('ID', closed).toISOString()).toBe('2036-11-20T10:00:00.000Z');
  });
});
