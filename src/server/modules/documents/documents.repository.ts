import { z } from 'zod';
import type { Component } from '../../../shared/domain/ledger.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database } from '../../db/client.ts';
import { componentColumn, marketColumn } from '../../db/rows.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';

/** A payment applied to an order, with what it paid (decision 031's allocations, in booking order). */
export interface AppliedPayment {
  paidAt: string;
  amount: number;
  reference: string;
  utr: string | null;
  payType: number | null;
  payCode: string | null;
  parts: Array<{ period: number | null; component: Component; amount: number }>;
}

export interface ReceiptsRow {
  orderNo: string;
  market: Market;
  status: number;
  productName: string;
  payments: AppliedPayment[];
}
const receiptsColumn = z.strictObject({
  orderNo: z.string(),
  market: marketColumn,
  status: z.number(),
  productName: z.string(),
  payments: z.array(
    z.strictObject({
      paidAt: z.string(),
      amount: z.number(),
      reference: z.string(),
      utr: z.string().nullable(),
      payType: z.number().nullable(),
      payCode: z.string().nullable(),
      parts: z.array(
        z.strictObject({ period: z.number().nullable(), component: componentColumn, amount: z.number() }),
      ),
    }),
  ),
}) satisfies z.ZodType<ReceiptsRow>;

/**
 * One statement, one row (decision 020): the borrower's order with every payment applied to it, oldest
 * first. A receipt is for money applied, so a payment counts once it has allocations, however it got
 * them (the gateway's callback or an operator's reconciliation).
 */
const receipts = statement.read(
  'docs_receipts',
  `select json_build_object(
     'orderNo', o.order_no, 'market', o.market, 'status', o.status, 'productName', pr.name,
     'payments', coalesce((
       select json_agg(json_build_object(
                'paidAt', ${iso('p.paid_at')}, 'amount', p.amount_minor, 'reference', p.provider_payment_id,
                'utr', p.utr, 'payType', c.pay_type, 'payCode', c.pay_code,
                'parts', (select json_agg(json_build_object(
                                   'period', a.period, 'component', a.component, 'amount', a.amount_minor)
                                   order by a.id)
                            from payment_allocations a where a.payment_id = p.id))
              order by p.paid_at, p.id)
         from payments p left join pay_codes c on c.id = p.pay_code_id
        where p.order_id = o.id
          and exists (select 1 from payment_allocations a where a.payment_id = p.id)), '[]'::json)
   ) as o
   from orders o join products pr on pr.id = o.product_id
  where o.order_no = $1 and o.borrower_id = $2`,
  { o: receiptsColumn },
);

/** What a no-dues certificate states about an order. */
export interface CertificateRow {
  orderNo: string;
  market: Market;
  status: number;
  borrowerId: number;
  borrowerName: string;
  productName: string;
  amount: number;
  disbursedAt: string | null;
  /** When the order reached "settled" (its last such event). */
  settledAt: string | null;
  repaid: number;
}
const certificateColumn = z.strictObject({
  orderNo: z.string(),
  market: marketColumn,
  status: z.number(),
  borrowerId: z.number(),
  borrowerName: z.string(),
  productName: z.string(),
  amount: z.number(),
  disbursedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  repaid: z.number(),
}) satisfies z.ZodType<CertificateRow>;

/** One statement: the order, its borrower and product, when it was settled and what was repaid. */
const certificate = statement.read(
  'docs_certificate',
  `select json_build_object(
     'orderNo', o.order_no, 'market', o.market, 'status', o.status, 'borrowerId', o.borrower_id,
     'borrowerName', b.name, 'productName', pr.name, 'amount', o.amount_minor,
     'disbursedAt', ${iso('o.disbursed_at')},
     'settledAt', (select ${iso('max(e.created_at)')} from order_events e
                    where e.order_id = o.id and e.to_status = 200),
     'repaid', coalesce((select sum(a.amount_minor) from payment_allocations a where a.order_id = o.id), 0)
   ) as o
   from orders o join borrowers b on b.id = o.borrower_id join products pr on pr.id = o.product_id
  where o.order_no = $1`,
  { o: certificateColumn },
);

export function documentsRepository(database: Database) {
  const { run } = database;
  return {
    /** Null when the order does not exist or is another borrower's (the caller answers both alike). */
    async receipts(borrowerId: number, orderNo: string): Promise<ReceiptsRow | null> {
      const [row] = await run(receipts, [orderNo, borrowerId]);
      return row?.o ?? null;
    },
    async certificate(orderNo: string): Promise<CertificateRow | null> {
      const [row] = await run(certificate, [orderNo]);
      return row?.o ?? null;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
