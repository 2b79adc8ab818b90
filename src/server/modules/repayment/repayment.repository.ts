import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Allocation } from '../../../shared/domain/ledger.ts';
import type { Installment, QuotedFee } from '../../../shared/domain/pricing.ts';
import type { StoredTerms } from '../../../shared/domain/product.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database, Db } from '../../db/client.ts';
import { LOAN_FACTS_FIELDS, LOAN_FACTS_ROW } from '../../db/loan-facts.ts';
import { marketColumn } from '../../db/rows.ts';
import { payCodes, payments, utrSubmissions } from '../../db/schema.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';

/** An order as the ledger sees it: its plan, its booked late charges and every allocation so far. */
export interface LedgerOrder {
  id: number;
  orderNo: string;
  status: number;
  market: Market;
  borrowerId: number;
  productId: number;
  productName: string;
  productLogo: string;
  amountMinor: number;
  termDays: number;
  /** Null for orders older than the order engine (no plan). */
  schedule: Installment[] | null;
  /**
   * The quote's fees, upfront ones included: the market's cost caps count them (decision 047). Null for
   * orders older than issue 8's quotes.
   */
  quoteFees?: QuotedFee[] | null;
  terms: StoredTerms | null;
  extensionDays: number;
  disbursedAt: string | null;
  dueAt: string | null;
  lateFee: number;
  lateCharge: number;
  allocations: Allocation[];
  /** Period → when its last allocation was booked (ISO). */
  paidOn: Record<string, string> | null;
  /** The borrower has settled a loan before (the returning borrower's late fee). */
  repeat: boolean;
}

/** One statement, one row: the order with everything its balance needs (decision 020's hot read). */
const LEDGER_SELECT = `select json_build_object(
    'id', o.id, 'orderNo', o.order_no, 'borrowerId', o.borrower_id, 'productId', o.product_id,
    'productName', p.name, 'productLogo', p.logo_url, 'dueAt', ${iso('o.due_at')},
    'paidOn', (select json_object_agg(x.period, x.at) from (
                 select a.period, ${iso('max(a.created_at)')} as at from payment_allocations a
                  where a.order_id = o.id and a.period is not null group by a.period) x),
    ${LOAN_FACTS_FIELDS}
  ) as o
  from orders o join products p on p.id = o.product_id`;

const ledgerOrder = z.strictObject({
  ...LOAN_FACTS_ROW,
  id: z.number(),
  orderNo: z.string(),
  borrowerId: z.number(),
  productId: z.number(),
  productName: z.string(),
  productLogo: z.string(),
  dueAt: z.string().nullable(),
  paidOn: z.record(z.string(), z.string()).nullable(),
}) satisfies z.ZodType<LedgerOrder>;

const borrowerLedger = statement.read(
  'repay_borrower_ledger',
  `${LEDGER_SELECT} where o.order_no = $1 and o.borrower_id = $2`,
  { o: ledgerOrder },
);

export interface PayCodeRow {
  id: number;
  billNo: string;
  orderId: number;
  /** `payoff`: the cooling-off exit (decision 031). */
  purpose: 'repay' | 'extension' | 'payoff';
  amountMinor: number;
  payType: number;
  payCode: string;
  specificNum: number;
  vcode: string;
  state: 'open' | 'paid' | 'expired';
  expiresAt: Date;
  createdAt: Date;
}

/**
 * The one lock of a loan's money (decision 045): the order's row, in a statement of its own, before its
 * ledger is read in a later one. False when there is no such order.
 */
export async function lockOrder(tx: Db, orderId: number): Promise<boolean> {
  const result = await tx.execute(sql`select id from orders where id = ${orderId} for update`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** A borrower's bill with its latest payment (`[state, review reason]`) and latest UTR's state. */
const borrowerBill = statement.read(
  'repay_borrower_bill',
  `select c.id, c.bill_no as "billNo", c.order_id as "orderId", c.amount_minor::text as amount,
          c.pay_type as "payType", c.vcode, c.state, ${iso('c.expires_at')} as "expiresAt", o.market,
          (select json_build_array(p.state, p.review_reason) from payments p
            where p.pay_code_id = c.id order by p.id desc limit 1) as payment,
          (select u.state from utr_submissions u where u.pay_code_id = c.id order by u.id desc limit 1) as utr
     from pay_codes c join orders o on o.id = c.order_id
    where c.bill_no = $1 and o.order_no = $2 and o.borrower_id = $3`,
  {
    id: z.number(),
    billNo: z.string(),
    orderId: z.number(),
    amount: z.string(),
    payType: z.number(),
    vcode: z.string(),
    state: z.enum(['open', 'paid', 'expired']),
    expiresAt: z.string(),
    market: marketColumn,
    payment: z.tuple([z.string(), z.string().nullable()]).nullable(),
    utr: z.string().nullable(),
  },
);

export function repaymentRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    /** The borrower's order for the ledger, or null (also for another borrower's order). */
    async borrowerLedger(borrowerId: number, orderNo: string): Promise<LedgerOrder | null> {
      const [row] = await run(borrowerLedger, [orderNo, borrowerId]);
      return row?.o ?? null;
    },

    /**
     * Inside a transaction that changes the order's money: the order locked for the rest of it, then its
     * ledger read (decision 045). Two statements on purpose: under READ COMMITTED a statement that waited
     * for the lock still reads as of its own start, so a lock taken in the reading statement would hand
     * back the ledger from before the payment it waited for (a period's principal booked twice).
     */
    async lockedLedger(tx: Db, orderId: number): Promise<LedgerOrder | null> {
      if (!(await lockOrder(tx, orderId))) return null;
      const result = await tx.execute(sql`${sql.raw(LEDGER_SELECT)} where o.id = ${orderId}`);
      const rows = (result as unknown as { rows: Array<{ o: LedgerOrder }> }).rows;
      return rows[0]?.o ?? null;
    },

    /** The open, unexpired code for exactly this order, purpose, amount and way of paying. */
    async openCode(
      orderId: number,
      purpose: string,
      amountMinor: number,
      payType: number,
      payCode: string,
      now: Date,
    ) {
      const [row] = await db
        .select()
        .from(payCodes)
        .where(
          and(
            eq(payCodes.orderId, orderId),
            eq(payCodes.purpose, purpose),
            eq(payCodes.amountMinor, amountMinor),
            eq(payCodes.payType, payType),
            eq(payCodes.payCode, payCode),
            eq(payCodes.state, 'open'),
            gt(payCodes.expiresAt, now),
          ),
        );
      return (row as PayCodeRow | undefined) ?? null;
    },

    /** Codes past their time stop being open (so a new one may be issued for the same amount). */
    async expireCodes(orderId: number, now: Date) {
      await db
        .update(payCodes)
        .set({ state: 'expired' })
        .where(
          and(
            eq(payCodes.orderId, orderId),
            eq(payCodes.state, 'open'),
            sql`${payCodes.expiresAt} <= ${now}`,
          ),
        );
    },

    async insertCode(values: typeof payCodes.$inferInsert) {
      const [row] = await db.insert(payCodes).values(values).returning();
      return row as PayCodeRow;
    },

    /**
     * The borrower's bill (by its number and order) with what was paid to it: its latest payment and
     * latest submitted UTR. One statement: the pay page polls it (decision 057). Null when it is not the
     * borrower's.
     */
    async borrowerCode(borrowerId: number, orderNo: string, billNo: string) {
      const [r] = await run(borrowerBill, [billNo, orderNo, borrowerId]);
      if (!r) return null;
      return {
        id: r.id,
        billNo: r.billNo,
        orderId: r.orderId,
        amountMinor: Number(r.amount),
        payType: r.payType,
        vcode: r.vcode,
        state: r.state,
        expiresAt: new Date(r.expiresAt),
        market: r.market,
        payment: r.payment ? { state: r.payment[0], reviewReason: r.payment[1] } : null,
        utr: r.utr ? { state: r.utr } : null,
      };
    },

    /** The latest payment made to a code, if any. */
    async latestPayment(payCodeId: number) {
      const [row] = await db
        .select({ state: payments.state, reviewReason: payments.reviewReason })
        .from(payments)
        .where(eq(payments.payCodeId, payCodeId))
        .orderBy(desc(payments.id))
        .limit(1);
      return row ?? null;
    },

    /** Records a submitted UTR; the existing row when the UTR was submitted before. */
    async submitUtr(values: typeof utrSubmissions.$inferInsert) {
      const [inserted] = await db.insert(utrSubmissions).values(values).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, fresh: true };
      const [existing] = await db.select().from(utrSubmissions).where(eq(utrSubmissions.utr, values.utr));
      return { row: existing!, fresh: false };
    },

    async setUtrState(id: number, state: 'received' | 'rejected') {
      await db.update(utrSubmissions).set({ state }).where(eq(utrSubmissions.id, id));
    },

    async latestUtr(payCodeId: number) {
      const [row] = await db
        .select()
        .from(utrSubmissions)
        .where(eq(utrSubmissions.payCodeId, payCodeId))
        .orderBy(desc(utrSubmissions.id))
        .limit(1);
      return row ?? null;
    },
  };
}
export type RepaymentRepository = ReturnType<typeof repaymentRepository>;
