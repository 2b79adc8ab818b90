import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  aprBp,
  checkLoan,
  coolingOffPayoff,
  dueDays,
  earlyRepaymentAllowed,
  extensionFee,
  extensionFeeWithinDailyCap,
  extensionWithinCaps,
  lateCharges,
  type MarketCaps,
  PricingError,
  type ProductTerms,
  ppmOf,
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

/** Every amount of a quote: fees, disbursed, interest, totals, and each installment's parts. */
function amountsOf(q: ReturnType<typeof quoteLoan>): number[] {
  return [
    q.principal,
    q.disbursed,
    q.interest,
    q.addedFees,
    q.totalRepayable,
    ...q.fees.map((f) => f.amount),
    ...q.schedule.flatMap((s) => [s.principal, s.interest, s.fees, s.total]),
  ];
}

describe('amounts a borrower can pay (decision 047)', () => {
  /** Modal Usaha as sold: Rp 2.000.000 over 91 days in three installments, a 2 % upfront fee. */
  const usaha: ProductTerms = {
    ...indonesia,
    amountMin: 100_000_000,
    amountMax: 1_000_000_000,
    termDays: [91, 120, 180],
    dailyInterestPpm: 500,
    fees: [{ name: 'service', rateBp: 200, timing: 'upfront' }],
  };

  it('bills whole rupiah in Indonesia: a third of Rp 2.000.000 is not 66,666,667 sen', () => {
    const q = quoteLoan(usaha, 200_000_000, 91, OJK);
    for (const amount of amountsOf(q)) expect(amount % 100, String(amount)).toBe(0);
    // Largest remainder in whole rupiah: Rp 666.667 + Rp 666.667 + Rp 666.666.
    expect(q.schedule.map((s) => s.principal)).toEqual([66_666_700, 66_666_700, 66_666_600]);
    // 0.05 % a day for 91 days of Rp 2.000.000 is exactly Rp 91.000.
    expect(q.interest).toBe(9_100_000);
    expect(q.schedule.reduce((a, s) => a + s.total, 0)).toBe(q.totalRepayable);
  });

  it('rounds charges from a rate down to the rupiah (the borrower keeps the sen), half up to the paisa in India', () => {
    // Rp 1.234.567 at 0.08 % a day for 30 days: Rp 29.629,608 → Rp 29.629.
    const odd = { ...indonesia, amountMin: 123_456_700, amountStep: 100 };
    expect(quoteLoan(odd, 123_456_700, 90, OJK).interest).toBe(ppmOf(123_456_700, 800 * 90, 100));
    expect(ppmOf(123_456_700, 800 * 30, 100)).toBe(2_962_900);
    expect(ppmOf(123_456_700, 800 * 30)).toBe(2_962_961);
    // India: half up to the paisa, as before (decision 028).
    expect(ppmOf(1_000_050, 500)).toBe(500);
    expect(ppmOf(999, 500)).toBe(0);
  });

  it('refuses an Indonesian principal with sen, whatever the product says', () => {
    const loose = { ...indonesia, amountMin: 1, amountStep: 1 };
    expect(checkLoan(loose, 100_000_050, 90, OJK)).toEqual({ code: 'amountNotInSteps', step: 100 });
    expect(checkLoan({ ...loose, market: 'IN' }, 100_000_050, 90)).toBeNull();
  });

  const idProduct = fc.record({
    installments: fc.integer({ min: 1, max: 12 }),
    dailyInterestPpm: fc.integer({ min: 0, max: 1_000 }),
    upfrontBp: fc.integer({ min: 0, max: 500 }),
    addedBp: fc.integer({ min: 0, max: 500 }),
    fixedRp: fc.integer({ min: 0, max: 50_000 }),
    lateFeeRp: fc.integer({ min: 0, max: 100_000 }),
    dailyPpm: fc.integer({ min: 1, max: 50_000 }),
    termDays: fc.integer({ min: 12, max: 365 }),
    principalRp: fc.integer({ min: 1, max: 20_000_000 }),
  });
  function toTerms(p: {
    installments: number;
    dailyInterestPpm: number;
    upfrontBp: number;
    addedBp: number;
    fixedRp: number;
    lateFeeRp: number;
    dailyPpm: number;
    termDays: number;
  }): ProductTerms {
    return {
      ...indonesia,
      amountMin: 100,
      amountMax: 2_000_000_000,
      amountStep: 100,
      termDays: [p.termDays],
      installments: p.installments,
      dailyInterestPpm: p.dailyInterestPpm,
      fees: [
        { name: 'upfront', rateBp: p.upfrontBp, timing: 'upfront' },
        { name: 'added', rateBp: p.addedBp, fixed: p.fixedRp * 100, timing: 'added' },
      ],
      lateFee: { newBorrower: p.lateFeeRp * 100, repeatBorrower: p.lateFeeRp * 50 },
      lateChargeTiers: [{ fromDay: 1, dailyPpm: p.dailyPpm }],
    };
  }

  it('Indonesia: every amount pricing returns is whole rupiah, and the parts sum exactly to the totals', () => {
    fc.assert(
      fc.property(
        idProduct,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 3_000 }),
        (p, daysLate, feeBp) => {
          const terms = toTerms(p);
          const principal = p.principalRp * 100;
          if (checkLoan(terms, principal, p.termDays, OJK)) return;
          const q = quoteLoan(terms, principal, p.termDays, OJK);
          for (const amount of amountsOf(q)) expect(amount % 100).toBe(0);
          const sum = (k: 'principal' | 'interest' | 'fees' | 'total') =>
            q.schedule.reduce((a, s) => a + s[k], 0);
          expect(sum('principal')).toBe(q.principal);
          expect(sum('interest')).toBe(q.interest);
          expect(sum('fees')).toBe(q.addedFees);
          expect(sum('total')).toBe(q.totalRepayable);
          for (const s of q.schedule) expect(s.total).toBe(s.principal + s.interest + s.fees);
          // Late charges, on any whole overdue amount, and each day's charge (a difference of two days).
          const overdue = q.schedule[0]!.total;
          const today = lateCharges(terms, q, overdue, daysLate, 'new', OJK);
          const before = lateCharges(terms, q, overdue, daysLate - 1, 'new', OJK);
          for (const amount of [today.lateFee, today.lateCharge, today.lateCharge - before.lateCharge])
            expect(amount % 100).toBe(0);
          expect(extensionFee('ID', principal, feeBp) % 100).toBe(0);
          for (const day of [0, 1, 2]) expect(coolingOffPayoff(terms, principal, day)! % 100).toBe(0);
        },
      ),
    );
  });

  it('India: paise as before: the same amounts as half-up rounding to the paisa', () => {
    fc.assert(
      fc.property(idProduct, (p) => {
        const terms: ProductTerms = {
          ...toTerms(p),
          market: 'IN',
          amountMin: 1,
          amountMax: 3_000_000_000,
          amountStep: 1,
        };
        const principal = p.principalRp * 100 + (p.fixedRp % 100);
        const q = quoteLoan(terms, principal, p.termDays);
        const halfUp = (amount: number, ppm: number) =>
          Number((BigInt(amount) * BigInt(ppm) + 500_000n) / 1_000_000n);
        expect(q.interest).toBe(halfUp(principal, p.dailyInterestPpm * p.termDays));
        expect(q.fees[0]!.amount).toBe(halfUp(principal, p.upfrontBp * 100));
        expect(q.schedule.map((s) => s.principal)).toEqual(
          allocate(principal, Array(p.installments).fill(1)),
        );
        expect(extensionFee('IN', principal, 150)).toBe(halfUp(principal, 15_000));
      }),
    );
  });
});

describe('extension fees within the caps (decision 047)', () => {
  /** Rp 2.000.000 for 30 days: 0.08 % a day and a 0.5 % fee, Rp 58.000 in all. */
  const short: ProductTerms = {
    ...indonesia,
    installments: 1,
    termDays: [30],
    fees: [{ name: 'service', rateBp: 50, timing: 'added' }],
  };
  const q = quoteLoan(short, 200_000_000, 30, OJK);
  const nothing = { lateCharges: 0, extensionFees: 0 };

  it('refuses a fee that costs more a day than the cost cap: 50 % for 7 days, not 0.7 % for 7 days', () => {
    expect(extensionFeeWithinDailyCap({ feeBp: 5_000, days: 7 }, OJK)).toBe(false);
    expect(extensionFeeWithinDailyCap({ feeBp: 70, days: 7 }, OJK)).toBe(true);
    expect(extensionFeeWithinDailyCap({ feeBp: 71, days: 7 }, OJK)).toBe(false);
    expect(extensionFeeWithinDailyCap({ feeBp: 5_000, days: 7 }, {})).toBe(true);
    const half = extensionFee('ID', 200_000_000, 5_000);
    expect(extensionWithinCaps(q, nothing, { fee: half, days: 7 }, OJK)).toBe(false);
    expect(extensionWithinCaps(q, nothing, { fee: extensionFee('ID', 200_000_000, 70), days: 7 }, OJK)).toBe(
      true,
    );
    // India sets no cap.
    expect(extensionWithinCaps(q, nothing, { fee: half, days: 7 }, {})).toBe(true);
  });

  it('counts late charges booked and extension fees paid towards the total cap', () => {
    // Interest and fees Rp 58.000: 100 % of Rp 2.000.000 leaves Rp 1.942.000 for everything else.
    const cost = q.interest + q.fees.reduce((a, f) => a + f.amount, 0);
    expect(cost).toBe(5_800_000);
    const room = 200_000_000 - cost;
    const fee = 1_400_000;
    expect(
      extensionWithinCaps(q, { lateCharges: room - fee, extensionFees: 0 }, { fee, days: 14 }, OJK),
    ).toBe(true);
    expect(
      extensionWithinCaps(q, { lateCharges: room - fee, extensionFees: 100 }, { fee, days: 14 }, OJK),
    ).toBe(false);
    expect(
      extensionWithinCaps(q, { lateCharges: 0, extensionFees: room - fee + 100 }, { fee, days: 14 }, OJK),
    ).toBe(false);
  });

  it('leaves late charges only the room extension fees have not used', () => {
    const terms = short;
    const cost = q.interest + q.fees.reduce((a, f) => a + f.amount, 0);
    const without = lateCharges(terms, q, q.totalRepayable, 2_000, 'new', OJK);
    expect(without.lateFee + without.lateCharge).toBe(q.principal - cost);
    const paid = 10_000_000;
    const withFees = lateCharges(terms, q, q.totalRepayable, 2_000, 'new', OJK, paid);
    expect(withFees.capped).toBe(true);
    expect(cost + paid + withFees.lateFee + withFees.lateCharge).toBe(q.principal);
  });

  it('charges whole rupiah even against a quote with sen from before the rule', () => {
    const legacy = { ...q, interest: q.interest + 33 };
    const c = lateCharges(short, legacy, q.totalRepayable, 5_000, 'new', OJK, 2_100_050);
    expect(c.capped).toBe(true);
    expect(c.lateFee % 100).toBe(0);
    expect(c.lateCharge % 100).toBe(0);
  });

  it('keeps any sequence of extensions and late charges within 100 % of the principal', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ late: fc.integer({ min: 0, max: 200 }), feeBp: fc.integer({ min: 0, max: 140 }) }),
          {
            maxLength: 30,
          },
        ),
        (steps) => {
          const terms = short;
          let extensionFees = 0;
          let late = 0;
          let daysLate = 0;
          for (const step of steps) {
            daysLate += step.late;
            late = Math.max(
              late,
              (() => {
                const c = lateCharges(terms, q, q.totalRepayable, daysLate, 'new', OJK, extensionFees);
                return c.lateFee + c.lateCharge;
              })(),
            );
            const offer = { fee: extensionFee('ID', q.principal, step.feeBp), days: 14 };
            if (extensionWithinCaps(q, { lateCharges: late, extensionFees }, offer, OJK))
              extensionFees += offer.fee;
          }
          const cost = q.interest + q.fees.reduce((a, f) => a + f.amount, 0);
          expect(cost + late + extensionFees).toBeLessThanOrEqual(q.principal);
        },
      ),
    );
  });
});
