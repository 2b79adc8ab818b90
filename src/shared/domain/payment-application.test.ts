import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  applyAllocations,
  balanceOf,
  type OrderBalance,
  totalOutstanding,
} from './ledger.ts';
import {
  type AccountFacts,
  applyPayment,
  billDifference,
  type PaymentPurpose,
} from './payment-application.ts';
import type { Installment } from './pricing.ts';
import { addDays } from './time.ts';

const TODAY = '2026-11-27';

const installment = fc
  .record({
    principal: fc.nat({ max: 5_000_000 }),
    interest: fc.nat({ max: 500_000 }),
    fees: fc.nat({ max: 100_000 }),
  })
  .map((x) => ({ ...x, total: x.principal + x.interest + x.fees }));

/** An order's balance: 1-4 periods, its late charges, and some of it already paid in the ledger's order. */
const account = fc
  .record({
    periods: fc.array(installment, { minLength: 1, maxLength: 4 }),
    lateFee: fc.nat({ max: 50_000 }),
    lateCharge: fc.nat({ max: 200_000 }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    dueOrOverdue: fc.boolean(),
    disbursedDaysAgo: fc.integer({ min: 0, max: 120 }),
    extension: fc.option(
      fc.record({ fee: fc.integer({ min: 1, max: 1_000_000 }), days: fc.integer({ min: 1, max: 30 }) }),
    ),
    exitDue: fc.option(fc.integer({ min: 1, max: 20_000_000 })),
  })
  .map((x): AccountFacts => {
    const schedule: Installment[] = x.periods.map((p, i) => ({ ...p, period: i + 1, dueDay: (i + 1) * 30 }));
    let balance: OrderBalance = balanceOf(schedule, { late_fee: x.lateFee, late_charge: x.lateCharge }, []);
    const paid = Math.floor(totalOutstanding(balance) * x.paidShare);
    if (paid > 0) balance = applyAllocations(balance, allocatePayment(balance, paid).allocations);
    const start = addDays(TODAY, -x.disbursedDaysAgo);
    return {
      balance,
      dueOrOverdue: x.dueOrOverdue,
      today: TODAY,
      dueDayOf: (p) => addDays(start, p.dueDay),
      extension: x.extension ? { ...x.extension, newDue: addDays(TODAY, x.extension.days) } : null,
      exit: x.exitDue === null ? null : { due: x.exitDue },
    };
  });

const purpose = fc.constantFrom<PaymentPurpose>('repay', 'extension', 'payoff');
const amount = fc.integer({ min: 1, max: 25_000_000 });

/** What each component still owed before the payment. */
function owedBefore(b: OrderBalance): Map<string, number> {
  const owed = new Map<string, number>();
  owed.set('null:late_fee', Math.max(0, b.owed.late_fee - b.paid.late_fee));
  owed.set('null:late_charge', Math.max(0, b.owed.late_charge - b.paid.late_charge));
  for (const p of b.periods)
    for (const k of ['fees', 'interest', 'principal'] as const)
      owed.set(`${p.period}:${k}`, Math.max(0, p.owed[k] - p.paid[k]));
  return owed;
}

describe('applying a payment (both crediting paths)', () => {
  it('never allocates more than a component owed; allocations plus the excess are the payment', () => {
    fc.assert(
      fc.property(account, purpose, amount, fc.boolean(), (facts, kind, paid, exact) => {
        const result = applyPayment(facts, { purpose: kind, amount: paid }, { exact });
        if ('refused' in result) {
          expect(exact).toBe(true);
          return;
        }
        const owed = owedBefore(facts.balance);
        const booked = new Map<string, number>();
        for (const a of result.allocations) {
          expect(a.amount).toBeGreaterThan(0);
          if (a.component === 'extension_fee') continue;
          const key = `${a.period}:${a.component}`;
          booked.set(key, (booked.get(key) ?? 0) + a.amount);
        }
        for (const [key, n] of booked) expect(n, key).toBeLessThanOrEqual(owed.get(key) ?? 0);
        const sum = result.allocations.reduce((s, a) => s + a.amount, 0);
        expect(sum + result.excess).toBe(paid);
        expect(result.excess).toBeGreaterThanOrEqual(0);
        // A callback books exactly its bill or nothing.
        if (exact) expect(result.excess).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('settles a repayment exactly when nothing is left, and cures only to a due date still ahead', () => {
    fc.assert(
      fc.property(account, amount, fc.boolean(), (facts, paid, exact) => {
        const result = applyPayment(facts, { purpose: 'repay', amount: paid }, { exact });
        if ('refused' in result) {
          expect(result.refused).toBe('overpaid');
          expect(paid).toBeGreaterThan(totalOutstanding(facts.balance));
          return;
        }
        const after = applyAllocations(facts.balance, result.allocations);
        expect(result.operation.kind === 'settle').toBe(totalOutstanding(after) === 0);
        if (result.operation.kind === 'cure') {
          expect(facts.dueOrOverdue).toBe(true);
          expect(result.operation.dueDay > facts.today).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('takes a payoff only as the exit asks it from a callback, and at least that from staff', () => {
    const facts: AccountFacts = {
      balance: balanceOf(
        [{ period: 1, dueDay: 30, principal: 1000, interest: 100, fees: 10, total: 1110 }],
        { late_fee: 0, late_charge: 0 },
        [],
      ),
      dueOrOverdue: false,
      today: TODAY,
      dueDayOf: (p) => addDays(TODAY, p.dueDay),
      extension: null,
      exit: { due: 1020 },
    };
    expect(applyPayment(facts, { purpose: 'payoff', amount: 1021 }, { exact: true })).toEqual({
      refused: 'overpaid',
    });
    expect(applyPayment(facts, { purpose: 'payoff', amount: 1019 }, { exact: true })).toEqual({
      refused: 'underpaid',
    });
    expect(applyPayment(facts, { purpose: 'payoff', amount: 1020 }, { exact: true })).toEqual({
      allocations: [
        { period: 1, component: 'principal', amount: 1000 },
        { period: 1, component: 'interest', amount: 20 },
      ],
      excess: 0,
      operation: { kind: 'settle', exit: true },
    });
    const staff = applyPayment(facts, { purpose: 'payoff', amount: 1100 }, { exact: false });
    expect(staff).toMatchObject({ excess: 80, operation: { kind: 'settle', exit: true } });
    // An underpaid payoff credited by staff is a repayment like any other: the loan goes on.
    expect(applyPayment(facts, { purpose: 'payoff', amount: 500 }, { exact: false })).toMatchObject({
      excess: 0,
      operation: { kind: 'moveDue' },
    });
  });

  it('extends only at the fee offered; a late fee with no offer is refused or, for staff, a repayment', () => {
    const base: AccountFacts = {
      balance: balanceOf(
        [{ period: 1, dueDay: 30, principal: 1000, interest: 100, fees: 10, total: 1110 }],
        { late_fee: 0, late_charge: 0 },
        [],
      ),
      dueOrOverdue: true,
      today: TODAY,
      dueDayOf: () => TODAY,
      extension: { fee: 50, days: 7, newDue: addDays(TODAY, 7) },
      exit: null,
    };
    expect(applyPayment(base, { purpose: 'extension', amount: 50 }, { exact: true })).toEqual({
      allocations: [{ period: null, component: 'extension_fee', amount: 50 }],
      excess: 0,
      operation: { kind: 'extend', days: 7, dueDay: addDays(TODAY, 7) },
    });
    const closed = { ...base, extension: null };
    expect(applyPayment(closed, { purpose: 'extension', amount: 50 }, { exact: true })).toEqual({
      refused: 'closed',
    });
    expect(applyPayment(closed, { purpose: 'extension', amount: 50 }, { exact: false })).toMatchObject({
      allocations: [
        { period: 1, component: 'fees', amount: 10 },
        { period: 1, component: 'interest', amount: 40 },
      ],
      operation: { kind: 'moveDue', dueDay: TODAY },
    });
  });
});

describe('a payment against its bill (the reconciliation screen, issue 29)', () => {
  it('says how far short of the bill it fell, or how far over it went; nothing when exact', () => {
    expect(billDifference(1_200_000, 1_250_000)).toEqual({ shortfall: 50_000, excess: 0 });
    expect(billDifference(1_300_000, 1_250_000)).toEqual({ shortfall: 0, excess: 50_000 });
    expect(billDifference(1_250_000, 1_250_000)).toEqual({ shortfall: 0, excess: 0 });
  });
});
