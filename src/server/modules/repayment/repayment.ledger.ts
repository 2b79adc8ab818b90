import { eq } from 'drizzle-orm';
import type { GatewayEvent } from '../../../shared/contract/repayment.ts';
import {
  allocatePayment,
  applyAllocations,
  nextWaiting,
  totalOutstanding,
} from '../../../shared/domain/ledger.ts';
import { marketDay, startOfMarketDay } from '../../../shared/domain/time.ts';
import { MARKET_INFO } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { gatewayEvents, orders, payCodes, paymentAllocations, payments } from '../../db/schema.ts';
import type { OrderEngine } from '../orders/order-engine.ts';
import type { RepaymentRepository } from './repayment.repository.ts';
import { balanceOfOrder, extensionOffer, LIVE, periodDueDay } from './repayment.service.ts';

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
 * new due date) — or puts it in the reconciliation list with the reason. The order row is locked for the
 * transaction, so two payments to one order take turns and each sees the other's allocations.
 */
export function repaymentLedger(deps: {
  db: Db;
  repo: RepaymentRepository;
  engine: OrderEngine;
  clock: { now(): Date };
}) {
  const { db, repo, engine, clock } = deps;

  return {
    async credit(event: GatewayEvent): Promise<{ outcome: CreditOutcome; reason?: ReviewReason }> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const now = clock.now();
        const seen = await tx
          .insert(gatewayEvents)
          .values({ eventId: event.eventId, paymentId: event.paymentId, outcome: 'pending' })
          .onConflictDoNothing()
          .returning({ eventId: gatewayEvents.eventId });
        if (seen.length === 0) return { outcome: 'duplicate' as const };
        const outcome = async (result: CreditOutcome) => {
          await tx
            .update(gatewayEvents)
            .set({ outcome: result })
            .where(eq(gatewayEvents.eventId, event.eventId));
        };

        const [code] = await tx.select().from(payCodes).where(eq(payCodes.vcode, event.vcode)).for('update');
        const [payment] = await tx
          .insert(payments)
          .values({
            providerPaymentId: event.paymentId,
            eventId: event.eventId,
            vcode: event.vcode,
            payCodeId: code?.id ?? null,
            orderId: code?.orderId ?? null,
            amountMinor: event.amount,
            currency: event.currency,
            utr: event.utr ?? null,
            paidAt: new Date(event.paidAt),
            state: 'review',
          })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        if (!payment) {
          await outcome('duplicate');
          return { outcome: 'duplicate' as const };
        }
        const review = async (reason: ReviewReason) => {
          await tx.update(payments).set({ reviewReason: reason }).where(eq(payments.id, payment.id));
          await outcome('review');
          return { outcome: 'review' as const, reason };
        };

        if (!code) return review('unmatched');
        const o = await repo.lockedLedger(tx, code.orderId);
        if (!o || MARKET_INFO[o.market].currency !== event.currency) return review('unmatched');
        // A second payment to a code that is already paid is money we did not ask for.
        if (code.state === 'paid') return review('overpaid');
        if (code.state === 'expired' || new Date(event.paidAt) > code.expiresAt) return review('expired');
        if (event.amount < code.amountMinor) return review('underpaid');
        if (event.amount > code.amountMinor) return review('overpaid');
        if (!LIVE.includes(o.status) || !o.schedule || !o.disbursedAt) return review('closed');

        const book = async (rows: Array<{ period: number | null; component: string; amount: number }>) => {
          if (rows.length > 0)
            await tx.insert(paymentAllocations).values(
              rows.map((a) => ({
                paymentId: payment.id,
                orderId: o.id,
                period: a.period,
                component: a.component,
                amountMinor: a.amount,
                createdAt: now,
              })),
            );
        };
        const reason = `payment ${event.paymentId}`;

        if (code.purpose === 'extension') {
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
        await outcome('credited');
        return { outcome: 'credited' as const };
      });
    },
  };
}
export type RepaymentLedger = ReturnType<typeof repaymentLedger>;
