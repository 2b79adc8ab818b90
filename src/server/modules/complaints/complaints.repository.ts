import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { type ComplaintStatus, LIST_PAGE } from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database } from '../../db/client.ts';
import { complaints, orders, problemTypes } from '../../db/schema.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';

/**
 * A borrower's count from `complaint_counts` (kept exact by a trigger on complaints, migration 0004):
 * one primary-key read however long the history. Replies stop at one past the display cap, as the
 * screens show "99+".
 */
const counts = `(select ${(['processing', 'processed', 'rating_due'] as const)
  .map((c) => `least(coalesce(c.${c}, 0), ${LIST_PAGE.countCap + 1}) as ${c}`)
  .join(', ')}
    from (select $1::int as borrower_id) me left join complaint_counts c using (borrower_id))`;

/**
 * One page of a borrower's complaints in one tab, newest first, with both tabs' counts: one statement.
 * Keyset paging on (created_at, id): the cursor is the last row's creation time in microseconds and its
 * id, so rows added meanwhile never shift a page and every complaint is listed exactly once.
 */
const pageRow = {
  processing: z.number(),
  processed: z.number(),
  /** [id, creation time in microseconds since the epoch, type value, text, rating due] per complaint. */
  rows: z.array(z.tuple([z.number(), z.number(), z.number(), z.string(), z.boolean()])),
};
// One row whose page is one JSON value: the driver parses one string (JSON.parse) rather than eleven
// rows of five fields. The time travels as microseconds since the epoch, a JSON number that is exact
// (below 2^53 until the year 2255); formatting it in SQL (to_char) cost more than the rest of a row.
const pageSql = (after: string, limit: string) => `
  select n.processing, n.processed,
         coalesce((select json_agg(json_build_array(id, created_us, type_value, detail, is_score)
                                   order by created_at desc, id desc)
                     from (select id, created_at, (extract(epoch from created_at) * 1000000)::bigint as created_us,
                                  type_value, detail, rating_due and score is null as is_score
                             from complaints
                            where borrower_id = $1 and status = $2 ${after}
                            order by created_at desc, id desc
                            limit ${limit}) p), '[]'::json) as rows
    from ${counts} n`;
const AFTER_CURSOR = `and (created_at, id) < (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::bigint)`;
/**
 * The screens' page size is written into the statement: with `limit $n` PostgreSQL's generic plan
 * guesses a tenth of the borrower's rows, loses to a custom plan, and then plans the statement again
 * on every execution (2.7× its cost, measured; on connections opened after the table grew the bench's
 * list fell from 0.15 to 0.08 of hello). A constant limit keeps one plan per connection; a page size
 * asked for by the caller goes through the `_sized` twins (one more parameter, last).
 */
const DEFAULT_FETCH = String(LIST_PAGE.default + 1);
export const complaintPages = {
  first: statement.read('complaints_page_first', pageSql('', DEFAULT_FETCH), pageRow),
  firstSized: statement.read('complaints_page_first_sized', pageSql('', '$3'), pageRow),
  after: statement.read('complaints_page_after', pageSql(AFTER_CURSOR, DEFAULT_FETCH), pageRow),
  afterSized: statement.read('complaints_page_after_sized', pageSql(AFTER_CURSOR, '$5'), pageRow),
};

/** The borrower's orders with their product (newest first) and complaint counts: one row. */
const entry = statement.read(
  'complaint_entry',
  `select coalesce((select json_agg(json_build_object(
              'orderNo', o.order_no, 'status', o.status, 'amountMinor', o.amount_minor,
              'termDays', o.term_days, 'dueAt', ${iso('o.due_at')}, 'collectionAllowed', o.collection_allowed,
              'productName', p.name, 'productLogo', p.logo_url) order by o.created_at desc, o.id desc)
            from orders o join products p on p.id = o.product_id
           where o.borrower_id = $1), '[]'::json) as orders,
          (select json_build_object('processing', n.processing, 'processed', n.processed, 'ratingDue', n.rating_due)
             from ${counts} n) as counts`,
  {
    orders: z.array(
      z.strictObject({
        orderNo: z.string(),
        status: z.number(),
        amountMinor: z.number(),
        termDays: z.number(),
        dueAt: z.string().nullable(),
        collectionAllowed: z.boolean(),
        productName: z.string(),
        productLogo: z.string(),
      }),
    ),
    counts: z.strictObject({ processing: z.number(), processed: z.number(), ratingDue: z.number() }),
  },
);

const insertForOrder = statement.write(
  'complaint_insert_for_order',
  `with o as (
     select order_no from orders
      where borrower_id = $1 and order_no = $3 and (not $10::boolean or collection_allowed)
   ), c as (
     insert into complaints (borrower_id, market, order_no, type_value, sub_type_value, detail, status,
                             deadline_at, created_at)
     select $1, $2, o.order_no, $4, $5, $6, 'processing', $7::timestamptz, $8::timestamptz from o
     returning id
   ), i as (
     insert into complaint_images (complaint_id, upload_id, role, position)
     select c.id, x.upload_id, 'evidence', x.ord - 1
       from c, unnest($9::text[]) with ordinality as x(upload_id, ord)
   )
   select id from c`,
  { id: z.number() },
);

/** A borrower's complaint with its images (evidence and reply, in order) as one row. */
const ownedWithImages = statement.read(
  'complaint_owned_with_images',
  `select c.id, c.type_value, c.sub_type_value, c.detail, c.reply_text,
          c.rating_due and c.score is null as is_score, c.status, c.order_no,
          ${iso('c.created_at')} as created_at, ${iso('c.deadline_at')} as deadline_at, c.score,
          coalesce((select json_agg(json_build_object('id', i.upload_id, 'role', i.role)
                                    order by i.role, i.position)
                      from complaint_images i where i.complaint_id = c.id), '[]'::json) as images
     from complaints c
    where c.id = $1 and c.borrower_id = $2`,
  {
    id: z.number(),
    type_value: z.number(),
    sub_type_value: z.number(),
    detail: z.string(),
    reply_text: z.string(),
    is_score: z.boolean(),
    status: z.string(),
    order_no: z.string(),
    created_at: z.string(),
    deadline_at: z.string(),
    score: z.number().nullable(),
    images: z.array(z.strictObject({ id: z.string(), role: z.string() })),
  },
);

export function complaintsRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    async types(market: Market) {
      return db
        .select()
        .from(problemTypes)
        .where(and(eq(problemTypes.market, market), eq(problemTypes.active, true)))
        .orderBy(asc(problemTypes.sort), asc(problemTypes.value));
    },

    /** What the complaint entry shows: the borrower's orders with their product, and complaint counts. */
    async entryOf(borrowerId: number) {
      const [row] = await run(entry, [borrowerId]);
      return {
        orders: row!.orders.map((o) => ({ ...o, dueAt: o.dueAt === null ? null : new Date(o.dueAt) })),
        counts: row!.counts,
      };
    },

    async orderOf(borrowerId: number, orderNo: string) {
      const [row] = await db
        .select({ orderNo: orders.orderNo, collectionAllowed: orders.collectionAllowed })
        .from(orders)
        .where(and(eq(orders.borrowerId, borrowerId), eq(orders.orderNo, orderNo)));
      return row ?? null;
    },

    /**
     * Stores a complaint with its evidence images in one statement (atomic, one round trip), but only
     * when the order is the borrower's and, for a collection complaint, allows one. Returns the new id,
     * or null when the order check refused it (nothing is written then).
     */
    async insertForOrder(
      c: {
        borrowerId: number;
        market: Market;
        orderNo: string;
        typeValue: number;
        subTypeValue: number;
        detail: string;
        deadlineAt: Date;
        createdAt: Date;
      },
      opts: { collection: boolean; imageIds: string[] },
    ) {
      const [row] = await run(insertForOrder, [
        c.borrowerId,
        c.market,
        c.orderNo,
        c.typeValue,
        c.subTypeValue,
        c.detail,
        c.deadlineAt.toISOString(),
        c.createdAt.toISOString(),
        opts.imageIds,
        opts.collection,
      ]);
      return row?.id ?? null;
    },

    async page(borrowerId: number, status: ComplaintStatus, limit: number, cursor?: string) {
      // `limit` counts the look-ahead row (page size + 1).
      const sized = limit !== LIST_PAGE.default + 1;
      const params: unknown[] = [
        borrowerId,
        status,
        ...(cursor ? cursor.split('-') : []),
        ...(sized ? [limit] : []),
      ];
      const rows = await run(
        cursor
          ? sized
            ? complaintPages.afterSized
            : complaintPages.after
          : sized
            ? complaintPages.firstSized
            : complaintPages.first,
        params,
      );
      const { processing, processed, rows: page } = rows[0]!;
      return {
        counts: { processing, processed },
        rows: page.map(([id, createdUs, type_value, detail, is_score]) => ({
          id,
          type_value,
          detail,
          is_score,
          // Milliseconds, truncated as to_char's MS is, so the list and the details agree.
          time: new Date(Math.floor(createdUs / 1000)).toISOString(),
          cursor: `${createdUs}-${id}`,
        })),
      };
    },

    async findOwnedWithImages(borrowerId: number, id: number) {
      const [row] = await run(ownedWithImages, [id, borrowerId]);
      return row ?? null;
    },

    /** Whether the complaint is this borrower's (for telling "not yours" from "not due"). */
    async isOwned(borrowerId: number, id: number) {
      const [row] = await db
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId)));
      return row !== undefined;
    },

    /** Records a score only while one is due and none is set; returns whether it did. */
    async saveScore(borrowerId: number, id: number, score: number, now: Date) {
      const rows = await db
        .update(complaints)
        .set({ score, scoredAt: now, ratingDue: false })
        .where(
          and(
            eq(complaints.id, id),
            eq(complaints.borrowerId, borrowerId),
            eq(complaints.ratingDue, true),
            isNull(complaints.score),
          ),
        )
        .returning({ id: complaints.id });
      return rows.length === 1;
    },
  };
}
export type ComplaintsRepository = ReturnType<typeof complaintsRepository>;
