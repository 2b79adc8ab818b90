import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../../db/client.ts';
import { auditLog, bankAccounts, borrowers, verificationEvents, verificationSteps } from '../../db/schema.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';
import type { AuditEntry } from '../staff/index.ts';

/** Each list of the borrower view stops here: a page for a person to read, not an export (that is My data). */
const LIST_MAX = 50;

const masked = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/**
 * The whole borrower view in one statement (decision 020's one round trip): the borrower, then every list
 * as a JSON array built beside it. No sealed column is read: the view never holds a clear number.
 */
const borrowerView = statement.read(
  'admin_borrower_view',
  `select b.id, b.market, b.name, b.phone, ${iso('b.created_at')} as since,
          (c.borrower_id is not null) as closed,
          coalesce((select json_agg(json_build_object(
              'id', s.id, 'step', s.step, 'status', s.status, 'data', s.data, 'masked', s.masked,
              'reason', s.reason, 'version', s.version, 'updatedAt', ${iso('s.updated_at')},
              'events', coalesce((select json_agg(json_build_object(
                  'status', e.status, 'reason', e.reason, 'actor', e.actor, 'actorName', su.name,
                  'detail', e.detail, 'at', ${iso('e.created_at')}) order by e.id desc)
                from verification_events e
                left join staff_users su on e.actor = 'staff:' || su.id
               where e.borrower_id = b.id and e.step = s.step), '[]'::json)) order by s.id)
             from verification_steps s where s.borrower_id = b.id), '[]'::json) as steps,
          coalesce((select json_agg(json_build_object(
              'id', a.id, 'bankCode', a.bank_code, 'last4', a.account_last4, 'holderName', a.holder_name,
              'status', a.status, 'reason', a.reason, 'verifiedAt', ${iso('a.verified_at')},
              'replacedAt', ${iso('a.replaced_at')}, 'createdAt', ${iso('a.created_at')}) order by a.id desc)
             from bank_accounts a where a.borrower_id = b.id), '[]'::json) as accounts,
          coalesce((select json_agg(x order by x."createdAt" desc) from (
              select o.order_no as "orderNo", o.status, o.amount_minor as "amountMinor", o.term_days as "termDays",
                     ${iso('o.created_at')} as "createdAt", ${iso('o.due_at')} as "dueAt"
                from orders o where o.borrower_id = b.id order by o.created_at desc, o.id desc limit ${LIST_MAX}) x),
            '[]'::json) as orders,
          coalesce((select json_agg(x order by x."paidAt" desc) from (
              select p.id, o.order_no as "orderNo", p.amount_minor as "amountMinor", p.state,
                     ${iso('p.paid_at')} as "paidAt"
                from payments p join orders o on o.id = p.order_id
               where o.borrower_id = b.id order by p.paid_at desc, p.id desc limit ${LIST_MAX}) x),
            '[]'::json) as payments,
          coalesce((select json_agg(x order by x."createdAt" desc) from (
              select k.id, k.order_no as "orderNo", k.status, ${iso('k.created_at')} as "createdAt"
                from complaints k where k.borrower_id = b.id order by k.created_at desc, k.id desc limit ${LIST_MAX}) x),
            '[]'::json) as complaints,
          coalesce((select json_agg(x order by x."createdAt" desc) from (
              select r.id, r.kind, r.status, ${iso('r.created_at')} as "createdAt",
                     ${iso('r.deadline_at')} as "deadlineAt"
                from data_rights_requests r where r.borrower_id = b.id
               order by r.created_at desc, r.id desc limit ${LIST_MAX}) x),
            '[]'::json) as rights,
          coalesce((select json_agg(json_build_object(
              'purpose', n.purpose, 'textVersion', n.text_version, 'granted', n.granted,
              'at', ${iso('n.created_at')}) order by n.id)
             from consents n where n.borrower_id = b.id), '[]'::json) as consents
     from borrowers b
     left join account_closures c on c.borrower_id = b.id
    where b.id = $1`,
  {
    id: z.number(),
    market: z.string(),
    name: z.string(),
    phone: z.string(),
    since: z.string(),
    closed: z.boolean(),
    steps: z.array(
      z.strictObject({
        id: z.number(),
        step: z.string(),
        status: z.enum(['done', 'review', 'refused']),
        data: z.record(z.string(), z.unknown()),
        masked,
        reason: z.string().nullable(),
        version: z.number(),
        updatedAt: z.string(),
        events: z.array(
          z.strictObject({
            status: z.string(),
            reason: z.string().nullable(),
            actor: z.string(),
            actorName: z.string().nullable(),
            detail: z.record(z.string(), z.unknown()),
            at: z.string(),
          }),
        ),
      }),
    ),
    accounts: z.array(
      z.strictObject({
        id: z.number(),
        bankCode: z.string(),
        last4: z.string(),
        holderName: z.string(),
        status: z.enum(['verified', 'review', 'refused', 'replaced']),
        reason: z.string().nullable(),
        verifiedAt: z.string().nullable(),
        replacedAt: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    orders: z.array(
      z.strictObject({
        orderNo: z.string(),
        status: z.number(),
        amountMinor: z.number(),
        termDays: z.number(),
        createdAt: z.string(),
        dueAt: z.string().nullable(),
      }),
    ),
    payments: z.array(
      z.strictObject({
        id: z.number(),
        orderNo: z.string(),
        amountMinor: z.number(),
        state: z.string(),
        paidAt: z.string(),
      }),
    ),
    complaints: z.array(
      z.strictObject({ id: z.number(), orderNo: z.string(), status: z.string(), createdAt: z.string() }),
    ),
    rights: z.array(
      z.strictObject({
        id: z.number(),
        kind: z.string(),
        status: z.string(),
        createdAt: z.string(),
        deadlineAt: z.string(),
      }),
    ),
    consents: z.array(
      z.strictObject({ purpose: z.string(), textVersion: z.string(), granted: z.boolean(), at: z.string() }),
    ),
  },
);
export type BorrowerViewRow = z.infer<(typeof borrowerView)['row']>;

const summaryColumns = {
  id: z.number(),
  market: z.string(),
  name: z.string(),
  phone: z.string(),
  since: z.string(),
  closed: z.boolean(),
};

/**
 * A borrower by id, by a phone of each market (already normalised: equality on the market-and-phone
 * unique index, never a pattern scan) or by an order number; only in the staff member's markets.
 */
const borrowerSearch = statement.read(
  'admin_borrower_search',
  `select b.id, b.market, b.name, b.phone, ${iso('b.created_at')} as since,
          (c.borrower_id is not null) as closed
     from borrowers b
     left join account_closures c on c.borrower_id = b.id
    where b.market = any($1::text[])
      and (b.id = $2::int
           or (b.market = 'IN' and b.phone = $3::text)
           or (b.market = 'ID' and b.phone = $4::text)
           or b.id = (select o.borrower_id from orders o where o.order_no = $5::text))
    order by b.id
    limit 10`,
  summaryColumns,
);

/**
 * The review queue: steps and bank accounts in `review`, oldest first, with the count of all of them
 * (both partial indexes on `status = 'review'` keep this off the done rows).
 */
const reviewQueue = statement.read(
  'admin_verification_queue',
  `with q as (
     select 'step' as kind, s.id, s.market, s.borrower_id, s.step, s.reason, null::text as holder_name,
            s.masked::text as masked, s.updated_at as since
       from verification_steps s where s.status = 'review' and s.market = any($1::text[])
     union all
     select 'bankAccount', a.id, a.market, a.borrower_id, 'bank', a.reason, a.holder_name,
            '**** ' || a.account_last4, a.created_at
       from bank_accounts a where a.status = 'review' and a.market = any($1::text[]))
   select q.kind, q.id, q.market, q.borrower_id as "borrowerId", b.name as "borrowerName", q.step, q.reason,
          q.holder_name as "holderName", q.masked, ${iso('q.since')} as since,
          count(*) over ()::int as total
     from q join borrowers b on b.id = q.borrower_id
    order by q.since, q.kind, q.id
    limit $2 offset $3`,
  {
    kind: z.enum(['step', 'bankAccount']),
    id: z.number(),
    market: z.string(),
    borrowerId: z.number(),
    borrowerName: z.string(),
    step: z.string(),
    reason: z.string().nullable(),
    holderName: z.string().nullable(),
    masked: z.string(),
    since: z.string(),
    total: z.number(),
  },
);
export type ReviewRow = z.infer<(typeof reviewQueue)['row']>;

/** One sealed value and whose it is, read inside the reveal's transaction. */
export interface SealedRead {
  market: string;
  sealed: string | null;
}

async function audit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? '',
    ip: entry.ip ?? '',
  });
}

export function borrowersAdminRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    async view(borrowerId: number): Promise<BorrowerViewRow | null> {
      const [row] = await run(borrowerView, [borrowerId]);
      return row ?? null;
    },

    search(
      markets: readonly string[],
      by: { id: number | null; phoneIN: string | null; phoneID: string | null; orderNo: string | null },
    ) {
      return run(borrowerSearch, [markets, by.id, by.phoneIN, by.phoneID, by.orderNo]);
    },

    queue(markets: readonly string[], limit: number, offset: number) {
      return run(reviewQueue, [markets, limit, offset]);
    },

    async borrowerMarket(borrowerId: number): Promise<string | null> {
      const [row] = await db
        .select({ market: borrowers.market })
        .from(borrowers)
        .where(eq(borrowers.id, borrowerId));
      return row?.market ?? null;
    },

    /**
     * Reads one sealed value with `read` and writes the audit row in the same transaction, then hands the
     * sealed text to `open`: a reveal that is not audited never happens, and one that fails to open
     * (`open` throws) leaves no audit row either.
     */
    reveal<T>(
      read: (tx: Db) => Promise<SealedRead | null>,
      entry: (row: SealedRead) => AuditEntry,
      open: (row: SealedRead) => T,
    ): Promise<T | null> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const row = await read(tx);
        if (!row) return null;
        const value = open(row);
        await audit(tx, entry(row));
        return value;
      });
    },

    /** Reads used by `reveal`: each answers the sealed text and the borrower's market. */
    sealedStep(tx: Db, borrowerId: number, step: string) {
      return tx
        .select({ market: verificationSteps.market, sealed: verificationSteps.sealed })
        .from(verificationSteps)
        .where(and(eq(verificationSteps.borrowerId, borrowerId), eq(verificationSteps.step, step)))
        .then((rows) => rows[0] ?? null);
    },
    sealedAccount(tx: Db, borrowerId: number, accountId: number) {
      return tx
        .select({ market: bankAccounts.market, sealed: bankAccounts.accountSealed })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.borrowerId, borrowerId)))
        .then((rows) => rows[0] ?? null);
    },
    /** The borrower's own phone is kept in clear (it is their sign-in); it is read the same audited way. */
    phone(tx: Db, borrowerId: number) {
      return tx
        .select({ market: borrowers.market, sealed: borrowers.phone })
        .from(borrowers)
        .where(eq(borrowers.id, borrowerId))
        .then((rows) => rows[0] ?? null);
    },

    /**
     * One decision on a step in review: the row locked, still `review` (else `stale`), then the new status,
     * its history row and the audit row, all in one transaction.
     */
    decideStep(
      id: number,
      markets: readonly string[],
      change: { status: 'done' | 'refused'; reason: string | null; actor: string; now: Date },
      entry: (row: { borrowerId: number; step: string }) => AuditEntry,
    ) {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [row] = await tx
          .select({
            borrowerId: verificationSteps.borrowerId,
            market: verificationSteps.market,
            step: verificationSteps.step,
            status: verificationSteps.status,
          })
          .from(verificationSteps)
          .where(eq(verificationSteps.id, id))
          .for('update');
        if (!row) return 'missing' as const;
        if (!markets.includes(row.market)) return 'otherMarket' as const;
        if (row.status !== 'review') return 'stale' as const;
        await tx
          .update(verificationSteps)
          .set({
            status: change.status,
            reason: change.reason,
            version: sql`${verificationSteps.version} + 1`,
            updatedAt: change.now,
          })
          .where(eq(verificationSteps.id, id));
        await tx.insert(verificationEvents).values({
          borrowerId: row.borrowerId,
          step: row.step,
          status: change.status,
          reason: change.reason,
          actor: change.actor,
          detail: { review: change.status === 'done' ? 'approved' : 'rejected' },
          createdAt: change.now,
        });
        await audit(tx, entry(row));
        return change.status;
      });
    },

    /** As `decideStep`, for a bank account: `verified` (dated) or `refused`, with a `bank` history row. */
    decideAccount(
      id: number,
      markets: readonly string[],
      change: { status: 'verified' | 'refused'; reason: string | null; actor: string; now: Date },
      entry: (row: { borrowerId: number }) => AuditEntry,
    ) {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [row] = await tx
          .select({
            borrowerId: bankAccounts.borrowerId,
            market: bankAccounts.market,
            status: bankAccounts.status,
          })
          .from(bankAccounts)
          .where(eq(bankAccounts.id, id))
          .for('update');
        if (!row) return 'missing' as const;
        if (!markets.includes(row.market)) return 'otherMarket' as const;
        if (row.status !== 'review') return 'stale' as const;
        await tx
          .update(bankAccounts)
          .set({
            status: change.status,
            reason: change.reason,
            verifiedAt: change.status === 'verified' ? change.now : null,
          })
          .where(eq(bankAccounts.id, id));
        await tx.insert(verificationEvents).values({
          borrowerId: row.borrowerId,
          step: 'bank',
          status: change.status,
          reason: change.reason,
          actor: change.actor,
          detail: { review: change.status === 'verified' ? 'approved' : 'rejected', accountId: id },
          createdAt: change.now,
        });
        await audit(tx, entry(row));
        return change.status;
      });
    },
  };
}
export type BorrowersAdminRepository = ReturnType<typeof borrowersAdminRepository>;
