import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  applyAllocations,
  balanceOf,
  chargesOutstanding,
  coolingOffExitDue,
  type OrderBalance,
  offeredAmounts,
  paidTowardsLoan,
  periodOutstanding,
  totalOutstanding,
} from './ledger.ts';
import { lateCharges, type MarketCaps, type ProductTerms, quoteLoan } from './pricing.ts';

/**
 * Decision 047 across the modules: with every input whole rupiah (pricing's schedule and charges, the
 * payments a borrower can make), the ledger's per-component allocation leaves every balance whole, so
 * every amount the ledger then offers is payable as shown.
 */
const OJK: MarketCaps = { costPerDayPpm: 1_000, lateChargePerDayPpm: 1_000, totalCostPpm: 1_000_000 };

const terms = (installments: number, dailyInterestPpm: number, feeBp: number): ProductTerms => ({
  market: 'ID',
  amountMin: 100_000_000,
  amountMax: 2_000_000_000,
  amountStep: 100,
  termDays: [91],
  installments,
  dailyInterestPpm,
  fees: [{ name: 'service', rateBp: feeBp, timing: 'added' }],
  lateFee: { newBorrower: 5_000_000, repeatBorrower: 4_000_000 },
  lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
  coolingOffDays: 2,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
});

/** Every amount the balance can show or offer. */
function shown(b: OrderBalance): number[] {
  return [
    totalOutstanding(b),
    chargesOutstanding(b),
    paidTowardsLoan(b),
    ...offeredAmounts(b),
    ...b.periods.flatMap((p) => [
      periodOutstanding(p),
      p.owed.fees - p.paid.fees,
      p.owed.interest - p.paid.interest,
      p.owed.principal - p.paid.principal,
    ]),
  ];
}

describe('whole rupiah in, whole rupiah out', () => {
  it('allocating whole-rupiah payments over a whole-rupiah schedule leaves whole-rupiah balances', () => {
    fc.assert(
      fc.property(
        fc.record({
          installments: fc.integer({ min: 1, max: 6 }),
          dailyInterestPpm: fc.integer({ min: 0, max: 600 }),
          feeBp: fc.integer({ min: 0, max: 300 }),
          principalRp: fc.integer({ min: 1_000_000, max: 20_000_000 }),
          daysLate: fc.integer({ min: 0, max: 400 }),
          payments: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { maxLength: 12 }),
        }),
        (p) => {
          const t = terms(p.installments, p.dailyInterestPpm, p.feeBp);
          const q = quoteLoan(t, p.principalRp * 100, 91, OJK);
          const late = lateCharges(t, q, q.schedule[0]!.total, p.daysLate, 'new', OJK);
          let b = balanceOf(q.schedule, { late_fee: late.lateFee, late_charge: late.lateCharge }, []);
          for (const amount of shown(b)) expect(amount % 100).toBe(0);
          for (const rupiah of p.payments) {
            const { allocations, left } = allocatePayment(b, rupiah * 100);
            for (const a of allocations) expect(a.amount % 100).toBe(0);
            expect(left % 100).toBe(0);
            b = applyAllocations(b, allocations);
            for (const amount of shown(b)) expect(amount % 100).toBe(0);
          }
          // The cooling-off exit, asked with the market's terms, is whole too.
          const exit = coolingOffExitDue(t, q.principal, 1, paidTowardsLoan(b));
          if (exit !== null) expect(exit % 100).toBe(0);
        },
      ),
    );
  });
});
