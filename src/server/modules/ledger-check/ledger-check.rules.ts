import type { LedgerBreach, LedgerRule } from '../../../shared/contract/ledger-check.ts';
import {
  type Allocation,
  balanceOf,
  nextWaiting,
  type OrderBalance,
  paidTowardsLoan,
  totalOutstanding,
} from '../../../shared/domain/ledger.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { isLive, ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { addDays, marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import type { CheckedOrder } from './ledger-check.repository.ts';

const PERIOD_PARTS = ['fees', 'interest', 'principal'] as const;
const ORDER_PARTS = ['late_fee', 'late_charge'] as const;
const KNOWN = new Set<string>([...PERIOD_PARTS, ...ORDER_PARTS, 'extension_fee']);
const isPeriodPart = (c: string) => (PERIOD_PARTS as readonly string[]).includes(c);

/**
 * The ledger's invariants over one order (decision 049). Pure: the balance comes from the ledger's own
 * `balanceOf`, what is left from its `totalOutstanding` and `nextWaiting`; nothing here adds money up in
 * a way of its own beyond comparing what was allocated with what was owed.
 */
export function orderBreaches(o: CheckedOrder): LedgerBreach[] {
  const found: LedgerBreach[] = [];
  const breach = (rule: LedgerRule, detail: string) =>
    found.push({ orderNo: o.orderNo, market: o.market, rule, detail });
  const money = (minor: number) => formatMoney(minor, o.market);

  // Per payment: what it allocated to this order (a payment is credited to one order) against its amount.
  const byId = new Map(o.payments.map((p) => [p.id, p]));
  const allocated = new Map<number, number>();
  for (const a of o.allocations) allocated.set(a.paymentId, (allocated.get(a.paymentId) ?? 0) + a.amount);
  for (const p of o.payments) {
    if (p.state !== 'credited') continue;
    const paid = allocated.get(p.id) ?? 0;
    if (paid > p.amount)
      breach('paymentOverAllocated', `payment ${p.id}: ${money(paid)} allocated of ${money(p.amount)}`);
    else if (!p.byStaff && paid !== p.amount)
      breach(
        'paymentNotFullyAllocated',
        `payment ${p.id}: ${money(paid)} allocated of ${money(p.amount)}, no excess recorded`,
      );
  }
  const uncredited = new Set<number>();
  for (const a of o.allocations) {
    const p = byId.get(a.paymentId);
    if (p?.state !== 'credited' && !uncredited.has(a.paymentId)) {
      uncredited.add(a.paymentId);
      breach('allocationToUncreditedPayment', `payment ${a.paymentId}: ${p?.state ?? 'missing'}`);
    }
  }

  if (!o.schedule) return found;
  const periods = new Set(o.schedule.map((s) => s.period));
  const usable: Allocation[] = [];
  for (const a of o.allocations) {
    const where = `${a.period === null ? 'order' : `period ${a.period}`} ${a.component}`;
    if (a.amount <= 0) breach('allocationNotPositive', `${where}: ${a.amount}`);
    else if (!KNOWN.has(a.component) || (isPeriodPart(a.component) && !periods.has(a.period ?? -1)))
      breach('allocationUnknownPeriod', `${where}: ${money(a.amount)}`);
    else
      usable.push({ period: a.period, component: a.component as Allocation['component'], amount: a.amount });
  }
  const b = balanceOf(o.schedule, { late_fee: o.lateFee, late_charge: o.lateCharge }, usable);

  for (const p of b.periods)
    for (const k of PERIOD_PARTS)
      if (p.paid[k] > p.owed[k])
        breach(
          'allocationOverOwed',
          `period ${p.period} ${k}: ${money(p.paid[k])} paid of ${money(p.owed[k])}`,
        );
  for (const k of ORDER_PARTS)
    if (b.paid[k] > b.owed[k])
      breach('allocationOverOwed', `${k}: ${money(b.paid[k])} paid of ${money(b.owed[k])}`);

  const extensionFees = new Set(
    o.allocations.filter((a) => a.component === 'extension_fee').map((a) => a.paymentId),
  );
  if (extensionFees.size !== o.extensions)
    breach(
      'extensionFeeUnmatched',
      `${extensionFees.size} extension fee payment(s), ${o.extensions} extend event(s)`,
    );

  const left = totalOutstanding(b);
  if (o.status === ORDER_STATUS.SETTLED) {
    const owed = o.coolingOffExit ? afterExitWaiver(b, o.amountMinor) : left;
    if (owed > 0)
      breach(
        'settledOwes',
        `${money(owed)} unpaid${o.coolingOffExit ? ' after the cooling-off waiver' : ''}`,
      );
  } else if (isLive(o.status)) {
    if (left === 0) breach('outstandingOwesNothing', `status ${o.status}, nothing left to pay`);
    const next = nextWaiting(b);
    if (next && o.disbursedAt) {
      const day = addDays(marketDay(new Date(o.disbursedAt), o.market), next.dueDay + o.extensionDays);
      const expected = startOfMarketDay(day, o.market);
      if (!o.dueAt || new Date(o.dueAt).getTime() !== expected.getTime())
        breach(
          'dueDateMismatch',
          `due ${o.dueAt ? marketDay(new Date(o.dueAt), o.market) : 'none'}, plan says ${day} (period ${next.period})`,
        );
    }
  }
  return found;
}

/**
 * What a loan settled by a cooling-off exit still owes once the exit's waiver is applied (decision 031):
 * the interest of the days not used, every fee and any late charge are waived, so only principal can
 * be owed. And not even that when the borrower has paid at least the principal towards the loan in
 * all: an earlier payment that went to interest or fees makes the exit ask less, leaving part of the
 * principal unbooked, which the rule allows. So: the principal unpaid, unless what was paid covers it.
 */
function afterExitWaiver(b: OrderBalance, principal: number): number {
  const unpaidPrincipal = b.periods.reduce((a, p) => a + Math.max(0, p.owed.principal - p.paid.principal), 0);
  if (unpaidPrincipal === 0) return 0;
  // Fees and late charges paid count towards the exit too (it waives them), as paidTowardsLoan counts.
  return paidTowardsLoan(b) >= principal ? 0 : unpaidPrincipal;
}
