import { eq } from 'drizzle-orm';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import type { GatewayEvent } from '../../../shared/contract/repayment.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import {
  allocateCoolingOffExit,
  allocatePayment,
  applyAllocations,
  nextWaiting,
  totalOutstanding,
} from '../../../shared/domain/ledger.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import { MARKET_INFO, MARKETS, type Market } from '../../../shared/markets.ts';
import type { Database, Db } from '../../db/client.ts';
import { orders, payCodes, paymentAllocations, payments } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';
import { AppError, withVars } from '../../errors.ts';
import { isLive } from '../loans/loans.repository.ts';
import type { OrderEngine } from '../orders/order-engine.ts';
import type { RepaymentRepository } from './repayment.repository.ts';
import { balanceOfOrder, coolingOffExit, extensionOffer, periodDueDay } from './repayment.service.ts';

/** What a callback led to. `duplicate`: this event or this payment was seen before; nothing changed. */
export type CreditOutcome = 'credited' | 'review' | 'duplicate';

/** Why a payment waits for staff instead of being credited. */
export type ReviewReason = 'unmatched' | 'underpaid' | 'overpaid' | 'expired' | 'closed';

const ACTOR = 'system:gateway' as const;

/**
 * Crediting (issue 9, decision 031): one transaction per gateway event. It records the event id (the same
 * event again is acknowledged and changes nothing), then the payment (unique per provider payment id:
 * a second event for one payment changes nothing), then either credits it — the allocations in the
 * ledger's order, the bill paid, the order moved through the engine (settle, cure or extend, with its
 * new due date; a cooling-off payoff: the exit's own split, then settle) — or puts it in the
 * reconciliation list with the reason. The order row is locked for the transaction, so two payments to
 * one order take turns and each sees the other's allocations.
 */
type BookedPart = { period: number | null; component: string; amount: number };

/** Writes a payment's allocations (never updated or deleted afterwards), inside the crediting transaction. */
async function bookAllocations(tx: Db, paymentId: number, orderId: number, at: Date, rows: BookedPart[]) {
  if (rows.length === 0) return;
  await tx.insert(paymentAllocations).values(
    rows.map((a) => ({
      paymentId,
      orderId,
      period: a.period,
      component: a.component,
      amountMinor: a.amount,
      createdAt: at,
    })),
  );
}

/**
 * The event and the payment recorded in one named statement (decision 020: parsed and planned once per
 * connection; every callback runs it, repeated ones included).
 */
const recordPayment = statement<{ id: number | null; state: string | null; fresh: boolean }>(
  'repay_record_payment',
  `with ev as (
     insert into gateway_events (event_id, payment_id, outcome) values ($1, $2, 'received')
     on conflict do nothing returning event_id
   ), code as (
     select id, order_id from pay_codes where vcode = $3
   ), pay as (
     insert into payments (provider_payment_id, event_id, vcode, pay_code_id, order_id, amount_minor,
                           currency, utr, paid_at, state, review_reason)
     select $2, $1, $3, (select id from code), (select order_id from code), $4::bigint, $5, $6,
            $7::timestamptz,
            case when exists (select 1 from code) then 'received' else 'review' end,
            case when exists (select 1 from code) then null else 'unmatched' end
       from ev
     on conflict (provider_payment_id) do nothing
     returning id, state
   )
   select coalesce((select id from pay), p.id) as id, coalesce((select state from pay), p.state) as state,
          exists (select 1 from pay) as fresh
     from (select 1) one
     left join payments p on p.provider_payment_id = $2`,
);

export function repaymentLedger(deps: {
  db: Db;
  run: Database['run'];
  repo: RepaymentRepository;
  engine: OrderEngine;
  clock: { now(): Date };
}) {
  const { db, run, repo, engine, clock } = deps;

  return {
    async credit(event: GatewayEvent): Promise<{ outcome: CreditOutcome; reason?: ReviewReason }> {
      // First, in one statement of its own (atomic, one round trip): the event and the payment recorded.
      // A payment to a code of ours is `received`, to be decided below; one naming no code of ours goes
      // to review at once. A repeated event or payment records nothing, and says where its payment
      // stands: one still `received` (a crash, or a repeat arriving while the first is being credited)
      // is decided now, so a provider's retry always finishes the work.
      const [row] = await run(recordPayment, [
        event.eventId,
        event.paymentId,
        event.vcode,
        event.amount,
        event.currency,
        event.utr ?? null,
        event.paidAt,
      ]);
      if (!row || row.id === null || row.state !== 'received')
        return row?.fresh
          ? { outcome: 'review' as const, reason: 'unmatched' as const }
          : { outcome: 'duplicate' as const };
      const paymentId = row.id;
      const fresh = row.fresh;

      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const now = clock.now();
        // The payment is decided once: whoever holds its row decides; a repeat waiting here finds it done.
        const [payment] = await tx
          .select({ id: payments.id, state: payments.state, payCodeId: payments.payCodeId })
          .from(payments)
          .where(eq(payments.id, paymentId))
          .for('update');
        if (payment?.state !== 'received' || payment.payCodeId === null)
          return { outcome: 'duplicate' as const };
        const review = async (reason: ReviewReason) => {
          await tx
            .update(payments)
            .set({ state: 'review', reviewReason: reason })
            .where(eq(payments.id, payment.id));
          return { outcome: fresh ? ('review' as const) : ('duplicate' as const), reason };
        };
        const [code] = await tx
          .select()
          .from(payCodes)
          .where(eq(payCodes.id, payment.payCodeId))
          .for('update');
        if (!code) return review('unmatched');
        const o = await repo.lockedLedger(tx, code.orderId);
        if (!o || MARKET_INFO[o.market].currency !== event.currency) return review('unmatched');
        // A second payment to a code that is already paid is money we did not ask for.
        if (code.state === 'paid') return review('overpaid');
        if (code.state === 'expired' || new Date(event.paidAt) > code.expiresAt) return review('expired');
        if (event.amount < code.amountMinor) return review('underpaid');
        if (event.amount > code.amountMinor) return review('overpaid');
        if (!isLive(o.status) || !o.schedule || !o.disbursedAt) return review('closed');

        const book = (rows: BookedPart[]) => bookAllocations(tx, payment.id, o.id, now, rows);
        const reason = `payment ${event.paymentId}`;

        if (code.purpose === 'payoff') {
          // The cooling-off exit (decision 031). Reckoned for the day it was paid: the code was paid in
          // time (checked above) and never outlives the window, so a callback delayed past midnight
          // still gets the exit the borrower paid for. A payment credited meanwhile lowers what the exit
          // asks: this code's amount is then more than that (for staff to credit or refund).
          const exit = coolingOffExit(o, marketDay(new Date(event.paidAt), o.market));
          if (!exit || exit.due < event.amount) return review('overpaid');
          if (exit.due > event.amount) return review('underpaid');
          const { allocations, left } = allocateCoolingOffExit(balanceOfOrder(o), event.amount);
          if (left > 0) return review('overpaid');
          await book(allocations);
          // Settled on the exit's terms: what the schedule still shows unpaid (the interest of the days
          // not used, the fees, any late charge) is waived here, never booked as paid.
          await engine.apply(o.id, 'settle', ACTOR, { tx, now, reason: `cooling-off exit, ${reason}` });
        } else if (code.purpose === 'extension') {
          const offer = extensionOffer(o, marketDay(now, o.market));
          // Paid after the loan stopped being extendable (repaid meanwhile, or the window passed).
          if (!offer || offer.fee !== event.amount) return review('closed');
          await book([{ period: null, component: 'extension_fee', amount: event.amount }]);
          await engine.apply(o.id, 'extend', ACTOR, {
            tx,
            now,
            reason,
            set: {
              extensionDays: o.extensionDays + offer.days,
              dueAt: startOfMarketDay(offer.newDue, o.market),
            },
          });
        } else {
          const balance = balanceOfOrder(o);
          const { allocations, left } = allocatePayment(balance, event.amount);
          // More than the whole loan (paid meanwhile by another code): keep it for a refund.
          if (left > 0) return review('overpaid');
          await book(allocations);
          const after = applyAllocations(balance, allocations);
          if (totalOutstanding(after) === 0) {
            await engine.apply(o.id, 'settle', ACTOR, { tx, now, reason });
          } else {
            const next = nextWaiting(after);
            const dueAt = next ? startOfMarketDay(periodDueDay(o, next), o.market) : null;
            const current = o.status === 174 || o.status === 180;
            if (dueAt && current && dueAt > now) {
              await engine.apply(o.id, 'cure', ACTOR, { tx, now, reason, set: { dueAt } });
            } else if (dueAt) {
              await tx.update(orders).set({ dueAt }).where(eq(orders.id, o.id));
            }
          }
        }
        await tx.update(payCodes).set({ state: 'paid' }).where(eq(payCodes.id, code.id));
        await tx.update(payments).set({ state: 'credited' }).where(eq(payments.id, payment.id));
        return { outcome: 'credited' as const };
      });
    },
  };
}
export type RepaymentLedger = ReturnType<typeof repaymentLedger>;

/** What crediting a reviewed payment did to the order (decision 031, "Reconciliation in the back office"). */
export interface ReviewedCredit {
  orderNo: string;
  market: Market;
  /** The sum of the allocations booked (for an extension: its fee). */
  allocated: number;
  /** What the order did not owe: recorded on the payment for a refund, never booked. */
  excess: number;
  operation: 'settle' | 'cure' | 'extend' | null;
  /** The order's status afterwards. */
  status: number;
}

/** The market a payment belongs to: its order's, or for one that names no order of ours, its currency's. */
export function paymentMarket(orderMarket: string | null, currency: string): Market | null {
  if (orderMarket) return orderMarket as Market;
  return MARKETS.find((m) => MARKET_INFO[m].currency === currency) ?? null;
}

const otherMarketsPayment = () =>
  new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'admin:errors.payment.otherMarket', 403);
const refused = (key: string, status: 400 | 404 | 409, vars: Record<string, string> = {}) =>
  withVars(
    new AppError(
      status === 400 ? ERROR_CODE.VALIDATION : status === 404 ? ERROR_CODE.NOT_FOUND : ERROR_CODE.CONFLICT,
      `admin:errors.payment.${key}`,
      status,
    ),
    vars,
  );

/**
 * Staff credit a payment from the reconciliation list to its order (or, for one that named no code of
 * ours, to the order they name), with the same arithmetic and order-engine operations as a callback:
 * allocated in the ledger's order, then `settle`, `cure` or (an extension fee the order still offers at
 * that price) `extend`; a cooling-off payoff of at least what the exit asked on the day it was paid is
 * the exit (its split, then `settle`). What the order does not owe is the excess: never booked, written
 * on the payment for a refund. One transaction, the payment row locked first and the order after it (as `credit` does),
 * so two operators crediting one payment at once credit it once: the second finds it credited (409).
 * `record` runs inside that transaction (the audit entry: no credit without its record).
 */
export async function creditReviewedPayment(
  deps: { db: Db; repo: RepaymentRepository; engine: OrderEngine; clock: { now(): Date } },
  request: {
    paymentId: number;
    /** The order staff named; required for a payment with no order, optional (and checked) otherwise. */
    orderNo: string | null;
    /** The markets the staff member works on. */
    markets: readonly Market[];
    staffId: number;
    note: string;
  },
  record: (tx: Db, credit: ReviewedCredit) => Promise<void>,
): Promise<ReviewedCredit> {
  const { db, repo, engine, clock } = deps;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const now = clock.now();
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, request.paymentId))
      .for('update');
    if (!payment) throw new AppError(ERROR_CODE.NOT_FOUND);
    const [own] = payment.orderId
      ? await tx
          .select({ orderNo: orders.orderNo, market: orders.market })
          .from(orders)
          .where(eq(orders.id, payment.orderId))
      : [];
    // Another market's payment is refused before anything about it (its state) is told.
    const market = paymentMarket(own?.market ?? null, payment.currency);
    if (!market || !request.markets.includes(market)) throw otherMarketsPayment();
    if (payment.state !== 'review')
      throw new AppError(ERROR_CODE.CONFLICT, 'repayment:refusals.notInReview', 409);

    let orderId = payment.orderId;
    if (orderId === null) {
      if (!request.orderNo) throw refused('orderRequired', 400);
      const [named] = await tx
        .select({ id: orders.id, market: orders.market })
        .from(orders)
        .where(eq(orders.orderNo, request.orderNo));
      if (!named) throw refused('orderNotFound', 404, { orderNo: request.orderNo });
      if (!request.markets.includes(named.market as Market))
        throw new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'orders:refusals.otherMarket', 403);
      orderId = named.id;
    } else if (request.orderNo && request.orderNo !== own?.orderNo) {
      throw refused('orderMismatch', 409, { orderNo: own?.orderNo ?? '' });
    }

    // The same lock order as a callback's: payment, its code, then the order.
    const [code] = payment.payCodeId
      ? await tx.select().from(payCodes).where(eq(payCodes.id, payment.payCodeId)).for('update')
      : [];
    const o = await repo.lockedLedger(tx, orderId);
    if (!o) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (MARKET_INFO[o.market].currency !== payment.currency)
      throw refused('currencyMismatch', 409, { orderNo: o.orderNo, currency: payment.currency });
    const balance = balanceOfOrder(o);
    // A settled or closed loan owes nothing: the money can only go back (resolve with a note).
    if (!isLive(o.status) || !o.schedule || !o.disbursedAt || totalOutstanding(balance) === 0)
      throw refused('nothingDue', 409, { orderNo: o.orderNo });

    const actor = `staff:${request.staffId}` as const;
    const reason = `payment ${payment.providerPaymentId} (reconciliation)`;
    const book = (rows: BookedPart[]) => bookAllocations(tx, payment.id, o.id, now, rows);
    let allocated = payment.amountMinor;
    let excess = 0;
    let operation: ReviewedCredit['operation'] = null;
    let status = o.status;
    const offer = code?.purpose === 'extension' ? extensionOffer(o, marketDay(now, o.market)) : null;
    // A cooling-off payoff that went to review (more than the exit asked, or paid after its code expired)
    // is still the exit when, on the day it was paid, the exit was open and asked no more than this
    // payment: the exit is applied and the rest is the excess. Otherwise it is a repayment like any other.
    const exit = code?.purpose === 'payoff' ? coolingOffExit(o, marketDay(payment.paidAt, o.market)) : null;
    if (exit && exit.due <= payment.amountMinor) {
      const { allocations, left } = allocateCoolingOffExit(balance, exit.due);
      await book(allocations);
      allocated = exit.due - left;
      excess = payment.amountMinor - allocated;
      status = (await engine.apply(o.id, 'settle', actor, { tx, now, reason: `cooling-off exit, ${reason}` }))
        .to;
      operation = 'settle';
    } else if (offer && offer.fee === payment.amountMinor) {
      // An extension fee paid late (its code expired) while the loan still offers it at that price.
      await book([{ period: null, component: 'extension_fee', amount: payment.amountMinor }]);
      const change = await engine.apply(o.id, 'extend', actor, {
        tx,
        now,
        reason,
        set: {
          extensionDays: o.extensionDays + offer.days,
          dueAt: startOfMarketDay(offer.newDue, o.market),
        },
      });
      operation = 'extend';
      status = change.to;
    } else {
      // Anything else goes to what the order owes, in the ledger's order.
      const { allocations, left } = allocatePayment(balance, payment.amountMinor);
      await book(allocations);
      allocated = payment.amountMinor - left;
      excess = left;
      const after = applyAllocations(balance, allocations);
      if (totalOutstanding(after) === 0) {
        status = (await engine.apply(o.id, 'settle', actor, { tx, now, reason })).to;
        operation = 'settle';
      } else {
        const next = nextWaiting(after);
        const dueAt = next ? startOfMarketDay(periodDueDay(o, next), o.market) : null;
        const current = o.status === 174 || o.status === 180;
        if (dueAt && current && dueAt > now) {
          status = (await engine.apply(o.id, 'cure', actor, { tx, now, reason, set: { dueAt } })).to;
          operation = 'cure';
        } else if (dueAt) {
          await tx.update(orders).set({ dueAt }).where(eq(orders.id, o.id));
        }
      }
    }
    // An open code was for an amount that no longer matches what is owed: it takes no second payment.
    if (code?.state === 'open')
      await tx.update(payCodes).set({ state: 'paid' }).where(eq(payCodes.id, code.id));
    const money = (minor: number) => formatMoney(minor, o.market);
    const resolution = [
      `Credited ${money(allocated)} to order ${o.orderNo}`,
      excess > 0 ? `; excess ${money(excess)} to refund` : '',
      request.note ? `. ${request.note}` : '',
    ].join('');
    await tx
      .update(payments)
      .set({
        state: 'credited',
        orderId: o.id,
        resolvedBy: request.staffId,
        resolution,
        resolvedAt: now,
      })
      .where(eq(payments.id, payment.id));
    const credit: ReviewedCredit = {
      orderNo: o.orderNo,
      market: o.market,
      allocated,
      excess,
      operation,
      status,
    };
    await record(tx, credit);
    return credit;
  });
}
