import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODE,
  adminOrderReply,
  orderActionBody,
  orderNoParams,
} from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import type { Market } from '../../../shared/markets.ts';
import type { PayoutProvider } from '../../adapters/payout.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { AuditEntry } from '../staff/staff.repository.ts';
import type { StaffIdentity } from '../staff/staff.service.ts';
import type { OrderEngine } from './order-engine.ts';

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
) {
  async function find(staff: StaffIdentity, orderNo: string) {
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!order) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (!staff.markets.includes(order.market as Market))
      throw new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'orders:refusals.otherMarket', 403);
    return order;
  }

  /** The reply for an order row (status as given: after a decision, the status it now has). */
  async function present(order: typeof orders.$inferSelect) {
    const events = await engine.history(order.id);
    return {
      orderNo: order.orderNo,
      market: order.market as Market,
      status: order.status,
      amountMinor: order.amountMinor,
      termDays: order.termDays,
      events: events.map((e) => ({
        operation: e.operation,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        actor: e.actor,
        reason: e.reason,
        at: e.createdAt.toISOString(),
      })),
    };
  }

  return {
    view: async (staff: StaffIdentity, orderNo: string) => present(await find(staff, orderNo)),
    async decide(
      staff: StaffIdentity,
      orderNo: string,
      body: { action: 'approve' | 'reject'; reason?: string },
      ip: string,
    ) {
      const order = await find(staff, orderNo);
      const change = await engine.apply(order.id, body.action, `staff:${staff.id}`, { reason: body.reason });
      await audit({
        staffId: staff.id,
        action: `order.${body.action}`,
        target: `order:${orderNo}`,
        detail: body.reason?.trim() ?? '',
        ip,
      });
      // Approved: the money goes out; the provider's confirmation moves the order on (payoutConfirmed).
      if (body.action === 'approve') {
        await payout().send({ orderNo, market: order.market as Market, amountMinor: order.amountMinor });
      }
      return present({ ...order, status: change.to });
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
