import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Allocation, allocateCoolingOffExit, allocatePayment, totalOutstanding } from './ledger.ts';
import { type LoanFacts, loanAccount } from './loan-account.ts';
import { ORDER_STATUS } from './order-status.ts';
import { quoteLoan } from './pricing.ts';
import { MARKET_CAPS, type StoredTerms, termsOf } from './product.ts';
import { addDays, daysBetween } from './time.ts';

/**
 * The loan account under any story (decision 048): payments of any size (split by ledger.ts
 * `allocatePayment`, whole), extensions, late charges, cooling-off exits and days passing, in any order.
 * After every step the invariants of the nightly ledger check hold.
 */
const TERMS: StoredTerms = {
  amountMin: 100_000,
  amountMax: 10_000_000,
  amountStep: 100_000,
  termDays: [30, 61, 91, 120],
  installments: 3,
  dailyInterestPpm: 800,
  fees: [
    { name: 'processing', rateBp: 200, timing: 'upfront' },
    { name: 'service', rateBp: 100, timing: 'added' },
  ],
  lateFee: { newBorrower: 10_000, repeatBorrower: 8_000 },
  extension: { feeBp: 500, days: 14 },
  lateChargeTiers: [
    { fromDay: 1, dailyPpm: 1_667 },
    { fromDay: 31, dailyPpm: 1_333 },
  ],
  coolingOffDays: 3,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
};
const DAY0 = '2026-08-01';
const PAYOUT = '2026-08-01T06:00:00.000Z';

type Step =
  | { kind: 'pay'; share: number; extra: number }
  | { kind: 'days'; n: number }
  | { kind: 'charge' }
  | { kind: 'extend' }
  | { kind: 'exit' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    share: fc.double({ min: 0, max: 1.2, noNaN: true }),
    extra: fc.nat(5_000),
  }),
  fc.record({ kind: fc.constant('days' as const), n: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('charge' as const) }),
  fc.record({ kind: fc.constant('extend' as const) }),
  fc.record({ kind: fc.constant('exit' as const) }),
);

/** The order's status after a payment or a day, as the order engine moves it (decision 029). */
function statusOn(f: LoanFacts, today: string): number {
  const a = loanAccount(f);
  if (totalOutstanding(a.balance) === 0) return ORDER_STATUS.SETTLED;
  const first = a.waiting[0];
  if (!first?.due) return f.status;
  const late = daysBetween(first.due, today);
  return late > 0 ? ORDER_STATUS.OVERDUE : late === 0 ? ORDER_STATUS.DUE : ORDER_STATUS.DISBURSED;
}

function checkInvariants(f: LoanFacts, today: string) {
  const a = loanAccount(f);
  // Allocations never exceed what was owed, per component.
  for (const p of a.balance.periods)
    for (const k of ['fees', 'interest', 'principal'] as const)
      expect(p.paid[k]).toBeLessThanOrEqual(p.owed[k]);
  for (const k of ['late_fee', 'late_charge'] as const)
    expect(a.balance.paid[k]).toBeLessThanOrEqual(a.balance.owed[k]);
  expect(f.allocations.every((x) => x.amount > 0 && Number.isSafeInteger(x.amount))).toBe(true);
  // Paid is the sum of the allocations.
  expect(a.paid).toBe(f.allocations.reduce((s, x) => s + x.amount, 0));
  // A settled account owes nothing; a live one owes something.
  if (f.status === ORDER_STATUS.SETTLED) {
    expect(a.outstanding).toBe(0);
    expect(a.nextDue(today)).toBeNull();
    expect(a.payable(today).amounts).toEqual([]);
  } else expect(a.outstanding).toBeGreaterThan(0);
  const overdue = a.overdue(today);
  expect(overdue.amount).toBeLessThanOrEqual(a.outstanding);
  expect(overdue.periodsAmount + overdue.charges).toBe(overdue.amount);
  const next = a.nextDue(today);
  if (next) expect(next.amount).toBeLessThanOrEqual(a.outstanding);
  if (next && overdue.periods.length > 0) expect(next.amount).toBeGreaterThanOrEqual(overdue.amount);
  for (const amount of a.payable(today).amounts) expect(amount).toBeLessThanOrEqual(a.outstanding);
  // Due days are the plan's, moved by the extensions.
  for (const p of a.periods) expect(p.due).toBe(addDays(DAY0, p.dueDay + f.extensionDays));
}

describe('loan account: any story keeps the invariants', () => {
  it('payments, extensions, late charges, exits and days in any order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(30, 61, 91, 120),
        fc.boolean(),
        fc.array(stepArb, { maxLength: 25 }),
        (hundreds, termDays, repeat, steps) => {
          const principal = hundreds * 100_000;
          const quote = quoteLoan(termsOf('IN', TERMS), principal, termDays, MARKET_CAPS.IN);
          let today = DAY0;
          let f: LoanFacts = {
            market: 'IN',
            status: ORDER_STATUS.DISBURSED,
            amountMinor: principal,
            termDays,
            terms: TERMS,
            schedule: quote.schedule,
            lateFee: 0,
            lateCharge: 0,
            allocations: [],
            extensionDays: 0,
            disbursedAt: PAYOUT,
            repeat,
            quoteFees: quote.fees,
          };
          const book = (allocations: Allocation[], status?: number) => {
            f = { ...f, allocations: [...f.allocations, ...allocations] };
            f = { ...f, status: status ?? statusOn(f, today) };
          };
          checkInvariants(f, today);
          for (const step of steps) {
            if (f.status === ORDER_STATUS.SETTLED) break;
            const a = loanAccount(f);
            if (step.kind === 'days') {
              today = addDays(today, step.n);
              f = { ...f, status: statusOn(f, today) };
            } else if (step.kind === 'charge') {
              // What the daily job books: the late spell's charges through today, less what is booked.
              const by = a.lateChargesBy(today);
              f = {
                ...f,
                lateFee: Math.max(f.lateFee, by.lateFee),
                lateCharge: Math.max(f.lateCharge, by.lateCharge),
              };
            } else if (step.kind === 'pay') {
              const amount = Math.max(1, Math.floor(a.outstanding * step.share) + step.extra);
              const { allocations } = allocatePayment(a.balance, amount);
              book(allocations);
            } else if (step.kind === 'extend') {
              const offer = a.extensionOffer(today);
              if (!offer) continue;
              f = { ...f, extensionDays: f.extensionDays + offer.days };
              book([{ period: null, component: 'extension_fee', amount: offer.fee }]);
            } else {
              const exit = a.coolingOffExit(today);
              if (!exit) continue;
              const { allocations, left } = allocateCoolingOffExit(a.balance, exit.due);
              expect(left).toBe(0);
              book(allocations, ORDER_STATUS.SETTLED);
            }
            checkInvariants(f, today);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
