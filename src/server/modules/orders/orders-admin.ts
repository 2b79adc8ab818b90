import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODE,
  type AdminOrder,
  type AdminOrders,
  adminOrderReply,
  type OrderActionBody,
  orderActionBody,
  orderNoParams,
  ordersQuery,
  ordersReply,
} from '../../../shared/contract/admin.ts';
import { ADMIN_BASE, PAGE_SIZE } from '../../../shared/contract/constants.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { maskPhone, normalizePhone } from '../../../shared/domain/phone.ts';
import {
  REJECTION_NOTE_MAX,
  REJECTION_REASONS,
  type RejectionReason,
} from '../../../shared/domain/rejection-reasons.ts';
import type { Market } from '../../../shared/markets.ts';
import type { PayoutProvider } from '../../adapters/payout.ts';
import type { Db } from '../../db/client.ts';
import { borrowers, orderEvents, orders, products, staffUsers } from '../../db/schema.ts';
import { AppError, withVars } from '../../errors.ts';
import { ok } from '../../reply.ts';
import { payoutAccountOf } from '../bank/index.ts';
import type { AuditEntry, StaffIdentity } from '../staff/index.ts';
import type { OrderEngine } from './order-engine.ts';

const DAY_MS = 86_400_000;

/** An order's creation time in microseconds (text: beyond 2^53): with its id, the keyset of the search. */
const createdUs = sql<string>`((extract(epoch from ${orders.createdAt}) * 1000000)::bigint)::text`;

/** The order row with what the order page shows of its borrower and product: one query. */
const orderColumns = {
  o: orders,
  borrowerName: borrowers.name,
  borrowerPhone: borrowers.phone,
  productName: products.name,
};
type OrderRow = {
  o: typeof orders.$inferSelect;
  borrowerName: string;
  borrowerPhone: string;
  productName: string;
};

/** A stored reason code read back: one of the list, or null (another event, an older rejection). */
function rejectionReason(code: string | null): RejectionReason | null {
  return (REJECTION_REASONS as readonly (string | null)[]).includes(code) ? (code as RejectionReason) : null;
}

/**
 * A rejection's reason as the operator gave it (issue 29): one of the list, and for `other` their own
 * words, required and short. The note of a listed reason is not kept: the list's text says it.
 */
function rejectionOf(body: OrderActionBody): { code: RejectionReason; note: string } {
  if (!body.rejectReason)
    throw new AppError(ERROR_CODE.VALIDATION, 'orders:refusals.rejectReasonRequired', 400);
  if (body.rejectReason !== 'other') return { code: body.rejectReason, note: '' };
  const note = body.reason?.trim() ?? '';
  if (!note) throw new AppError(ERROR_CODE.VALIDATION, 'orders:refusals.reasonRequired', 400);
  if (note.length > REJECTION_NOTE_MAX)
    throw withVars(new AppError(ERROR_CODE.VALIDATION, 'orders:refusals.reasonTooLong', 400), {
      max: String(REJECTION_NOTE_MAX),
    });
  return { code: 'other', note };
}

/** The markets a search may look at: the staff member's, narrowed to one when asked for one of them. */
function marketsFor(staff: StaffIdentity, market: Market | undefined): Market[] {
  if (!market) return staff.markets;
  if (!staff.markets.includes(market)) throw new AppError('403', 'staff:errors.forbidden', 403);
  return [market];
}

/**
 * The back office's side of the order engine (issue 8): an order with its history, and the review
 * decisions (approve, reject with a reason). Staff see the markets they work on; another market's order
 * is named as such (403), a missing one is 404. Every decision goes through the engine (one transaction,
 * one event) and into the audit log.
 */
export function ordersAdminService(
  db: Db,
  engine: OrderEngine,
  audit: (entry: AuditEntry) => Promise<void>,
  /** The payout provider, asked once an order is approved (late-bound: its confirmation calls back here). */
  payout: () => PayoutProvider,
  /** The loan clock (a moved demo clock moves the 24-hour hold of a changed bank account too). */
  clock: { now(): Date } = { now: () => new Date() },
) {
  async function find(staff: StaffIdentity, orderNo: string): Promise<OrderRow> {
    const [row] = await db
      .select(orderColumns)
      .from(orders)
      .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.orderNo, orderNo));
    if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (!staff.markets.includes(row.o.market as Market))
      throw new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'orders:refusals.otherMarket', 403);
    return row;
  }

  /** The reply for an order row (status as given: after a decision, the status it now has). */
  async function present({ o: order, ...row }: OrderRow): Promise<AdminOrder> {
    const market = order.market as Market;
    const money = (minor: number) => formatMoney(minor, market);
    // The history names the staff members who acted, not their numbers (issue 29): the staff row joined
    // on the event's `staff:<id>` actor, in the history's one query.
    const events = await db
      .select({ e: orderEvents, staffName: staffUsers.name })
      .from(orderEvents)
      .leftJoin(staffUsers, sql`${orderEvents.actor} = 'staff:' || ${staffUsers.id}`)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id);
    const q = order.quote;
    return {
      orderNo: order.orderNo,
      market,
      status: order.status,
      amountMinor: order.amountMinor,
      amount: money(order.amountMinor),
      termDays: order.termDays,
      borrowerName: row.borrowerName,
      borrowerPhone: maskPhone(row.borrowerPhone),
      productName: row.productName,
      createdAt: order.createdAt.toISOString(),
      disbursedAt: order.disbursedAt?.toISOString() ?? null,
      dueAt: order.dueAt?.toISOString() ?? null,
      quote: q
        ? {
            disbursed: money(q.disbursed),
            interest: money(q.interest),
            fees: q.fees.map((f) => ({ name: f.name, amount: money(f.amount), timing: f.timing })),
            totalRepayable: money(q.totalRepayable),
            aprBp: q.aprBp,
          }
        : null,
      events: events.map(({ e, staffName }) => ({
        operation: e.operation,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        actor: e.actor,
        actorName: staffName,
        reasonCode: rejectionReason(e.reasonCode),
        reason: e.reason,
        at: e.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The account an approved order pays out to (issue 30, decision 065): only the borrower's own verified
   * account. None (never bound, or waiting for review): refused. Changed less than 24 hours ago: held
   * for review (someone with the borrower's session and phone may have redirected it), refused until
   * the day has passed, with the time from which it may be approved.
   */
  async function payoutAccount(tx: Db, borrowerId: number): Promise<number> {
    const now = clock.now();
    const { account, changedAt } = await payoutAccountOf(tx, borrowerId, new Date(now.getTime() - DAY_MS));
    if (account?.status !== 'verified')
      throw new AppError(ERROR_CODE.CONFLICT, 'bankAccount:payout.noVerifiedAccount', 409);
    if (changedAt)
      throw withVars(new AppError(ERROR_CODE.CONFLICT, 'bankAccount:payout.payoutHeld', 409), {
        from: `${new Date(changedAt.getTime() + DAY_MS).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      });
    return account.id;
  }

  return {
    view: async (staff: StaffIdentity, orderNo: string) => present(await find(staff, orderNo)),

    /**
     * Orders of the staff member's markets, newest first, a page at a time: `q` is an order number
     * (exactly) or a borrower's phone in any form the market writes it (+62 8…, 0 98…), `status` one
     * code. Keyset paging on (created, id), so an order made meanwhile never shifts a page.
     */
    async search(
      staff: StaffIdentity,
      query: { q?: string; status?: number; market?: Market; cursor?: string },
    ): Promise<AdminOrders> {
      const markets = marketsFor(staff, query.market);
      const where: SQL[] = [inArray(orders.market, markets)];
      if (query.status !== undefined) where.push(eq(orders.status, query.status));
      const text = query.q?.trim();
      if (text) {
        // The phone's borrowers first (unique index): the search is then an order number or a few ids,
        // both indexed, instead of a join the planner has to filter.
        const phones = markets.flatMap((m) => {
          const phone = normalizePhone(m, text);
          return phone ? [and(eq(borrowers.market, m), eq(borrowers.phone, phone))!] : [];
        });
        const ids = phones.length
          ? (
              await db
                .select({ id: borrowers.id })
                .from(borrowers)
                .where(or(...phones))
            ).map((b) => b.id)
          : [];
        where.push(
          ids.length
            ? or(eq(orders.orderNo, text), inArray(orders.borrowerId, ids))!
            : eq(orders.orderNo, text),
        );
      }
      if (query.cursor) {
        const [us, id] = query.cursor.split('-') as [string, string];
        where.push(
          sql`(${orders.createdAt}, ${orders.id}) < (timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond', ${Number(id)})`,
        );
      }
      const rows = await db
        .select({
          id: orders.id,
          createdUs,
          orderNo: orders.orderNo,
          market: orders.market,
          status: orders.status,
          amountMinor: orders.amountMinor,
          createdAt: orders.createdAt,
          borrowerName: borrowers.name,
          borrowerPhone: borrowers.phone,
          productName: products.name,
        })
        .from(orders)
        .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
        .innerJoin(products, eq(products.id, orders.productId))
        .where(and(...where))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(PAGE_SIZE + 1);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map((r) => ({
          orderNo: r.orderNo,
          market: r.market as Market,
          borrowerName: r.borrowerName,
          borrowerPhone: maskPhone(r.borrowerPhone),
          productName: r.productName,
          amountMinor: r.amountMinor,
          amount: formatMoney(r.amountMinor, r.market as Market),
          status: r.status,
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: rows.length > PAGE_SIZE && last ? `${last.createdUs}-${last.id}` : null,
      };
    },

    async decide(staff: StaffIdentity, orderNo: string, body: OrderActionBody, ip: string) {
      // A payout recorded by hand names the provider's reference, kept in the order's history.
      if (body.action === 'disburse' && !body.reason?.trim())
        throw new AppError(ERROR_CODE.VALIDATION, 'orders:refusals.referenceRequired', 400);
      const rejection = body.action === 'reject' ? rejectionOf(body) : null;
      const row = await find(staff, orderNo);
      const order = row.o;
      const { change, payoutMinor } = await db.transaction(async (tx) => {
        // The money rule (decision 047): the order row locked in a statement of its own, then read, then
        // written. A decision racing another waits here and then sees the other's result.
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
        const [locked] = await tx.select({ quote: orders.quote }).from(orders).where(eq(orders.id, order.id));
        // The payout is what the key facts said reaches the borrower: the principal less upfront fees.
        const payoutMinor = body.action === 'approve' ? locked?.quote?.disbursed : undefined;
        if (body.action === 'approve' && payoutMinor === undefined)
          throw new AppError(ERROR_CODE.CONFLICT, 'orders:refusals.noQuote', 409);
        const payoutAccountId =
          body.action === 'approve' ? await payoutAccount(tx as unknown as Db, order.borrowerId) : undefined;
        const change = await engine.apply(order.id, body.action, `staff:${staff.id}`, {
          reason: rejection ? rejection.note : body.reason,
          reasonCode: rejection?.code,
          tx: tx as unknown as Db,
          ...(payoutAccountId === undefined ? {} : { set: { payoutAccountId } }),
        });
        return { change, payoutMinor };
      });
      await audit({
        staffId: staff.id,
        action: `order.${body.action}`,
        target: `order:${orderNo}`,
        detail: rejection
          ? `${rejection.code}${rejection.note ? `: ${rejection.note}` : ''}`
          : (body.reason?.trim() ?? ''),
        ip,
      });
      // Approved: the money goes out; the provider's confirmation moves the order on (payoutConfirmed).
      if (payoutMinor !== undefined)
        await payout().send({ orderNo, market: order.market as Market, amountMinor: payoutMinor });
      return present({ ...row, o: { ...order, status: change.to } });
    },

    /**
     * The provider confirmed the payout: the order is disbursed. A confirmation that arrives again (a
     * provider retrying its callback) finds the order disbursed already and changes nothing.
     */
    async payoutConfirmed(orderNo: string, reference: string): Promise<void> {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
      if (!order) return;
      try {
        await engine.apply(order.id, 'disburse', 'system:payout', { reason: `payout ${reference}` });
      } catch (error) {
        // The lifecycle refuses (409) a confirmation for an order that is not disbursing: one that
        // arrives again, or out of the blue. The order is disbursed once, as it should be.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    },
  };
}
export type OrdersAdminService = ReturnType<typeof ordersAdminService>;

const staffOnly = { access: 'staff' } as const;
const tags = ['admin'];

export const ordersAdminRoutes: FastifyPluginAsyncZod<{ orders: OrdersAdminService }> = async (app, opts) => {
  app.get(
    `${ADMIN_BASE}/orders`,
    { config: staffOnly, schema: { tags, querystring: ordersQuery, response: { 200: ordersReply } } },
    async (req) => ok(await opts.orders.search(req.staff!, req.query)),
  );
  app.get(
    `${ADMIN_BASE}/orders/:orderNo`,
    { config: staffOnly, schema: { tags, params: orderNoParams, response: { 200: adminOrderReply } } },
    async (req) => ok(await opts.orders.view(req.staff!, req.params.orderNo)),
  );
  app.post(
    `${ADMIN_BASE}/orders/:orderNo/actions`,
    {
      config: staffOnly,
      schema: { tags, params: orderNoParams, body: orderActionBody, response: { 200: adminOrderReply } },
    },
    async (req) => ok(await opts.orders.decide(req.staff!, req.params.orderNo, req.body, req.ip)),
  );
};
