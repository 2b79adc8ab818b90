import { describe, expect, it } from 'vitest';
import { allocatePayment, balanceOf } from './ledger.ts';
import { type LoanFacts, lateChargeRate, loanAccount } from './loan-account.ts';
import { earlyRepaymentAllowed, lateCharges, quoteLoan } from './pricing.ts';
import { MARKET_CAPS, type StoredTerms, termsOf } from './product.ts';
import { addDays } from './time.ts';

/** An Indonesian three-instalment product like the demo's (0.05 %/day, late charges 0.1 %/day). */
const ID_TERMS: StoredTerms = {
  amountMin: 100_000_000,
  amountMax: 1_000_000_000,
  amountStep: 50_000_000,
  termDays: [91],
  installments: 3,
  dailyInterestPpm: 500,
  fees: [{ name: 'service', rateBp: 200, timing: 'upfront' }],
  extension: { feeBp: 70, days: 7 },
  lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
  coolingOffDays: 2,
  earlyRepaymentMinDay: 7,
  earlyRepaymentMinTermBp: 5_000,
};
const quote = quoteLoan(termsOf('ID', ID_TERMS), 200_000_000, 91, MARKET_CAPS.ID);
/** Paid out at noon WIB on 1 August 2026: day 0 is 2026-08-01. */
const PAYOUT = '2026-08-01T05:00:00.000Z';
const DAY0 = '2026-08-01';

const facts = (over: Partial<LoanFacts> = {}): LoanFacts => ({
  market: 'ID',
  status: 170,
  amountMinor: 200_000_000,
  termDays: 91,
  terms: ID_TERMS,
  schedule: quote.schedule,
  lateFee: 0,
  lateCharge: 0,
  allocations: [],
  extensionDays: 0,
  disbursedAt: PAYOUT,
  quoteFees: quote.fees,
  ...over,
});
const [p1, p2, p3] = quote.schedule as [
  (typeof quote.schedule)[0],
  (typeof quote.schedule)[0],
  (typeof quote.schedule)[0],
];

describe('loan account', () => {
  it('dates each period from the payout day, moved by every extension', () => {
    expect(loanAccount(facts()).periods.map((p) => p.due)).toEqual([
      addDays(DAY0, p1.dueDay),
      addDays(DAY0, p2.dueDay),
      addDays(DAY0, p3.dueDay),
    ]);
    expect(loanAccount(facts({ extensionDays: 7 })).periods[0]!.due).toBe(addDays(DAY0, p1.dueDay + 7));
    expect(loanAccount(facts({ disbursedAt: null, status: 151 })).periods[0]!.due).toBeNull();
  });

  it('counts every overdue period, not only the first, with the late charges', () => {
    // 133, 102 and 72 days late: the loan of the issue.
    const today = addDays(DAY0, p1.dueDay + 133);
    const a = loanAccount(facts({ status: 180, lateFee: 0, lateCharge: 700_000 }));
    const overdue = a.overdue(today);
    expect(overdue.periods.map((p) => [p.period, p.daysLate])).toEqual([
      [1, 133],
      [2, 133 - (p2.dueDay - p1.dueDay)],
      [3, 133 - (p3.dueDay - p1.dueDay)],
    ]);
    expect(overdue.periodsAmount).toBe(quote.totalRepayable);
    expect(overdue.amount).toBe(quote.totalRepayable + 700_000);
    expect(a.nextDue(today)).toMatchObject({ day: addDays(DAY0, p1.dueDay), amount: overdue.amount });
    expect(a.outstanding).toBe(overdue.amount);
  });

  it('asks next for the periods due by today, or else the first waiting one', () => {
    const a = loanAccount(facts({ status: 174 }));
    expect(a.nextDue(addDays(DAY0, p1.dueDay))!.amount).toBe(p1.total);
    expect(a.overdue(addDays(DAY0, p1.dueDay)).amount).toBe(0);
    expect(loanAccount(facts()).nextDue(addDays(DAY0, 3))!.amount).toBe(p1.total);
    // Period 1 paid: period 2 is next.
    const paid = allocatePayment(balanceOf(quote.schedule, { late_fee: 0, late_charge: 0 }, []), p1.total);
    const after = loanAccount(facts({ allocations: paid.allocations }));
    expect(after.nextDue(addDays(DAY0, p1.dueDay + 1))).toMatchObject({
      day: addDays(DAY0, p2.dueDay),
      amount: p2.total,
    });
  });

  it('counts extension fees as paid, as receipts and the certificate do, but not towards the loan', () => {
    const a = loanAccount(
      facts({
        allocations: [
          { period: null, component: 'extension_fee', amount: 4_000_000 },
          { period: 1, component: 'interest', amount: 1_000 },
        ],
      }),
    );
    expect(a.paid).toBe(4_001_000);
    expect(a.paidTowardsLoan).toBe(1_000);
  });

  it('owes nothing once settled, whatever its schedule still shows (a cooling-off exit waives the rest)', () => {
    const a = loanAccount(facts({ status: 200 }));
    expect(a.outstanding).toBe(0);
    expect(a.nextDue(DAY0)).toBeNull();
    expect(a.payable(DAY0).amounts).toEqual([]);
    expect(a.overdue(addDays(DAY0, 200)).amount).toBe(0);
  });

  it("offers the whole loan only from pricing's first day for early repayment", () => {
    const a = loanAccount(facts());
    const early = a.payable(addDays(DAY0, 10));
    expect(early.amounts).toEqual([p1.total, p1.total + p2.total]);
    // Half of 91 days: day 46 (and day 7 has passed).
    expect(early.earlyFrom).toBe(addDays(DAY0, 46));
    expect(earlyRepaymentAllowed(termsOf('ID', ID_TERMS), 91, 45)).toBe(false);
    expect(earlyRepaymentAllowed(termsOf('ID', ID_TERMS), 91, 46)).toBe(true);
    expect(a.payable(addDays(DAY0, 46))).toEqual({
      amounts: [p1.total, p1.total + p2.total, quote.totalRepayable],
      earlyFrom: null,
    });
  });

  it('offers the extension while due or overdue, when it moves the due date past today', () => {
    expect(loanAccount(facts()).extensionOffer(addDays(DAY0, p1.dueDay))).toBeNull();
    const due = loanAccount(facts({ status: 174 }));
    expect(due.extensionOffer(addDays(DAY0, p1.dueDay))).toEqual({
      fee: 1_400_000,
      days: 7,
      currentDue: addDays(DAY0, p1.dueDay),
      newDue: addDays(DAY0, p1.dueDay + 7),
    });
    expect(loanAccount(facts({ status: 180 })).extensionOffer(addDays(DAY0, p1.dueDay + 7))).toBeNull();
  });

  it("offers no extension whose fee would take the loan's whole cost past Indonesia's total cap", () => {
    const today = addDays(DAY0, p1.dueDay);
    const cost = quote.interest + quote.fees.reduce((a, f) => a + f.amount, 0);
    const cap = 200_000_000; // 100 % of the principal
    const fee = 1_400_000;
    // Late charges booked up to exactly the room one more fee needs: still offered.
    const room = cap - cost - fee;
    expect(loanAccount(facts({ status: 180, lateCharge: room })).extensionOffer(today)).not.toBeNull();
    // Rp 1 more booked, or the same room taken by extension fees already paid: refused.
    expect(loanAccount(facts({ status: 180, lateCharge: room + 100 })).extensionOffer(today)).toBeNull();
    const paidFees = loanAccount(
      facts({
        status: 180,
        lateCharge: room - fee + 100,
        allocations: [{ period: null, component: 'extension_fee', amount: fee }],
      }),
    );
    expect(paidFees.extensionOffer(today)).toBeNull();
  });

  it('quotes the cooling-off exit while it is open, less what was already paid', () => {
    const a = loanAccount(facts());
    // 0.05 % a day of Rp 2.000.000 for one day used.
    expect(a.coolingOffExit(addDays(DAY0, 1))).toMatchObject({
      due: 200_000_000 + 100_000,
      lastDay: '2026-08-03',
    });
    expect(a.coolingOffExit(addDays(DAY0, 3))).toBeNull();
    const paid = loanAccount(facts({ allocations: [{ period: 1, component: 'fees', amount: 50_000 }] }));
    expect(paid.coolingOffExit(addDays(DAY0, 1))!.due).toBe(200_000_000 + 100_000 - 50_000);
  });

  describe('late charges', () => {
    it('charge the rate of the tier in force on each day late', () => {
      const tiers = {
        lateChargeTiers: [
          { fromDay: 1, dailyPpm: 1_667 },
          { fromDay: 31, dailyPpm: 1_333 },
        ],
      };
      expect([0, 1, 30, 31, 400].map((d) => lateChargeRate(tiers, d))).toEqual([
        0, 1_667, 1_667, 1_333, 1_333,
      ]);
    });

    it('are those of the pricing module on one overdue period', () => {
      const a = loanAccount(facts({ status: 180, repeat: true }));
      const day = addDays(DAY0, p1.dueDay + 5);
      expect(a.lateChargesBy(day)).toEqual(
        lateCharges(termsOf('ID', ID_TERMS), quote, p1.total, 5, 'repeat', MARKET_CAPS.ID),
      );
    });

    it("are pricing's own through every tier, for a one-payment loan in India", () => {
      const terms: StoredTerms = {
        ...ID_TERMS,
        amountMin: 500_000,
        amountMax: 5_000_000,
        amountStep: 100_000,
        termDays: [30],
        installments: 1,
        dailyInterestPpm: 800,
        lateFee: { newBorrower: 100_000, repeatBorrower: 80_000 },
        lateChargeTiers: [
          { fromDay: 1, dailyPpm: 1_667 },
          { fromDay: 31, dailyPpm: 1_333 },
          { fromDay: 91, dailyPpm: 667 },
        ],
      };
      const q = quoteLoan(termsOf('IN', terms), 1_000_000, 30);
      const a = loanAccount({
        ...facts({ status: 180, repeat: true }),
        market: 'IN',
        amountMinor: 1_000_000,
        termDays: 30,
        terms,
        schedule: q.schedule,
        quoteFees: q.fees,
      });
      for (let late = 1; late <= 120; late++)
        expect(a.lateChargesBy(addDays(DAY0, 30 + late))).toEqual(
          lateCharges(termsOf('IN', terms), q, q.totalRepayable, late, 'repeat'),
        );
    });

    it('charge every overdue period for its own days late', () => {
      const a = loanAccount(facts({ status: 180 }));
      const gap = p2.dueDay - p1.dueDay;
      const day = addDays(DAY0, p2.dueDay + 3);
      const terms = termsOf('ID', ID_TERMS);
      const one = lateCharges(terms, quote, p1.total, gap + 3, 'new').lateCharge;
      const two = lateCharges(terms, quote, p2.total, 3, 'new').lateCharge;
      expect(a.lateChargesBy(day).lateCharge).toBe(one + two);
      // Before period 2 falls due, only period 1 is charged.
      expect(a.lateChargesBy(addDays(DAY0, p2.dueDay)).lateCharge).toBe(
        lateCharges(terms, quote, p1.total, gap, 'new').lateCharge,
      );
    });

    it("stay within the market's caps however long and however many periods are late", () => {
      const a = loanAccount(facts({ status: 180 }));
      const cost = quote.interest + quote.fees.reduce((x, f) => x + f.amount, 0);
      let before = 0;
      for (let late = 1; late <= 1_000; late += 13) {
        const c = a.lateChargesBy(addDays(DAY0, p1.dueDay + late));
        const total = c.lateFee + c.lateCharge;
        expect(total).toBeGreaterThanOrEqual(before);
        expect(total).toBeLessThanOrEqual((200_000_000 * 1_000 * late) / 1_000_000);
        expect(cost + total).toBeLessThanOrEqual(200_000_000);
        before = total;
      }
      expect(a.lateChargesBy(addDays(DAY0, p1.dueDay + 1_000)).capped).toBe(true);
      // Every day on its own, too: three overdue periods earn more than 0.1 % of the principal a day.
      const of = (late: number) => {
        const c = a.lateChargesBy(addDays(DAY0, p1.dueDay + late));
        return c.lateFee + c.lateCharge;
      };
      for (let late = 1; late <= 200; late++) expect(of(late) - of(late - 1)).toBeLessThanOrEqual(200_000);
      expect(of(100) - of(99)).toBe(200_000);
    });

    it('are none before the first waiting period is late, or without terms', () => {
      expect(loanAccount(facts({ status: 174 })).lateChargesBy(addDays(DAY0, p1.dueDay)).lateCharge).toBe(0);
      expect(
        loanAccount(facts({ status: 180, terms: null })).lateChargesBy(addDays(DAY0, 200)).lateCharge,
      ).toBe(0);
    });
  });
});
