import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { rejectionBody } from '../../../shared/contract/loans.ts';
import { type Rejection, rejectionReply } from '../../../shared/contract/order-rejection.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { REJECTION_REASONS, type RejectionReason } from '../../../shared/domain/rejection-reasons.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Lang } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { orderEvents, orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { langOf } from '../../lang.ts';
import { ok } from '../../reply.ts';

/**
 * A declined application's reason for its borrower (issue 29) from its latest rejection's stored code and
 * note: the reason the operator picked, in the borrower's language, and what they can do next. Null when
 * no reason from the list was kept (older rejections). Loan details carries it (its one statement reads
 * the code and note); the call below answers it on its own for the app.
 */
export function rejectionOf(stored: string | null, note: string | null, lang: Lang): Rejection {
  const code = stored as RejectionReason | null;
  if (!code || !REJECTION_REASONS.includes(code)) return null;
  return {
    reason: code,
    title: translate(lang, 'rejections', 'title'),
    text: translate(lang, 'rejections', `reasons.${code}`),
    note: code === 'other' && note ? note : null,
    nextTitle: translate(lang, 'rejections', 'nextTitle'),
    next: translate(lang, 'rejections', `next.${code}`),
  };
}

/** The borrower's side of a declined application on its own (the app's call; loan details carries it too). */
export function ordersBorrowerService(db: Db) {
  return {
    async rejection(borrowerId: number, orderNo: string, lang: Lang): Promise<Rejection> {
      const [row] = await db
        .select({ status: orders.status, code: orderEvents.reasonCode, note: orderEvents.reason })
        .from(orders)
        .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.operation, 'reject')))
        .where(and(eq(orders.orderNo, orderNo), eq(orders.borrowerId, borrowerId)))
        .orderBy(desc(orderEvents.id))
        .limit(1);
      // Another borrower's order is not found, as one that does not exist.
      if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
      return row.status === ORDER_STATUS.REJECTED ? rejectionOf(row.code, row.note, lang) : null;
    },
  };
}
export type OrdersBorrowerService = ReturnType<typeof ordersBorrowerService>;

export const ordersBorrowerRoutes: FastifyPluginAsyncZod<{ orders: OrdersBorrowerService }> = async (
  app,
  opts,
) => {
  app.post(
    LOAN_PATHS.rejection,
    {
      config: { access: 'borrower' },
      schema: { tags: ['loans'], body: rejectionBody, response: { 200: rejectionReply } },
    },
    async (req) => ok(await opts.orders.rejection(req.borrower!.id, req.body.orderId, langOf(req))),
  );
};
