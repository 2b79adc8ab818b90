import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatDate,
  formatDateTime,
  marketDay,
  startOfMarketDay,
  weekdaysLater,
} from './time.ts';

describe('weekdaysLater (complaint deadline, 3 weekdays in the market time zone)', () => {
  it('skips the weekend: Friday afternoon in Jakarta is due at the end of Wednesday, Jakarta time', () => {
    const fridayJakarta = new Date('2026-11-20T08:00:00Z'); // 15:00 WIB, Friday
    expect(weekdaysLater(fridayJakarta, 3, 'ID').toISOString()).toBe('2026-11-25T16:59:59.999Z');
  });

  it('uses the local date: late Monday UTC is already Tuesday in Kolkata', () => {
    const mondayUtc = new Date('2026-11-23T20:00:00Z'); // Tuesday 01:30 IST
    expect(weekdaysLater(mondayUtc, 3, 'IN').toISOString()).toBe('2026-11-27T18:29:59.999Z');
  });

  it('counts from a Saturday to Wednesday', () => {
    const saturday = new Date('2026-11-21T04:00:00Z');
    expect(weekdaysLater(saturday, 3, 'ID').toISOString()).toBe('2026-11-25T16:59:59.999Z');
  });
});

describe('formatDateTime', () => {
  it('shows the market time zone', () => {
    expect(formatDateTime('2026-11-20T08:00:00Z', 'en', 'IN')).toMatch(/20 Nov 2026.*1:30\s?pm/i);
    expect(formatDateTime('2026-11-20T08:00:00Z', 'id', 'ID')).toMatch(/20 Nov 2026.*15[.:]00/);
  });

  it("writes midnight in the market's convention, whichever the language (issue 29)", () => {
    const midnightJakarta = '2026-11-27T17:00:00Z';
    expect(formatDateTime(midnightJakarta, 'id', 'ID')).toBe('28 Nov 2026, 00.00');
    // English in Indonesia: Indonesia's 24-hour clock, not India's "12:00 am".
    expect(formatDateTime(midnightJakarta, 'en', 'ID')).toBe('28 Nov 2026, 00.00');
    expect(formatDate(midnightJakarta, 'en', 'ID')).toBe('28 Nov 2026');
    const midnightKolkata = '2026-11-27T18:30:00Z';
    // India's 12-hour clock, its "am"/"pm" held to the time by a no-break space (never wrapped apart). A
    // deadline at the stroke of midnight is the last minute of the day it closes, never "12:00 am".
    expect(formatDateTime(midnightKolkata, 'en', 'IN')).toBe('27 Nov 2026, 11:59\u00a0pm');
    expect(formatDateTime('2026-11-27T18:29:59.999Z', 'en', 'IN')).toBe('27 Nov 2026, 11:59\u00a0pm');
    // A minute after midnight is itself.
    expect(formatDateTime('2026-11-27T18:31:00Z', 'en', 'IN')).toBe('28 Nov 2026, 12:01\u00a0am');
    expect(formatDateTime('2026-11-28T07:30:00Z', 'en', 'IN')).toBe('28 Nov 2026, 1:00\u00a0pm');
  });
});

describe('market days (loan dates)', () => {
  it('agree with Intl for every hour of a year, in both markets', () => {
    const start = Date.UTC(2026, 0, 1);
    for (const [market, zone] of [
      ['IN', 'Asia/Kolkata'],
      ['ID', 'Asia/Jakarta'],
    ] as const) {
      // One formatter per zone: building one per hour made this test take seconds, and time out on a
      // busy machine.
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      const wrong: string[] = [];
      for (let h = 0; h < 366 * 24; h++) {
        const instant = new Date(start + h * 3_600_000);
        if (marketDay(instant, market) !== intl.format(instant)) wrong.push(instant.toISOString());
      }
      expect(wrong, market).toEqual([]);
    }
  });

  it('start at the local midnight, and count calendar days', () => {
    expect(startOfMarketDay('2026-11-23', 'IN').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(startOfMarketDay('2026-11-23', 'ID').toISOString()).toBe('2026-11-22T17:00:00.000Z');
    // 23:30 in Jakarta is still that day there, already the next day nowhere else that matters.
    expect(marketDay(new Date('2026-11-23T16:30:00Z'), 'ID')).toBe('2026-11-23');
    expect(marketDay(new Date('2026-11-23T17:00:00Z'), 'ID')).toBe('2026-11-24');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
  });
});
