import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateCoolingOffExit,
  allocatePayment,
  applyAllocations,
  balanceOf,
  chargesOutstanding,
  coolingOffExitDue,
  offeredAmounts,
  paidTowardsLoan,
  periodOutstanding,
  totalOutstanding,
} from './ledger.ts';
import type { Installment } from './pricing.ts';

const period = (n: number, principal: number, interest: number, fees: number): Installment => ({
  period: n,
  dueDay: n * 30,
  principal,
  interest,
  fees,
  total: principal + interest + fees,
});

const schedule = [period(1, 1000, 100, 10), period(2, 1000, 80, 10), period(3, 1000, 60, 10)];

describe('allocation order', () => {
  it('pays late fee, late charges, then each period fees → interest → principal, in period order', () => {
    const b = balanceOf(schedule, { late_fee: 50, late_charge: 30 }, []);
    const { allocations, left } = allocatePayment(b, 50 + 30 + 10 + 100 + 500);
    expect(left).toBe(0);
    expect(allocations).toEqual([
      { period: null, component: 'late_fee', amount: 50 },
      { period: null, component: 'late_charge', amount: 30 },
      { period: 1, component: 'fees', amount: 10 },
      { period: 1, component: 'interest', amount: 100 },
      { period: 1, component: 'principal', amount: 500 },
    ]);
  });

  it('carries on from what earlier payments paid, and returns the excess unbooked', () => {
    const first = balanceOf(schedule, { late_fee: 0, late_charge: 0 }, [
      { period: 1, component: 'fees', amount: 10 },
      { period: 1, component: 'interest', amount: 40 },
    ]);
    const { allocations, left } = allocatePayment(first, 5000);
    expect(allocations[0]).toEqual({ period: 1, component: 'interest', amount: 60 });
    expect(left).toBe(5000 - totalOutstanding(first));
  });

  it('refuses a zero, negative or fractional payment', () => {
    const b = balanceOf(schedule, { late_fee: 0, late_charge: 0 }, []);
    expect(() => allocatePayment(b, 0)).toThrow(RangeError);
    expect(() => allocatePayment(b, -5)).toThrow(RangeError);
    expect(() => allocatePayment(b, 1.5)).toThrow(RangeError);
  });
});

describe('offered amounts', () => {
  it('is the first waiting period with the late charges, then each further period added', () => {
    const b = balanceOf(schedule, { late_fee: 50, late_charge: 30 }, [
      { period: 1, component: 'fees', amount: 10 },
    ]);
    expect(offeredAmounts(b)).toEqual([80 + 1100, 80 + 1100 + 1090, 80 + 1100 + 1090 + 1070]);
  });

  it('offers the late charges alone once every period is paid, and nothing when all is paid', () => {
    const paidAll = schedule.flatMap((s) => [
      { period: s.period, component: 'fees' as const, amount: s.fees },
      { period: s.period, component: 'interest' as const, amount: s.interest },
      { period: s.period, component: 'principal' as const, amount: s.principal },
    ]);
    expect(offeredAmounts(balanceOf(schedule, { late_fee: 7, late_charge: 0 }, paidAll))).toEqual([7]);
    expect(offeredAmounts(balanceOf(schedule, { late_fee: 0, late_charge: 0 }, paidAll))).toEqual([]);
  });
});

const scheduleArb = fc
  .array(
    fc.record({
      principal: fc.integer({ min: 0, max: 10_000_000 }),
      interest: fc.integer({ min: 0, max: 1_000_000 }),
      fees: fc.integer({ min: 0, max: 100_000 }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.map((p, i) => period(i + 1, p.principal, p.interest, p.fees)));

describe('properties', () => {
  it('never books a negative or zero part; parts plus the excess are exactly the payment', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 20_000_000 }), { minLength: 1, maxLength: 6 }),
        (sched, fee, charge, payments) => {
          let b = balanceOf(sched, { late_fee: fee, late_charge: charge }, []);
          const owedAtStart = totalOutstanding(b);
          let booked = 0;
          for (const amount of payments) {
            const before = totalOutstanding(b);
            const { allocations, left } = allocatePayment(b, amount);
            for (const a of allocations) expect(a.amount).toBeGreaterThan(0);
            const sum = allocations.reduce((s, a) => s + a.amount, 0);
            expect(sum + left).toBe(amount);
            // An excess exists only once everything is paid.
            if (left > 0) expect(sum).toBe(before);
            b = applyAllocations(b, allocations);
            booked += sum;
            expect(totalOutstanding(b)).toBe(before - sum);
            // Nothing is ever paid beyond what is owed, part by part.
            for (const p of b.periods)
              for (const k of ['fees', 'interest', 'principal'] as const)
                expect(p.paid[k]).toBeLessThanOrEqual(p.owed[k]);
            expect(chargesOutstanding(b)).toBeGreaterThanOrEqual(0);
          }
          expect(totalOutstanding(b)).toBe(owedAtStart - booked);
        },
      ),
    );
  });

  it('a later period is touched only after every earlier one (and the charges) is paid', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 1, max: 30_000_000 }), (sched, amount) => {
        const b = balanceOf(sched, { late_fee: 100, late_charge: 200 }, []);
        const after = applyAllocations(b, allocatePayment(b, amount).allocations);
        const touched = after.periods.filter((p) => p.paid.fees + p.paid.interest + p.paid.principal > 0);
        for (const p of touched)
          for (const earlier of after.periods.filter((e) => e.period < p.period))
            expect(periodOutstanding(earlier)).toBe(0);
        if (touched.length > 0) expect(chargesOutstanding(after)).toBe(0);
      }),
    );
  });

  it('paying an offered amount clears exactly that many waiting periods', () => {
    fc.assert(
      fc.property(scheduleArb, fc.nat(), (sched, pick) => {
        const b = balanceOf(sched, { late_fee: 10, late_charge: 5 }, []);
        const offers = offeredAmounts(b);
        if (offers.length === 0) return;
        const k = pick % offers.length;
        const { allocations, left } = allocatePayment(b, offers[k]!);
        expect(left).toBe(0);
        const after = applyAllocations(b, allocations);
        expect(offeredAmounts(after)).toHaveLength(offers.length - (k + 1));
      }),
    );
  });
});

describe('cooling-off exit', () => {
  // 0.1 % a day, 3 days to change one's mind.
  const terms = { coolingOffDays: 3, dailyInterestPpm: 1_000 };

  it('asks the principal and the interest of the days used, less what was paid, and nothing after the period', () => {
    expect(coolingOffExitDue(terms, 3000, 0, 0)).toBe(3000 + 3);
    expect(coolingOffExitDue(terms, 3000, 2, 0)).toBe(3000 + 6);
    expect(coolingOffExitDue(terms, 3000, 3, 0)).toBe(3000 + 9);
    expect(coolingOffExitDue(terms, 3000, 4, 0)).toBeNull();
    // A period paid in the window counts towards the exit, its fee included (the exit waives fees).
    const b = balanceOf(schedule, { late_fee: 0, late_charge: 0 }, [
      { period: 1, component: 'fees', amount: 10 },
      { period: 1, component: 'interest', amount: 100 },
      { period: 1, component: 'principal', amount: 1000 },
      { period: null, component: 'extension_fee', amount: 77 },
    ]);
    expect(paidTowardsLoan(b)).toBe(1110);
    expect(coolingOffExitDue(terms, 3000, 1, paidTowardsLoan(b))).toBe(3003 - 1110);
    // Paid the payoff or more already: no exit to pay.
    expect(coolingOffExitDue(terms, 3000, 1, 3003)).toBeNull();
  });

  it('books principal of every period first, then interest, never fees or late charges', () => {
    const b = balanceOf(schedule, { late_fee: 50, late_charge: 30 }, []);
    const { allocations, left } = allocateCoolingOffExit(b, 3000 + 9);
    expect(left).toBe(0);
    expect(allocations).toEqual([
      { period: 1, component: 'principal', amount: 1000 },
      { period: 2, component: 'principal', amount: 1000 },
      { period: 3, component: 'principal', amount: 1000 },
      { period: 1, component: 'interest', amount: 9 },
    ]);
    // What the exit waives stays unpaid in the schedule: the settlement, not the ledger, closes it.
    const after = applyAllocations(b, allocations);
    expect(totalOutstanding(after)).toBe(totalOutstanding(b) - 3009);
    expect(chargesOutstanding(after)).toBe(80);
  });

  it('carries on from what earlier payments paid, and leaves unbooked what principal and interest cannot take', () => {
    const b = balanceOf(schedule, { late_fee: 0, late_charge: 0 }, [
      { period: 1, component: 'fees', amount: 10 },
      { period: 1, component: 'interest', amount: 100 },
      { period: 1, component: 'principal', amount: 400 },
    ]);
    const first = allocateCoolingOffExit(b, 700);
    expect(first.allocations).toEqual([
      { period: 1, component: 'principal', amount: 600 },
      { period: 2, component: 'principal', amount: 100 },
    ]);
    const all = 600 + 2000 + 80 + 60;
    expect(allocateCoolingOffExit(b, all + 5).left).toBe(5);
    expect(() => allocateCoolingOffExit(b, 0)).toThrow(RangeError);
  });

  it('property: parts positive, never beyond what is owed, summing with the excess to the payment', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (sched, amount, prepaid) => {
          let b = balanceOf(sched, { late_fee: 100, late_charge: 200 }, []);
          if (prepaid > 0) b = applyAllocations(b, allocatePayment(b, prepaid).allocations);
          const { allocations, left } = allocateCoolingOffExit(b, amount);
          for (const a of allocations) {
            expect(a.amount).toBeGreaterThan(0);
            expect(['principal', 'interest']).toContain(a.component);
          }
          expect(allocations.reduce((s, a) => s + a.amount, 0) + left).toBe(amount);
          const after = applyAllocations(b, allocations);
          for (const p of after.periods)
            for (const k of ['fees', 'interest', 'principal'] as const)
              expect(p.paid[k]).toBeLessThanOrEqual(p.owed[k]);
          // Interest is touched only once every period's principal is back.
          if (allocations.some((a) => a.component === 'interest'))
            for (const p of after.periods) expect(p.paid.principal).toBe(p.owed.principal);
          if (left > 0)
            for (const p of after.periods) {
              expect(p.paid.principal).toBe(p.owed.principal);
              expect(p.paid.interest).toBe(p.owed.interest);
            }
        },
      ),
    );
  });
});
