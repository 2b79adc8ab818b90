import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { statusSql } from '../../../shared/domain/order-status.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database, Db } from '../../db/client.ts';
import { bankCards, borrowers, cardRepayments } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';
import { lockOrder } from '../repayment/index.ts';

export interface StoredCard {
  id: number;
  bankName: string;
  bankCode: string;
  maskedNo: string;
  needsSms: boolean;
}

export type RecordState = 'pending' | 'charging' | 'charged' | 'locked' | 'cancelled' | 'expired' | 'failed';

export interface CardRepaymentRow {
  id: number;
  orderId: number;
  cardId: number;
  amountMinor: number;
  needValid: boolean;
  state: RecordState;
  expiresAt: Date;
}

/**
 * The screen's opening read in one statement: the borrower's cards, and the order to pay (the one named,
 * if it is the borrower's and live; else their live order that falls due first). The ledger of that
 * order is the repayment module's own statement.
 */
const storedCard = z.strictObject({
  id: z.number(),
  bankName: z.string(),
  bankCode: z.string(),
  maskedNo: z.string(),
  needsSms: z.boolean(),
}) satisfies z.ZodType<StoredCard>;

const wayRead = statement.read(
  'card_repay_way',
  `select coalesce((select json_agg(json_build_object(
             'id', c.id, 'bankName', c.bank_name, 'bankCode', c.bank_code, 'maskedNo', c.masked_no,
             'needsSms', c.needs_sms) order by c.id)
             from bank_cards c where c.borrower_id = $1 and c.market = $2), '[]'::json) as cards,
          (select o.order_no from orders o
            where o.borrower_id = $1 and o.status in ${statusSql('live')} and ($3 = '' or o.order_no = $3)
            order by o.due_at asc nulls last, o.id limit 1) as "orderNo"`,
  { cards: z.array(storedCard), orderNo: z.string().nullable() },
);

/** A record read by SQL text (bigint amounts come as text). */
function rowOf(r: Record<string, unknown>): CardRepaymentRow {
  return {
    id: Number(r.id),
    orderId: Number(r.orderId),
    cardId: Number(r.cardId),
    amountMinor: Number(r.amount),
    needValid: Boolean(r.needValid),
    state: r.state as RecordState,
    expiresAt: new Date(r.expiresAt as string | Date),
  };
}

export function repaymentCardRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  const recordColumns = {
    id: cardRepayments.id,
    orderId: cardRepayments.orderId,
    cardId: cardRepayments.cardId,
    amountMinor: cardRepayments.amountMinor,
    needValid: cardRepayments.needValid,
    state: cardRepayments.state,
    expiresAt: cardRepayments.expiresAt,
  };

  return {
    async way(borrowerId: number, market: Market, orderNo: string) {
      const [row] = await run(wayRead, [borrowerId, market, orderNo]);
      return { cards: row?.cards ?? [], orderNo: row?.orderNo ?? null };
    },

    /** The borrower's card of their market, or null (another borrower's card reads as none). */
    async card(borrowerId: number, market: Market, cardId: number): Promise<StoredCard | null> {
      const [row] = await db
        .select({
          id: bankCards.id,
          bankName: bankCards.bankName,
          bankCode: bankCards.bankCode,
          maskedNo: bankCards.maskedNo,
          needsSms: bankCards.needsSms,
        })
        .from(bankCards)
        .where(
          and(eq(bankCards.id, cardId), eq(bankCards.borrowerId, borrowerId), eq(bankCards.market, market)),
        );
      return row ?? null;
    },

    /**
     * The order's one open repayment claimed or made, in one transaction that first locks the order
     * (decision 045: the lock in a statement of its own, the records read after it). Open is pending,
     * charging, or charged while the bill it paid is still open: the gateway's payment is not yet
     * credited, and a commit arriving between the charge and that credit must not charge the bill
     * again. (A charge whose payment went to review keeps the bill open until it expires at the end of
     * the market day: no second card charge of that bill while staff look at the first.) `decide` says
     * what to do with an open record; a new one is made when there is none, or it was replaced.
     */
    async claimRecord(
      orderId: number,
      now: Date,
      decide: (open: CardRepaymentRow) => 'reuse' | 'busy' | 'expired' | 'cancelled',
      values: typeof cardRepayments.$inferInsert,
    ): Promise<{ record: CardRepaymentRow; replaced: number | null } | 'busy'> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await lockOrder(tx, orderId);
        const [open] = (
          (await tx.execute(sql`
            select r.id, r.order_id as "orderId", r.card_id as "cardId", r.amount_minor::text as amount,
                   r.need_valid as "needValid", r.state, r.expires_at as "expiresAt"
              from card_repayments r
             where r.order_id = ${orderId}
               and (r.state in ('pending', 'charging')
                    or (r.state = 'charged'
                        and exists (select 1 from pay_codes c
                                     where c.id = r.pay_code_id and c.state = 'open' and c.expires_at > ${now})))
             order by r.id desc limit 1`)) as unknown as { rows: Array<Record<string, unknown>> }
        ).rows.map(rowOf);
        if (open) {
          const verdict = decide(open);
          if (verdict === 'busy') return 'busy' as const;
          if (verdict === 'reuse') return { record: open, replaced: null };
          // A confirmation does not take the order's lock: the record may have left `pending` meanwhile.
          const moved = await tx
            .update(cardRepayments)
            .set({ state: verdict })
            .where(and(eq(cardRepayments.id, open.id), eq(cardRepayments.state, 'pending')))
            .returning({ id: cardRepayments.id });
          if (moved.length === 0) return 'busy' as const;
        }
        const [row] = await tx.insert(cardRepayments).values(values).returning(recordColumns);
        return { record: row as CardRepaymentRow, replaced: open?.id ?? null };
      });
    },

    /**
     * The borrower's record of that order, with what the charge and the SMS need: the order's number and
     * the card's bank and masked number. Null for another borrower's record or another order's.
     */
    async record(borrowerId: number, recordId: number, orderNo: string) {
      const rows = await db.execute(sql`
        select r.id, r.order_id as "orderId", r.card_id as "cardId", r.amount_minor::text as amount,
               r.need_valid as "needValid", r.state, r.expires_at as "expiresAt",
               c.bank_code as "bankCode", o.product_id as "productId"
          from card_repayments r
          join orders o on o.id = r.order_id
          join bank_cards c on c.id = r.card_id
         where r.id = ${recordId} and r.borrower_id = ${borrowerId} and o.order_no = ${orderNo}`);
      const [r] = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
      if (!r) return null;
      return {
        ...rowOf(r),
        bankCode: String(r.bankCode),
        productId: Number(r.productId),
      };
    },

    /**
     * Moves a record from one of `from` to `to`, atomically: true when this call made the move. Two
     * confirmations racing to charge one record both ask; exactly one gets true.
     */
    async move(id: number, from: RecordState[], to: RecordState): Promise<boolean> {
      const moved = await db
        .update(cardRepayments)
        .set({ state: to })
        .where(and(eq(cardRepayments.id, id), inArray(cardRepayments.state, from)))
        .returning({ id: cardRepayments.id });
      return moved.length > 0;
    },

    /** The charge went through: the bill the gateway was paid through is kept with the record. */
    async charged(id: number, billNo: string, at: Date): Promise<void> {
      await db.execute(sql`
        update card_repayments
           set state = 'charged', charged_at = ${at},
               pay_code_id = (select id from pay_codes where bill_no = ${billNo})
         where id = ${id} and state = 'charging'`);
    },

    /** The borrower's phone: where their bank sends the code. */
    async phoneOf(borrowerId: number): Promise<string | null> {
      const [row] = await db
        .select({ phone: borrowers.phone })
        .from(borrowers)
        .where(eq(borrowers.id, borrowerId));
      return row?.phone ?? null;
    },

    /** A bill and its order, for the sandbox's hosted payment page (demo mode). */
    async bill(billNo: string) {
      const rows = await db.execute(sql`
        select c.vcode, c.amount_minor::text as amount, c.state, o.order_no as "orderNo",
               o.product_id as "productId", o.market
          from pay_codes c join orders o on o.id = c.order_id
         where c.bill_no = ${billNo}`);
      const [r] = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
      if (!r) return null;
      return {
        vcode: String(r.vcode),
        amountMinor: Number(r.amount),
        state: String(r.state),
        orderNo: String(r.orderNo),
        productId: Number(r.productId),
        market: r.market as Market,
      };
    },
  };
}
export type RepaymentCardRepository = ReturnType<typeof repaymentCardRepository>;
