import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_ERROR_CODE,
  adminPaymentsReply,
  type CreditResult,
  creditBody,
  creditReply,
  markPaidBody,
  markPaidReply,
  type PaymentReviewReason,
  paymentIdParams,
  type ResolveResult,
  type ReviewPage,
  resolveBody,
  resolveReply,
  reviewQuery,
  reviewReply,
} from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import {
  adjustmentIdParams,
  adjustmentRejectBody,
  type ManualCredit,
  manualCreditBody,
  manualCreditParams,
  manualCreditReply,
  manualCreditsReply,
} from '../../../shared/contract/ledger-adjustments.ts';
import { orderNoField } from '../../../shared/contract/loans.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney, isPayable } from '../../../shared/domain/money.ts';
import { billDifference } from '../../../shared/domain/payment-application.ts';
import { MARKET_INFO, type Market } from '../../../shared/markets.ts';
import type { CallbackSender, SandboxGateway } from '../../adapters/payment-gateway.ts';
import type { Db } from '../../db/client.ts';
import { ledgerAdjustments, orders, payCodes, paymentAllocations, payments } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { OrderEngine } from '../orders/index.ts';
import { type AuditEntry, type StaffIdentity, staffRepository } from '../staff/index.ts';
import { creditReviewedPayment, paymentMarket } from './repayment.ledger.ts';
import type { RepaymentRepository } from './repayment.repository.ts';

const REVIEW_PAGE = 50;

/**
 * The back office's side of the ledger (issue 9): an order's payments with their allocations, the
 * reconciliation list (payments that were not credited, with why) and what staff do with each: credit
 * it to its order (the ledger's own arithmetic and operations, `creditReviewedPayment`) or close it with
 * a note (refunded, written off). And "mark paid" for the sandbox gateway (a payment the sandbox then
 * reports through its signed callback, exactly as a provider would). Staff see and act on the markets
 * they work on; a payment that names no order of ours belongs to its currency's market.
 */
export function paymentsAdminService(deps: {
  db: Db;
  gateway: SandboxGateway;
  callbacks: () => CallbackSender;
  audit: (entry: AuditEntry) => Promise<void>;
  repo: RepaymentRepository;
  engine: OrderEngine;
  clock: { now(): Date };
}) {
  const { db, gateway, callbacks, audit, clock } = deps;

  const money = (minor: number, market: string) => formatMoney(minor, market as Market);
  /** A payment of a market the staff member does not work on (as an order or product of one is). */
  const otherMarket = () =>
    new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'admin:errors.payment.otherMarket', 403);

  type Adjustment = typeof ledgerAdjustments.$inferSelect;
  const presentCredit = (a: Adjustment, orderNo: string, market: Market): ManualCredit => ({
    id: a.id,
    orderNo,
    market,
    amountMinor: a.amountMinor,
    amount: money(a.amountMinor, market),
    reference: a.reference,
    note: a.note,
    state: a.state as ManualCredit['state'],
    proposedBy: a.proposedBy,
    proposedAt: a.proposedAt.toISOString(),
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    paymentId: a.paymentId,
  });

  /**
   * A manual credit about to be decided, locked in a statement of its own and then read (the money rule):
   * two administrators deciding at once take turns, the second finds it decided. The checker is never
   * the maker (a database check says so too).
   */
  async function proposalToDecide(tx: Db, staff: StaffIdentity, adjustmentId: number) {
    await tx
      .select({ id: ledgerAdjustments.id })
      .from(ledgerAdjustments)
      .where(eq(ledgerAdjustments.id, adjustmentId))
      .for('update');
    const [found] = await tx
      .select({ a: ledgerAdjustments, orderNo: orders.orderNo, market: orders.market })
      .from(ledgerAdjustments)
      .innerJoin(orders, eq(orders.id, ledgerAdjustments.orderId))
      .where(eq(ledgerAdjustments.id, adjustmentId));
    if (!found) throw new AppError(ERROR_CODE.NOT_FOUND);
    const market = found.market as Market;
    if (!staff.markets.includes(market)) throw new AppError('403', 'staff:errors.forbidden', 403);
    if (found.a.state !== 'proposed')
      throw new AppError(ERROR_CODE.CONFLICT, 'admin:errors.manualCredit.decided', 409);
    if (found.a.proposedBy === staff.id)
      throw new AppError(ERROR_CODE.FORBIDDEN, 'admin:errors.manualCredit.ownProposal', 403);
    return { a: found.a, orderNo: found.orderNo, market };
  }

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

    /**
     * Maker (decision 047): an administrator proposes crediting money the borrower paid outside the
     * gateway (a bank transfer, with its reference) to an order. Nothing is booked until another
     * administrator approves it. Audited.
     */
    async proposeCredit(
      staff: StaffIdentity,
      orderNo: string,
      body: { amountMinor: number; reference: string; note: string },
      ip: string,
    ): Promise<ManualCredit> {
      const [order] = await db
        .select({ id: orders.id, market: orders.market })
        .from(orders)
        .where(eq(orders.orderNo, orderNo));
      if (!order) throw new AppError(ERROR_CODE.NOT_FOUND);
      const market = order.market as Market;
      if (!staff.markets.includes(market)) throw new AppError('403', 'staff:errors.forbidden', 403);
      if (!isPayable(body.amountMinor, market))
        throw new AppError(ERROR_CODE.VALIDATION, 'admin:errors.manualCredit.notPayable');
      const [row] = await db
        .insert(ledgerAdjustments)
        .values({
          orderId: order.id,
          amountMinor: body.amountMinor,
          reference: body.reference,
          note: body.note,
          proposedBy: staff.id,
          proposedAt: clock.now(),
        })
        .returning();
      await audit({
        staffId: staff.id,
        action: 'manualCredit.propose',
        target: `manualCredit:${row!.id}`,
        detail: `order:${orderNo} ${money(body.amountMinor, market)} ref ${body.reference}${body.note ? ` (${body.note})` : ''}`,
        ip,
      });
      return presentCredit(row!, orderNo, market);
    },

    /** Manual credits waiting for a second administrator, oldest first, in the staff member's markets. */
    async proposedCredits(staff: StaffIdentity): Promise<ManualCredit[]> {
      const rows = await db
        .select({ a: ledgerAdjustments, orderNo: orders.orderNo, market: orders.market })
        .from(ledgerAdjustments)
        .innerJoin(orders, eq(orders.id, ledgerAdjustments.orderId))
        .where(and(eq(ledgerAdjustments.state, 'proposed'), inArray(orders.market, staff.markets)))
        .orderBy(ledgerAdjustments.id)
        .limit(REVIEW_PAGE);
      return rows.map((r) => presentCredit(r.a, r.orderNo, r.market as Market));
    },

    /**
     * Checker (decision 047): another administrator approves a proposed manual credit. In one
     * transaction the money becomes a payment of its order and is credited through the crediting path of
     * a reviewed payment (`creditReviewedPayment`: the ledger's split, settle or cure, its audit entry);
     * a credit the ledger refuses (the loan owes nothing) leaves the proposal as it was.
     */
    async approveCredit(staff: StaffIdentity, adjustmentId: number, ip: string): Promise<ManualCredit> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { a, orderNo, market } = await proposalToDecide(tx, staff, adjustmentId);
        const [payment] = await tx
          .insert(payments)
          .values({
            providerPaymentId: `manual_${a.id}`,
            eventId: `manual_${a.id}`,
            vcode: a.reference,
            orderId: a.orderId,
            amountMinor: a.amountMinor,
            currency: MARKET_INFO[market].currency,
            paidAt: a.proposedAt,
            state: 'review',
          })
          .returning({ id: payments.id });
        const [approved] = await tx
          .update(ledgerAdjustments)
          .set({ state: 'approved', decidedBy: staff.id, decidedAt: clock.now(), paymentId: payment!.id })
          .where(eq(ledgerAdjustments.id, a.id))
          .returning();
        await creditReviewedPayment(
          { ...deps, db: tx },
          { paymentId: payment!.id, orderNo, markets: staff.markets, staffId: staff.id, note: a.note },
          (inner, c) =>
            staffRepository(inner).audit({
              staffId: staff.id,
              action: 'manualCredit.approve',
              target: `manualCredit:${a.id}`,
              detail: [
                `order:${c.orderNo} ${money(c.allocated, c.market)} proposed by staff:${a.proposedBy}`,
                c.excess > 0 ? ` excess ${money(c.excess, c.market)}` : '',
                c.operation ? ` ${c.operation}` : '',
              ].join(''),
              ip,
            }),
        );
        return presentCredit(approved!, orderNo, market);
      });
    },

    /** Checker: another administrator rejects a proposed manual credit, saying why. Nothing is booked. */
    async rejectCredit(staff: StaffIdentity, adjustmentId: number, note: string, ip: string) {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { a, orderNo, market } = await proposalToDecide(tx, staff, adjustmentId);
        const [rejected] = await tx
          .update(ledgerAdjustments)
          .set({ state: 'rejected', decidedBy: staff.id, decidedAt: clock.now() })
          .where(eq(ledgerAdjustments.id, a.id))
          .returning();
        await staffRepository(tx).audit({
          staffId: staff.id,
          action: 'manualCredit.reject',
          target: `manualCredit:${a.id}`,
          detail: note,
          ip,
        });
        return presentCredit(rejected!, orderNo, market);
      });
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
    async review(staff: StaffIdentity, after: number | undefined): Promise<ReviewPage> {
      const currencies = staff.markets.map((m) => MARKET_INFO[m].currency);
      const rows = await db
        .select({
          p: payments,
          market: orders.market,
          orderNo: orders.orderNo,
          billNo: payCodes.billNo,
          billMinor: payCodes.amountMinor,
        })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .leftJoin(payCodes, eq(payCodes.id, payments.payCodeId))
        .where(
          and(
            eq(payments.state, 'review'),
            after ? sql`${payments.id} > ${after}` : undefined,
            // A payment with no order of ours belongs to its currency's market.
            or(
              and(isNull(payments.orderId), inArray(payments.currency, currencies)),
              inArray(orders.market, staff.markets),
            ),
          ),
        )
        .orderBy(payments.id)
        .limit(REVIEW_PAGE + 1);
      const page = rows.slice(0, REVIEW_PAGE);
      return {
        items: page.flatMap(({ p, market: orderMarket, orderNo, billNo, billMinor }) => {
          const market = paymentMarket(orderMarket, p.currency);
          if (!market) return [];
          const bill = billMinor === null ? null : billDifference(p.amountMinor, billMinor);
          return [
            {
              id: p.id,
              market,
              orderNo: orderNo ?? null,
              billNo: billNo ?? null,
              vcode: p.vcode,
              amountMinor: p.amountMinor,
              amount: money(p.amountMinor, market),
              // Both ways into review name their reason; an absent one can only be a payment of no code.
              reason: (p.reviewReason ?? 'unmatched') as PaymentReviewReason,
              billAmount: billMinor === null ? null : money(billMinor, market),
              shortfall: bill?.shortfall ? money(bill.shortfall, market) : null,
              excess: bill?.excess ? money(bill.excess, market) : null,
              paidAt: p.paidAt.toISOString(),
              providerPaymentId: p.providerPaymentId,
              utr: p.utr,
            },
          ];
        }),
        nextAfter: rows.length > REVIEW_PAGE ? (page.at(-1)?.p.id ?? null) : null,
      };
    },

    /**
     * Closes a review item without crediting it, with what was done (refunded, written off): once,
     * audited, and only in the staff member's markets.
     */
    async resolve(
      staff: StaffIdentity,
      paymentId: number,
      resolution: string,
      ip: string,
    ): Promise<ResolveResult> {
      const [found] = await db
        .select({ currency: payments.currency, market: orders.market })
        .from(payments)
        .leftJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.id, paymentId));
      if (!found) throw new AppError(ERROR_CODE.NOT_FOUND);
      const market = paymentMarket(found.market, found.currency);
      if (!market || !staff.markets.includes(market)) throw otherMarket();
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
      return { id: paymentId, state: 'resolved' };
    },

    /**
     * Credits a review item to its order (or to the order staff name for one that named none): the
     * ledger's transaction, with the audit entry written inside it.
     */
    async credit(
      staff: StaffIdentity,
      paymentId: number,
      body: { orderNo?: string | undefined; note: string },
      ip: string,
    ): Promise<CreditResult> {
      const credit = await creditReviewedPayment(
        deps,
        {
          paymentId,
          orderNo: body.orderNo ?? null,
          markets: staff.markets,
          staffId: staff.id,
          note: body.note,
        },
        (tx, c) =>
          staffRepository(tx).audit({
            staffId: staff.id,
            action: 'payment.credit',
            target: `payment:${paymentId}`,
            detail: [
              `order:${c.orderNo} ${money(c.allocated, c.market)}`,
              c.excess > 0 ? ` excess ${money(c.excess, c.market)}` : '',
              c.operation ? ` ${c.operation}` : '',
              body.note ? ` (${body.note})` : '',
            ].join(''),
            ip,
          }),
      );
      return {
        id: paymentId,
        state: 'credited',
        orderNo: credit.orderNo,
        market: credit.market,
        allocatedMinor: credit.allocated,
        allocated: money(credit.allocated, credit.market),
        excessMinor: credit.excess,
        excess: money(credit.excess, credit.market),
        operation: credit.operation,
        orderStatus: credit.status,
      };
    },
  };
}
export type PaymentsAdminService = ReturnType<typeof paymentsAdminService>;

const tags = ['admin'];

export const paymentsAdminRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsAdminService;
  /** "Mark paid" exists only with the sandbox gateway (demo mode, or configured): decision 047. */
  markPaid: boolean;
}> = async (app, { payments: service, markPaid }) => {
  const staffOnly = { access: 'staff' } as const;
  // Crediting books money to a loan by a person's decision: an administrator's, never an agent's.
  const adminOnly = { access: 'staff', roles: ['admin'] } as const;
  if (markPaid)
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
    { config: staffOnly, schema: { tags, querystring: reviewQuery, response: { 200: reviewReply } } },
    async (req) => ok(await service.review(req.staff!, req.query.after)),
  );
  app.post(
    `${ADMIN_BASE}/payments/:paymentId/resolve`,
    {
      config: staffOnly,
      schema: { tags, params: paymentIdParams, body: resolveBody, response: { 200: resolveReply } },
    },
    async (req) => ok(await service.resolve(req.staff!, req.params.paymentId, req.body.resolution, req.ip)),
  );
  // Manual credits, four eyes (decision 047): one administrator proposes, another approves or rejects.
  app.post(
    `${ADMIN_BASE}/orders/:orderNo/manual-credits`,
    {
      config: adminOnly,
      schema: {
        tags,
        params: manualCreditParams,
        body: manualCreditBody,
        response: { 200: manualCreditReply },
      },
    },
    async (req) => ok(await service.proposeCredit(req.staff!, req.params.orderNo, req.body, req.ip)),
  );
  app.get(
    `${ADMIN_BASE}/payments/manual-credits`,
    { config: adminOnly, schema: { tags, response: { 200: manualCreditsReply } } },
    async (req) => ok({ items: await service.proposedCredits(req.staff!) }),
  );
  app.post(
    `${ADMIN_BASE}/payments/manual-credits/:adjustmentId/approve`,
    { config: adminOnly, schema: { tags, params: adjustmentIdParams, response: { 200: manualCreditReply } } },
    async (req) => ok(await service.approveCredit(req.staff!, req.params.adjustmentId, req.ip)),
  );
  app.post(
    `${ADMIN_BASE}/payments/manual-credits/:adjustmentId/reject`,
    {
      config: adminOnly,
      schema: {
        tags,
        params: adjustmentIdParams,
        body: adjustmentRejectBody,
        response: { 200: manualCreditReply },
      },
    },
    async (req) => ok(await service.rejectCredit(req.staff!, req.params.adjustmentId, req.body.note, req.ip)),
  );
  app.post(
    `${ADMIN_BASE}/payments/:paymentId/credit`,
    {
      config: adminOnly,
      schema: { tags, params: paymentIdParams, body: creditBody, response: { 200: creditReply } },
    },
    async (req) => ok(await service.credit(req.staff!, req.params.paymentId, req.body, req.ip)),
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
