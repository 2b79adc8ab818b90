import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Lang, Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { qaItems, qaRecords } from '../../db/schema.ts';
import { rowShape, rowsOf } from '../../db/statement.ts';

const SAVED_ROW = rowShape('qa_record_saved', { id: z.number() });
const FOUND_ROW = rowShape('qa_search', { id: z.number(), title: z.string(), action_type: z.number() });

/** PostgreSQL text-search configuration per language (both ship with PostgreSQL and PGlite). */
const TS_CONFIG: Record<Lang, string> = { en: 'english', id: 'indonesian' };

export function chatbotRepository(db: Db) {
  return {
    /** Every active item of the market in display order: the reference data the chatbot reads from. */
    async activeItems(market: Market) {
      return db
        .select()
        .from(qaItems)
        .where(and(eq(qaItems.market, market), eq(qaItems.active, true)))
        .orderBy(asc(qaItems.parentId), asc(qaItems.sort), asc(qaItems.id));
    },

    /**
     * Stores a record when its order number is empty or one of the borrower's own orders, in one
     * statement (the ownership check is part of the insert, as for complaints). Returns whether it did.
     */
    async record(r: {
      borrowerId: number;
      market: Market;
      orderNo: string;
      type: number;
      value: string;
      qaId: number;
    }): Promise<boolean> {
      const result = await db.execute<{ id: number }>(sql`
        insert into ${qaRecords} (borrower_id, market, order_no, type, value, qa_id)
        select ${r.borrowerId}::int, ${r.market}::text, ${r.orderNo}::text, ${r.type}::int, ${r.value}::text,
               ${r.qaId}::int
         where ${r.orderNo}::text = ''
            or exists (select 1 from orders
                        where borrower_id = ${r.borrowerId}::int and order_no = ${r.orderNo}::text)
        returning id
      `);
      return rowsOf(result, SAVED_ROW).length === 1;
    },

    /**
     * Questions whose title or answers match any of the words, best first. Words are letters and digits
     * only, joined with OR, so "how do I repay" still finds "How can I repay my loan?".
     */
    async search(market: Market, lang: Lang, words: string[], limit: number) {
      if (words.length === 0) return [];
      const config = sql.raw(`'${TS_CONFIG[lang]}'::regconfig`);
      const query = words.join(' | ');
      const title = lang === 'id' ? sql`q.title_id` : sql`q.title_en`;
      const answerTitle = lang === 'id' ? sql`a.title_id` : sql`a.title_en`;
      const result = await db.execute(sql`
        with docs as (
          select q.id, ${title} as title, q.action_type,
                 to_tsvector(${config}, ${title} || ' ' || coalesce(string_agg(${answerTitle}, ' '), '')) as doc
          from qa_items q
          left join qa_items a on a.parent_id = q.id and a.kind = 'answer' and a.active
          where q.market = ${market} and q.kind = 'question' and q.active
          group by q.id, q.action_type
        )
        select id, title, action_type from docs, to_tsquery(${config}, ${query}) query
        where doc @@ query
        order by ts_rank(doc, query) desc, id
        limit ${limit}
      `);
      return rowsOf(result, FOUND_ROW);
    },
  };
}
export type ChatbotRepository = ReturnType<typeof chatbotRepository>;
