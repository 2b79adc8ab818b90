import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import type { GatewayEvent } from '../../../shared/contract/repayment.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { totalOutstanding } from '../../../shared/domain/ledger.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { isDueOrOverdue, isLive } from '../../../shared/domain/order-status.ts';
import {
  type AccountFacts,
  applyPayment,
  type PaymentApplication,
  type PaymentPurpose,
} from '../../../shared/domain/payment-application.ts';
import { marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import { MARKET_INFO, MARKETS, type Market } from '../../../shared/markets.ts';
import type { Database, Db } from '../../db/client.ts';
import { orders, payCodes, paymentAllocations, payments } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';
import { AppError, withVars } from '../../errors.ts';
import { isDatabaseUnavailable } from '../../plugins/errors.ts';
import type { Actor, OrderEngine } from '../orders/index.ts';
import type { LedgerOrder, RepaymentRepository } from './repayment.repository.ts';
import { balanceOfOrder, coolingOffExit, extensionOffer, periodDueDay } from './repayment.service.ts';

/** What a callback led to. `duplicate`: this event or this payment was decided before; nothing changed. */
export type CreditOutcome = 'credited' | 'review' | 'duplicate';

/**
 * Why a payment waits for staff instead of being credited. `undecided`: the sweep found it left
 * `received` and crediting it failed for a reason other than the database being away.
 */
export type ReviewReason = 'unmatched' | 'underpaid' | 'overpaid' | 'expired' | 'closed' | 'undecided';

const ACTOR = 'system:gateway' as const;
/** A payment still `received` this long after it was recorded was left by a crash: the sweep credits it. */
export const CREDIT_SWEEP_GRACE_MS = 30_000;
/** Payments the sweep takes in one run (the next run takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Crediting (issue 9, decisions 031 and 045): one transaction per gateway event. It records the event id
 * (the same event again is acknowledged and changes nothing), then the payment (unique per provider
 * payment id: a second event for one payment changes nothing), then either credits it — the allocations
 * in the ledger's order, the bill paid, the order moved through the engine (settle, cure or extend, with
 * its new due date; a cooling-off payoff: the exit's own split, then settle) — or puts it in the
 * reconciliation list with the reason. Locks are taken payment → pay code → order, the order in a
 * statement of its own before its ledger is read (decision 045).
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
 * What the loan account knows of the order under its lock, for `applyPayment`: the balance, the day,
 * the extension offered today and the cooling-off exit on the day the payment was made (asked only for
 * a bill of that purpose).
 */
function accountFacts(o: LedgerOrder, purpose: PaymentPurpose, now: Date, paidAt: Date): AccountFacts {
  const today = marketDay(now, o.market);
  return {
    balance: balanceOfOrder(o),
    dueOrOverdue: isDueOrOverdue(o.status),
    today,
    dueDayOf: (p) => periodDueDay(o, p),
    extension: purpose === 'extension' ? extensionOffer(o, today) : null,
    exit: purpose === 'payoff' ? coolingOffExit(o, marketDay(paidAt, o.market)) : null,
  };
}

/**
 * Books what `applyPayment` decided: the allocations, then the order's move through the engine, in the
 * caller's transaction (the order is locked). Returns the operation named for the audit and the status.
 */
async function bookApplication(
  tx: Db,
  engine: OrderEngine,
  o: LedgerOrder,
  paymentId: number,
  applied: PaymentApplication,
  context: { actor: Actor; reason: string; now: Date },
): Promise<{ operation: 'settle' | 'cure' | 'extend' | null; status: number }> {
  const { actor, now } = context;
  await bookAllocations(tx, paymentId, o.id, now, applied.allocations);
  const op = applied.operation;
  const dueAt = 'dueDay' in op ? startOfMarketDay(op.dueDay, o.market) : null;
  switch (op.kind) {
    case 'settle': {
      // The exit is a settlement of its own kind: the event's reason tells it from a full repayment.
      const reason = op.exit ? `cooling-off exit, ${context.reason}` : context.reason;
      return {
        operation: 'settle',
        status: (await engine.apply(o.id, 'settle', actor, { tx, now, reason })).to,
      };
    }
    case 'cure':
      return {
        operation: 'cure',
        status: (await engine.apply(o.id, 'cure', actor, { tx, now, reason: context.reason, set: { dueAt } }))
          .to,
      };
    case 'extend': {
      const set = { extensionDays: o.extensionDays + op.days, dueAt };
      return {
        operation: 'extend',
        status: (await engine.apply(o.id, 'extend', actor, { tx, now, reason: context.reason, set })).to,
      };
    }
    case 'moveDue':
      await tx.update(orders).set({ dueAt }).where(eq(orders.id, o.id));
      return { operation: null, status: o.status };
    case 'none':
      return { operation: null, status: o.status };
  }
}

/**
 * The event and the payment recorded in one named statement (decision 020: parsed and planned once per
 * connection; every callback runs it, repeated ones included).
 */
const recordPayment = statement.write(
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
  { id: z.number().nullable(), state: z.string().nullable(), fresh: z.boolean() },
);

export function repaymentLedger(deps: {
  db: Db;
  run: Database['run'];
  repo: RepaymentRepository;
  engine: OrderEngine;
  clock: { now(): Date };
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, run, repo, engine, clock, log } = deps;

  /**
   * Decides a recorded payment still `received`: credits it, or puts it in review with its reason. One
   * transaction; whoever holds the payment's row decides, and one waiting for it finds it decided
   * (`duplicate`) or, when the holder failed and rolled back, decides it itself and says what it
   * decided: `duplicate` only ever means decided before.
   */
  function decide(
    which: { providerPaymentId: string } | { id: number },
  ): Promise<{ outcome: CreditOutcome; reason?: ReviewReason }> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const now = clock.now();
      const [payment] = await tx
        .select()
        .from(payments)
        .where(
          'id' in which ? eq(payments.id, which.id) : eq(payments.providerPaymentId, which.providerPaymentId),
        )
        .for('update');
      // Recorded by a statement that has committed before this one began: never missing. Should it be,
      // "not now" makes the provider deliver again rather than hear that it was seen.
      if (!payment) throw new AppError(ERROR_CODE.UNAVAILABLE);
      if (payment.state !== 'received') return { outcome: 'duplicate' as const };
      const review = async (reason: ReviewReason) => {
        await tx
          .update(payments)
          .set({ state: 'review', reviewReason: reason })
          .where(eq(payments.id, payment.id));
        return { outcome: 'review' as const, reason };
      };
      const [code] = payment.payCodeId
        ? await tx.select().from(payCodes).where(eq(payCodes.id, payment.payCodeId)).for('update')
        : [];
      if (!code) return review('unmatched');
      const o = await repo.lockedLedger(tx, code.orderId);
      if (!o || MARKET_INFO[o.market].currency !== payment.currency) return review('unmatched');
      // A second payment to a code that is already paid is money we did not ask for.
      if (code.state === 'paid') return review('overpaid');
      if (code.state === 'expired' || payment.paidAt > code.expiresAt) return review('expired');
      if (payment.amountMinor < code.amountMinor) return review('underpaid');
      if (payment.amountMinor > code.amountMinor) return review('overpaid');
      if (!isLive(o.status) || !o.schedule || !o.disbursedAt) return review('closed');

      const purpose = code.purpose as PaymentPurpose;
      // A payoff is reckoned for the day it was paid: the code was paid in time (checked above) and never
      // outlives the window, so a callback delayed past midnight still gets the exit the borrower paid for.
      const applied = applyPayment(
        accountFacts(o, purpose, now, payment.paidAt),
        { purpose, amount: payment.amountMinor },
        { exact: true },
      );
      if ('refused' in applied) return review(applied.refused);
      await bookApplication(tx, engine, o, payment.id, applied, {
        actor: ACTOR,
        reason: `payment ${payment.providerPaymentId}`,
        now,
      });
      await tx.update(payCodes).set({ state: 'paid' }).where(eq(payCodes.id, code.id));
      await tx.update(payments).set({ state: 'credited' }).where(eq(payments.id, payment.id));
      return { outcome: 'credited' as const };
    });
  }

  return {
    /**
     * A gateway event: recorded durably first (its own statement), then decided. The answer is given
     * only after both, so a 200 means credited or in review; a failure before that is a 503 or 500 the
     * provider retries, and a payment a crash leaves `received` is the sweep's.
     */
    async credit(event: GatewayEvent): Promise<{ outcome: CreditOutcome; reason?: ReviewReason }> {
      // In one statement of its own (atomic, one round trip): the event and the payment recorded. A
      // payment to a code of ours is `received`, to be decided below; one naming no code of ours goes
      // to review at once.
      const [row] = await run(recordPayment, [
        event.eventId,
        event.paymentId,
        event.vcode,
        event.amount,
        event.currency,
        event.utr ?? null,
        event.paidAt,
      ]);
      if (row?.fresh && row.state !== 'received') return { outcome: 'review', reason: 'unmatched' };
      // Decided before (credited, in review, resolved): the repeat is told so and changes nothing.
      if (row && row.id !== null && row.state !== 'received') return { outcome: 'duplicate' };
      // Everything else is decided now: this delivery's payment; one a failed delivery left `received`;
      // one another delivery is deciding (this one waits for its row, then finds it decided or, if that
      // one failed, decides it); or one a concurrent delivery recorded after this statement began (its
      // row was not yet visible here: a later statement sees it). A repeat never hears "duplicate" for
      // a payment that is not decided.
      return decide({ providerPaymentId: event.paymentId });
    },

    /**
     * Credits every payment left `received` longer than the grace (a crash between recording and
     * crediting) through the same path as a callback. One that fails for a reason other than the
     * database being away goes to the reconciliation list (`undecided`) so that staff see it. Safe on
     * every instance at once, and twice in a row: a payment is decided once, under its row lock.
     */
    async sweep(
      opts: { graceMs?: number } = {},
    ): Promise<{ credited: number; review: number; undecided: number }> {
      const graceMs = opts.graceMs ?? CREDIT_SWEEP_GRACE_MS;
      const found = await db.execute(sql`
        select id from payments
         where state = 'received' and created_at < now() - ${graceMs} * interval '1 millisecond'
         order by created_at limit ${SWEEP_BATCH}`);
      const result = { credited: 0, review: 0, undecided: 0 };
      for (const { id } of (found as unknown as { rows: Array<{ id: number }> }).rows) {
        try {
          const { outcome } = await decide({ id: Number(id) });
          if (outcome === 'credited') result.credited++;
          else if (outcome === 'review') result.review++;
        } catch (err) {
          // The database away: the next run tries again. Anything else would fail every run: staff decide.
          if (isDatabaseUnavailable(err)) throw err;
          log?.warn({ err, paymentId: id }, 'payment left received could not be credited');
          await db
            .update(payments)
            .set({ state: 'review', reviewReason: 'undecided' })
            .where(sql`${payments.id} = ${Number(id)} and ${payments.state} = 'received'`);
          result.undecided++;
        }
      }
      return result;
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
    // A settled or closed loan owes nothing: the money can only go back (resolve with a note).
    if (!isLive(o.status) || !o.schedule || !o.disbursedAt || totalOutstanding(balanceOfOrder(o)) === 0)
      throw refused('nothingDue', 409, { orderNo: o.orderNo });

    // A cooling-off payoff that went to review (more than the exit asked, or paid after its code expired)
    // is still the exit when, on the day it was paid, the exit was open and asked no more than this
    // payment; an extension fee paid late is the extension while the loan still offers it at that
    // price. Anything else goes to what the order owes, in the ledger's order; the rest is the excess.
    const purpose = (code?.purpose ?? 'repay') as PaymentPurpose;
    const applied = applyPayment(
      accountFacts(o, purpose, now, payment.paidAt),
      { purpose, amount: payment.amountMinor },
      { exact: false },
    );
    if ('refused' in applied) throw new Error('a staff credit is never refused by the arithmetic');
    const { operation, status } = await bookApplication(tx, engine, o, payment.id, applied, {
      actor: `staff:${request.staffId}`,
      reason: `payment ${payment.providerPaymentId} (reconciliation)`,
      now,
    });
    const excess = applied.excess;
    const allocated = payment.amountMinor - excess;
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
