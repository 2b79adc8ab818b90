import { and, count, eq, gte } from 'drizzle-orm';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { type OrderOperation, transition } from '../../../shared/domain/order-lifecycle.ts';
import { addDays, marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { orderEvents, orders, products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** Who made a change: the borrower, a staff member, or one of the system's jobs. */
export type Actor = `borrower:${number}` | `staff:${number}` | `system:${string}`;

export interface AppliedChange {
  orderId: number;
  from: number | null;
  to: number;
  eventId: number;
}

type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'status'>;

/**
 * What an operation changes besides the status, in the same transaction. Disbursing starts the loan's
 * clock: the first due date is the market day of the payout plus the first period's days, and the order
 * falls due at that day's local midnight. A loan that is due or late may be the subject of a collection
 * complaint (isShow).
 */
function effects(
  operation: OrderOperation,
  order: { market: string; termDays: number; quote: typeof orders.$inferSelect.quote },
  now: Date,
): Partial<typeof orders.$inferInsert> {
  switch (operation) {
    case 'disburse': {
      const market = order.market as Market;
      const firstDueDay = order.quote?.schedule[0]?.dueDay ?? order.termDays;
      return {
        disbursedAt: now,
        dueAt: startOfMarketDay(addDays(marketDay(now, market), firstDueDay), market),
      };
    }
    case 'fallDue':
    case 'goOverdue':
      return { collectionAllowed: true };
    default:
      return {};
  }
}

/**
 * The order engine (issue 8): the only code that changes an order's status. Each named operation is one
 * transaction that locks the order, asks the lifecycle (src/shared/domain/order-lifecycle.ts) whether the
 * move is allowed from the status it finds, writes the new status and an event row, or writes nothing and
 * refuses: 409 for a move the current status does not allow (two operators approving at once: the second
 * finds it approved), 400 for a missing reason, 404 for no such order.
 */
export function orderEngine(db: Db, clock: { now(): Date } = { now: () => new Date() }) {
  function refuse(result: ReturnType<typeof transition>): never {
    if (!('refused' in result)) throw new Error('not a refusal');
    const { code } = result.refused;
    throw code === 'reasonRequired'
      ? new AppError(ERROR_CODE.VALIDATION, `orders:refusals.${code}`, 400)
      : new AppError(ERROR_CODE.CONFLICT, `orders:refusals.${code}`, 409);
  }

  return {
    /**
     * A new order, under review (`submit`), with its first event: one transaction, or inside the caller's
     * (`outer`: the push checks the borrower's limits under a lock in the same one). The product's daily
     * quota is kept here, by the database: the product's row is locked in a statement of its own, then
     * the day's orders are counted, then the order is inserted, so simultaneous pushes take turns and
     * each counts the others' orders (decision 045). Over the quota: 409, the product is full today. Lock
     * order: the borrower's row (the push), then the product's.
     */
    async submit(values: NewOrder, actor: Actor, now = clock.now(), outer?: Db): Promise<AppliedChange> {
      const result = transition('submit', null);
      if ('refused' in result) refuse(result);
      const run = async (tx: Db) => {
        const [product] = await tx
          .select({ dailyQuota: products.dailyQuota })
          .from(products)
          .where(eq(products.id, values.productId))
          .for('update');
        if (product?.dailyQuota !== null && product?.dailyQuota !== undefined) {
          const market = values.market as Market;
          const dayStart = startOfMarketDay(marketDay(now, market), market);
          const [today] = await tx
            .select({ n: count() })
            .from(orders)
            .where(and(eq(orders.productId, values.productId), gte(orders.createdAt, dayStart)));
          if ((today?.n ?? 0) >= product.dailyQuota)
            throw new AppError(ERROR_CODE.CONFLICT, 'loans:refusals.productFull', 409);
        }
        const [order] = await tx
          .insert(orders)
          .values({ ...values, status: result.to, createdAt: now })
          .returning({ id: orders.id });
        const [event] = await tx
          .insert(orderEvents)
          .values({
            orderId: order!.id,
            operation: 'submit',
            fromStatus: null,
            toStatus: result.to,
            actor,
            createdAt: now,
          })
          .returning({ id: orderEvents.id });
        return { orderId: order!.id, from: null, to: result.to, eventId: event!.id };
      };
      return outer ? run(outer) : db.transaction((tx) => run(tx as unknown as Db));
    },

    /** Applies `operation` to an existing order (see the lifecycle for which moves exist). */
    async apply(
      orderId: number,
      operation: Exclude<OrderOperation, 'submit'>,
      actor: Actor,
      opts: {
        reason?: string;
        /** A rejection's reason from the list (issue 29): it is the reason the lifecycle asks for. */
        reasonCode?: string;
        now?: Date;
        /** Inside a caller's transaction (the ledger credits and moves the order in one). */
        tx?: Db;
        /** Further columns the caller's operation changes with the status (a new due date). */
        set?: Partial<typeof orders.$inferInsert>;
      } = {},
    ): Promise<AppliedChange> {
      const now = opts.now ?? clock.now();
      const reason = opts.reason?.trim() ?? '';
      const run = async (tx: Db) => {
        // The lock makes concurrent operations on one order take turns: each sees the other's result.
        const [order] = await tx
          .select({
            status: orders.status,
            market: orders.market,
            termDays: orders.termDays,
            quote: orders.quote,
          })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (!order) throw new AppError(ERROR_CODE.NOT_FOUND);
        const result = transition(operation, order.status, reason || opts.reasonCode);
        if ('refused' in result) refuse(result);
        await tx
          .update(orders)
          .set({ status: result.to, ...effects(operation, order, now), ...opts.set })
          .where(eq(orders.id, orderId));
        const [event] = await tx
          .insert(orderEvents)
          .values({
            orderId,
            operation,
            fromStatus: order.status,
            toStatus: result.to,
            actor,
            reason,
            reasonCode: opts.reasonCode ?? null,
            createdAt: now,
          })
          .returning({ id: orderEvents.id });
        return { orderId, from: order.status, to: result.to, eventId: event!.id };
      };
      return opts.tx ? run(opts.tx) : db.transaction((tx) => run(tx as unknown as Db));
    },

    /** An order's events, oldest first: its history for staff and for the tests. */
    history(orderId: number) {
      return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
    },
  };
}
export type OrderEngine = ReturnType<typeof orderEngine>;
