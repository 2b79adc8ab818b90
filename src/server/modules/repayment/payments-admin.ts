import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPaymentsReply } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { id, int, text } from '../../../shared/contract/fields.ts';
import { orderNoField } from '../../../shared/contract/loans.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import type { Market } from '../../../shared/markets.ts';
import type { CallbackSender, SandboxGateway } from '../../adapters/payment-gateway.ts';
import type { Db } from '../../db/client.ts';
import { orders, payCodes, paymentAllocations, payments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { AuditEntry } from '../staff/staff.repository.ts';
import type { StaffIdentity } from '../staff/staff.service.ts';

const MINOR_MAX = 100_000_000_000;
const REVIEW_PAGE = 50;

/**
 * The back office's side of the ledger (issue 9): an order's payments with their allocations, the
 * reconciliation list (payments that were not credited, with why) and its resolution, and "mark paid"
 * for the sandbox gateway (a payment the sandbox then reports through its signed callback, exactly as a
 * provider would: the ledger is never written here directly). Staff see the markets they work on.
 */
export function paymentsAdminService(deps: {
  db: Db;
  gateway: SandboxGateway;
  callbacks: () => CallbackSender;
  audit: (entry: AuditEntry) => Promise<void>;
}) {
  const { db, gateway, callbacks, audit } = deps;

  const money = (minor: number, market: string) => formatMoney(minor, market as Market);

  async function codeFor(billNo: string) {
    const [row] = await db
      .select({ code: payCodes, market: orders.market, orderNo: orders.orderNo })
      .from(payCodes)
      .innerJoin(orders, eq(orders.id, payCodes.orderId))
      .where(eq(payCodes.billNo, billNo));
    if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
    return row;
  }

  return {
    /**
     * Pays a bill in the sandbox: the gateway records the payment and its callback is delivered at once
     * (and retried by the process's job if that fails). `amount` other than the bill's tries the
     * reconciliation paths (under- and overpaid).
     */
    async markPaid(billNo: string, amount: number | undefined, staff: StaffIdentity | null, ip: string) {
      const row = await codeFor(billNo);
      if (staff && !staff.markets.includes(row.market as Market))
        throw new AppError('403', 'staff:errors.forbidden', 403);
      const event = await gateway.markPaid({
        vcode: row.code.vcode,
        amountMinor: amount ?? row.code.amountMinor,
        market: row.market as Market,
      });
      if (staff)
        await audit({
          staffId: staff.id,
          action: 'payment.sandboxPaid',
          target: `bill:${billNo}`,
          detail: `${event.amount} (${event.paymentId})`,
          ip,
        });
      const sent = await gateway.deliverDue(callbacks());
      return { paymentId: event.paymentId, eventId: event.eventId, delivered: sent.delivered > 0 };
    },

    /** An order's payments, newest first, each with its allocations. */
    async orderPayments(staff: StaffIdentity, orderNo: string) {
      const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      if (!order) throw new AppError(ERROR_CODE.NOT_FOUND);
      if (!staff.markets.includes(order.market as Market))
        throw new AppError('403', 'staff:errors.forbidden', 403);
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order.id))
        .orderBy(desc(payments.id));
      const parts = rows.length
        ? await db
            .select()
            .from(paymentAllocations)
            .where(
              inArray(
                paymentAllocations.paymentId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(paymentAllocations.id)
        : [];
      return rows.map((p) => ({
        id: p.id,
        providerPaymentId: p.providerPaymentId,
        amount: money(p.amountMinor, order.market),
        amountMinor: p.amountMinor,
        paidAt: p.paidAt.toISOString(),
        state: p.state,
        reviewReason: p.reviewReason,
        utr: p.utr,
        allocations: parts
          .filter((a) => a.paymentId === p.id)
          .map((a) => ({ period: a.period, component: a.component, amountMinor: a.amountMinor })),
      }));
    },

    /** Payments waiting for staff (not credited), oldest first: keyset by id. */
    async review(staff: StaffIdentity, after: number | undefined) {
      const rows = await db
        .select({ p: payments, market: orders.market, orderNo: orders.orderNo })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.state, 'review'),
            after ? sql`${payments.id} > ${after}` : undefined,
            // Unmatched payments have no order: every staff member sees them (currency says the market).
            or(isNull(payments.orderId), inArray(orders.market, staff.markets)),
          ),
        )
        .orderBy(payments.id)
        .limit(REVIEW_PAGE + 1);
      const page = rows.slice(0, REVIEW_PAGE);
      return {
        items: page.map(({ p, market, orderNo }) => ({
          id: p.id,
          orderNo: orderNo ?? null,
          vcode: p.vcode,
          amountMinor: p.amountMinor,
          amount: money(p.amountMinor, market ?? (p.currency === 'INR' ? 'IN' : 'ID')),
          reason: p.reviewReason ?? '',
          paidAt: p.paidAt.toISOString(),
          providerPaymentId: p.providerPaymentId,
        })),
        nextAfter: rows.length > REVIEW_PAGE ? (page.at(-1)?.p.id ?? null) : null,
      };
    },

    /** Closes a review item with what was done (refunded, credited by hand…), once, audited. */
    async resolve(staff: StaffIdentity, paymentId: number, resolution: string, ip: string) {
      const done = await db
        .update(payments)
        .set({ state: 'resolved', resolvedBy: staff.id, resolution, resolvedAt: new Date() })
        .where(and(eq(payments.id, paymentId), eq(payments.state, 'review')))
        .returning({ id: payments.id });
      if (done.length === 0) throw new AppError(ERROR_CODE.CONFLICT, 'repayment:refusals.notInReview', 409);
      await audit({
        staffId: staff.id,
        action: 'payment.resolve',
        target: `payment:${paymentId}`,
        detail: resolution,
        ip,
      });
      return { id: paymentId, state: 'resolved' as const };
    },
  };
}
export type PaymentsAdminService = ReturnType<typeof paymentsAdminService>;

const markPaidBody = z.strictObject({ billNo: text(40, { min: 1 }), amount: int(1, MINOR_MAX).optional() });
const markPaidReply = z.object({
  code: z.number(),
  data: z.object({ paymentId: z.string(), eventId: z.string(), delivered: z.boolean() }),
  message: z.string(),
});
const tags = ['admin'];

export const paymentsAdminRoutes: FastifyPluginAsyncZod<{ payments: PaymentsAdminService }> = async (
  app,
  { payments: service },
) => {
  const staffOnly = { access: 'staff' } as const;
  app.post(
    `${ADMIN_BASE}/payments/mark-paid`,
    { config: staffOnly, schema: { tags, body: markPaidBody, response: { 200: markPaidReply } } },
    async (req) => ok(await service.markPaid(req.body.billNo, req.body.amount, req.staff!, req.ip)),
  );
  app.get(
    `${ADMIN_BASE}/orders/:orderNo/payments`,
    {
      config: staffOnly,
      schema: {
        tags,
        params: z.strictObject({ orderNo: orderNoField }),
        response: { 200: adminPaymentsReply },
      },
    },
    async (req) => ok(await service.orderPayments(req.staff!, req.params.orderNo)),
  );
  app.get(
    `${ADMIN_BASE}/payments/review`,
    { config: staffOnly, schema: { tags, querystring: z.object({ after: id().optional() }) } },
    async (req) => ok(await service.review(req.staff!, req.query.after)),
  );
  app.post(
    `${ADMIN_BASE}/payments/:paymentId/resolve`,
    {
      config: staffOnly,
      schema: {
        tags,
        params: z.strictObject({ paymentId: id() }),
        body: z.strictObject({ resolution: text(200, { trim: true, min: 3 }) }),
      },
    },
    async (req) => ok(await service.resolve(req.staff!, req.params.paymentId, req.body.resolution, req.ip)),
  );
};

/** Demo mode: the simulator's "pay this bill" (the sandbox gateway, no staff sign-in). */
export const sandboxPayRoutes: FastifyPluginAsyncZod<{ payments: PaymentsAdminService }> = async (
  app,
  { payments: service },
) => {
  app.post(
    '/dev-api/gateway/pay',
    {
      config: { access: 'public' },
      schema: { tags: ['demo'], body: markPaidBody, response: { 200: markPaidReply } },
    },
    async (req) => ok(await service.markPaid(req.body.billNo, req.body.amount, null, req.ip)),
  );
};
