import { describe, expect, it } from 'vitest';
import { formatDateTime, weekdaysLater } from './time.ts';

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
});
