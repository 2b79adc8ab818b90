import { describe, expect, it } from 'vitest';
import { loanAccount } from '../../../shared/domain/loan-account.ts';
import { quoteLoan } from '../../../shared/domain/pricing.ts';
import { MARKET_CAPS, type StoredTerms, termsOf } from '../../../shared/domain/product.ts';
import { addDays, marketDay } from '../../../shared/domain/time.ts';
import { CODE_LIFETIME_MS, codeExpiry } from './repayment.service.ts';

/** How long a bill lives (issue 29): 24 hours, never past the day its amount changes by itself. */
const TERMS: StoredTerms = {
  amountMin: 100_000_000,
  amountMax: 1_000_000_000,
  amountStep: 50_000_000,
  termDays: [91],
  installments: 3,
  dailyInterestPpm: 500,
  fees: [],
  lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
  coolingOffDays: 2,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
};
const quote = quoteLoan(termsOf('ID', TERMS), 300_000_000, 91, MARKET_CAPS.ID);
/** Paid out at noon WIB on 1 August 2026. */
const account = (status: number) =>
  loanAccount({
    market: 'ID',
    status,
    amountMinor: 300_000_000,
    termDays: 91,
    terms: TERMS,
    schedule: quote.schedule,
    lateFee: 0,
    lateCharge: 0,
    allocations: [],
    extensionDays: 0,
    disbursedAt: '2026-08-01T05:00:00.000Z',
  });
const firstDue = addDays('2026-08-01', quote.schedule[0]!.dueDay);

describe('a bill lives', () => {
  it('24 hours when made at 23:54 WIB for a loan whose amount holds: not 6 minutes', () => {
    const now = new Date('2026-08-10T16:54:00.000Z'); // 23:54 in Jakarta
    const a = account(170);
    const expiry = codeExpiry(now, 'ID', a.amountsChangeOn(marketDay(now, 'ID')));
    expect(expiry.getTime() - now.getTime()).toBe(CODE_LIFETIME_MS);
  });

  it('to midnight for a late loan, whose next late charge comes then', () => {
    const lateDay = addDays(firstDue, 3);
    const now = new Date(`${lateDay}T16:54:00.000Z`); // 23:54 WIB on the third day late
    const a = account(180);
    expect(a.amountsChangeOn(lateDay)).toBe(addDays(lateDay, 1));
    expect(codeExpiry(now, 'ID', a.amountsChangeOn(lateDay))).toEqual(
      new Date(`${addDays(lateDay, 1)}T00:00:00+07:00`),
    );
  });

  it('on the due day, to the midnight after which the first late charge is booked', () => {
    const a = account(174);
    expect(a.amountsChangeOn(firstDue)).toBe(addDays(firstDue, 1));
    // Paying ahead, days before: the amount holds until the day after the period falls due.
    expect(a.amountsChangeOn(addDays(firstDue, -5))).toBe(addDays(firstDue, 1));
  });
});
