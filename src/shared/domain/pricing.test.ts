import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  aprBp,
  checkLoan,
  coolingOffPayoff,
  dueDays,
  earlyRepaymentAllowed,
  lateCharges,
  type MarketCaps,
  PricingError,
  type ProductTerms,
  quoteLoan,
} from './pricing.ts';

/** An Indian single-payment product (spec §9 figures: 91-365 days, ₹1,000 / ₹800 late fee, tiers). */
const india: ProductTerms = {
  market: 'IN',
  amountMin: 500_000,
  amountMax: 5_000_000,
  amountStep: 100_000,
  termDays: [91, 120, 180, 365],
  installments: 1,
  dailyInterestPpm: 500,
  fees: [{ name: 'processing', rateBp: 200, timing: 'upfront' }],
  lateFee: { newBorrower: 100_000, repeatBorrower: 80_000 },
  lateChargeTiers: [
    { fromDay: 1, dailyPpm: 50_000 },
    { fromDay: 31, dailyPpm: 40_000 },
    { fromDay: 91, dailyPpm: 20_000 },
  ],
  coolingOffDays: 3,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
};
/** An Indonesian installment product under the OJK caps of SEOJK 19/2023. */
const indonesia: ProductTerms = {
  market: 'ID',
  amountMin: 100_000_000,
  amountMax: 1_500_000_000,
  amountStep: 50_000_000,
  termDays: [90, 120],
  installments: 3,
  dailyInterestPpm: 800,
  fees: [{ name: 'service', rateBp: 100, timing: 'added' }],
  lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
  coolingOffDays: 2,
  earlyRepaymentMinDay: 1,
  earlyRepaymentMinTermBp: 0,
};
const OJK: MarketCaps = { costPerDayPpm: 1_000, lateChargePerDayPpm: 1_000, totalCostPpm: 1_000_000 };

describe('allocate', () => {
  it('splits exactly, in proportion, the units left to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3, 1])).toEqual([8, 2]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
  });

  it('always sums to the total with no negative part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 13 }),
        fc
          .array(fc.integer({ min: 0, max: 10 ** 6 }), { minLength: 1, maxLength: 24 })
          .filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, p) => a + p, 0)).toBe(total);
          expect(parts.every((p) => p >= 0 && Number.isInteger(p))).toBe(true);
          weights.forEach((w, i) => {
            if (w === 0) expect(parts[i]).toBe(0);
          });
        },
      ),
    );
  });
});

describe('quoteLoan', () => {
  it('quotes an Indian single payment: upfront fee off the disbursal, simple daily interest', () => {
    const q = quoteLoan(india, 1_000_000, 91);
    expect(q.fees).toEqual([{ name: 'processing', amount: 20_000, timing: 'upfront' }]);
    expect(q.disbursed).toBe(980_000);
    expect(q.interest).toBe(45_500); // 10,000.00 × 0.05% × 91
    expect(q.totalRepayable).toBe(1_045_500);
    expect(q.schedule).toEqual([
      { period: 1, dueDay: 91, principal: 1_000_000, interest: 45_500, fees: 0, total: 1_045_500 },
    ]);
    // IRR of +9,800 today and -10,455 in 91 days, annualised: about 26.2%.
    expect(q.aprBp).toBeGreaterThan(2_550);
    expect(q.aprBp).toBeLessThan(2_650);
  });

  it('spreads Indonesian installments: equal principal, interest on what is still owed', () => {
    const q = quoteLoan(indonesia, 300_000_000, 90, OJK);
    expect(q.schedule.map((s) => s.dueDay)).toEqual([30, 60, 90]);
    expect(q.schedule.map((s) => s.principal)).toEqual([100_000_000, 100_000_000, 100_000_000]);
    const [a, b, c] = q.schedule.map((s) => s.interest);
    expect(a! > b! && b! > c!).toBe(true);
    expect(q.addedFees).toBe(3_000_000);
    expect(q.disbursed).toBe(300_000_000);
  });

  it("refuses what the product does not offer, and what breaks the market's caps", () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as PricingError).refusal.code;
      }
      return null;
    };
    expect(refusal(() => quoteLoan(india, 400_000, 91))).toBe('amountOutOfRange');
    expect(refusal(() => quoteLoan(india, 1_050_000, 91))).toBe('amountNotInSteps');
    expect(refusal(() => quoteLoan(india, 1_000_000, 30))).toBe('termNotOffered');
    const dear = { ...indonesia, dailyInterestPpm: 1_200 };
    expect(refusal(() => quoteLoan(dear, 300_000_000, 90, OJK))).toBe('costOverDailyCap');
    expect(checkLoan(indonesia, 300_000_000, 90, OJK)).toBeNull();
  });

  it('sums every schedule exactly to its totals, never negative, caps kept (any product, any loan)', () => {
    const product = fc.record({
      installments: fc.integer({ min: 1, max: 12 }),
      dailyInterestPpm: fc.integer({ min: 0, max: 5_000 }),
      upfrontBp: fc.integer({ min: 0, max: 1_500 }),
      addedBp: fc.integer({ min: 0, max: 1_500 }),
      fixed: fc.integer({ min: 0, max: 5_000_000 }),
      termDays: fc.integer({ min: 12, max: 365 }),
      principal: fc.integer({ min: 1, max: 2_000_000_000 }),
    });
    fc.assert(
      fc.property(product, (p) => {
        const terms: ProductTerms = {
          ...india,
          amountMin: 1,
          amountMax: 2_000_000_000,
          amountStep: 1,
          termDays: [p.termDays],
          installments: p.installments,
          dailyInterestPpm: p.dailyInterestPpm,
          fees: [
            { name: 'upfront', rateBp: p.upfrontBp, timing: 'upfront' },
            { name: 'added', rateBp: p.addedBp, fixed: p.fixed, timing: 'added' },
          ],
        };
        const refusal = checkLoan(terms, p.principal, p.termDays, OJK);
        if (refusal) {
          expect(() => quoteLoan(terms, p.principal, p.termDays, OJK)).toThrow(PricingError);
          return;
        }
        const q = quoteLoan(terms, p.principal, p.termDays, OJK);
        const sum = (k: 'principal' | 'interest' | 'fees' | 'total') =>
          q.schedule.reduce((a, s) => a + s[k], 0);
        expect(sum('principal')).toBe(q.principal);
        expect(sum('interest')).toBe(q.interest);
        expect(sum('fees')).toBe(q.addedFees);
        expect(sum('total')).toBe(q.totalRepayable);
        for (const s of q.schedule) {
          expect(s.principal >= 0 && s.interest >= 0 && s.fees >= 0).toBe(true);
          expect(s.total).toBe(s.principal + s.interest + s.fees);
        }
        const cost = q.interest + q.fees.reduce((a, f) => a + f.amount, 0);
        expect(cost).toBeLessThanOrEqual(Math.round((p.principal * p.termDays) / 1000) + 1);
        expect(cost).toBeLessThanOrEqual(p.principal);
        expect(q.aprBp).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('aprBp', () => {
  it('is 0 for a loan that costs nothing', () => {
    const free = { ...india, dailyInterestPpm: 0, fees: [] };
    expect(quoteLoan(free, 1_000_000, 91).aprBp).toBe(0);
    expect(aprBp(1_000, [{ day: 30, amount: 1_000 }])).toBe(0);
  });

  it('grows with cost and with shorter terms', () => {
    expect(aprBp(1_000_000, [{ day: 365, amount: 1_100_000 }])).toBeGreaterThan(950);
    expect(aprBp(1_000_000, [{ day: 365, amount: 1_100_000 }])).toBeLessThan(1_000);
    expect(aprBp(1_000_000, [{ day: 30, amount: 1_100_000 }])).toBeGreaterThan(
      aprBp(1_000_000, [{ day: 365, amount: 1_100_000 }]),
    );
  });
});

describe('lateCharges', () => {
  const q = quoteLoan(india, 1_000_000, 91);

  it('charges the late fee once and the tiered daily charge on the overdue amount, never compounded', () => {
    expect(lateCharges(india, q, 1_045_500, 0, 'new')).toEqual({ lateFee: 0, lateCharge: 0, capped: false });
    const day1 = lateCharges(india, q, 1_045_500, 1, 'new');
    expect(day1).toEqual({ lateFee: 100_000, lateCharge: 52_275, capped: false });
    expect(lateCharges(india, q, 1_045_500, 1, 'repeat').lateFee).toBe(80_000);
    // 30 days at 5%, then 4%: day 31 adds 4% of the same overdue amount, not of amount + charges.
    const d30 = lateCharges(india, q, 1_045_500, 30, 'new').lateCharge;
    const d31 = lateCharges(india, q, 1_045_500, 31, 'new').lateCharge;
    expect(d30).toBe(30 * 52_275);
    expect(d31 - d30).toBe(41_820);
    const d91 = lateCharges(india, q, 1_045_500, 91, 'new').lateCharge;
    const d92 = lateCharges(india, q, 1_045_500, 92, 'new').lateCharge;
    expect(d92 - d91).toBe(20_910);
  });

  it('stops at the OJK caps however many days late', () => {
    const iq = quoteLoan(indonesia, 300_000_000, 90, OJK);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 1, max: iq.totalRepayable }),
        (days, overdue) => {
          const c = lateCharges(
            { ...indonesia, lateChargeTiers: [{ fromDay: 1, dailyPpm: 50_000 }] },
            iq,
            overdue,
            days,
            'new',
            OJK,
          );
          expect(c.lateFee + c.lateCharge).toBeLessThanOrEqual(Math.round((iq.principal * days) / 1_000));
          const cost = iq.interest + iq.fees.reduce((a, f) => a + f.amount, 0);
          expect(cost + c.lateFee + c.lateCharge).toBeLessThanOrEqual(iq.principal);
          expect(c.lateFee >= 0 && c.lateCharge >= 0).toBe(true);
        },
      ),
    );
  });
});

describe('early repayment and cooling-off', () => {
  it('allows early repayment from half the term and not before day 7 (India)', () => {
    expect(earlyRepaymentAllowed(india, 91, 6)).toBe(false);
    expect(earlyRepaymentAllowed(india, 91, 45)).toBe(false);
    expect(earlyRepaymentAllowed(india, 91, 46)).toBe(true);
    expect(earlyRepaymentAllowed(india, 12, 6)).toBe(false);
    expect(earlyRepaymentAllowed(india, 12, 7)).toBe(true);
    expect(earlyRepaymentAllowed(india, 91, 91)).toBe(true);
  });

  it('quotes the cooling-off exit as principal plus the interest of the days used, then none', () => {
    expect(coolingOffPayoff(india, 1_000_000, 0)).toBe(1_000_500);
    expect(coolingOffPayoff(india, 1_000_000, 3)).toBe(1_001_500);
    expect(coolingOffPayoff(india, 1_000_000, 4)).toBeNull();
  });

  it('places due days evenly, the last at the end of the term', () => {
    expect(dueDays(91, 1)).toEqual([91]);
    expect(dueDays(90, 3)).toEqual([30, 60, 90]);
    expect(dueDays(100, 3)).toEqual([33, 67, 100]);
    expect(() => dueDays(2, 3)).toThrow(RangeError);
  });
});
