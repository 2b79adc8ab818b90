import { and, asc, count, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { QA_RECORD_TYPE } from '../../../shared/contract/constants.ts';
import {
  OPEN_STATUSES,
  type QueueFilter,
  REQUEST_STATUSES,
  RIGHT_KINDS,
  type RightKind,
} from '../../../shared/contract/data-rights.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Database } from '../../db/client.ts';
import {
  accountClosures,
  auditLog,
  bankAccounts,
  bankCards,
  borrowerSignups,
  borrowers,
  cardRepayments,
  complaintImages,
  complaints,
  consents,
  dataRightsRequests,
  orderCharges,
  orderEvents,
  orderRatings,
  orders,
  payCodes,
  paymentAllocations,
  payments,
  productEvents,
  products,
  qaRecords,
  sessions,
  staffUsers,
  uploads,
  utrSubmissions,
  verificationEvents,
  verificationSteps,
} from '../../db/schema.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';
import { ERASED_TEXT } from './data-rights.rules.ts';

/** A request as the borrower's screen and the refusals read it. */
export type RequestRow = {
  id: number;
  kind: RightKind;
  status: (typeof dataRightsRequests.$inferSelect)['status'];
  details: string;
  answer: string;
  createdAt: string;
  deadlineAt: string;
  closedAt: string | null;
};
const requestColumn = z.strictObject({
  id: z.number(),
  kind: z.enum(RIGHT_KINDS),
  status: z.enum(REQUEST_STATUSES),
  details: z.string(),
  answer: z.string(),
  createdAt: z.string(),
  deadlineAt: z.string(),
  closedAt: z.string().nullable(),
}) satisfies z.ZodType<RequestRow>;

const requestJson = (r: string) =>
  `json_build_object('id', ${r}.id, 'kind', ${r}.kind, 'status', ${r}.status, 'details', ${r}.details,
     'answer', ${r}.answer, 'createdAt', ${iso(`${r}.created_at`)}, 'deadlineAt', ${iso(`${r}.deadline_at`)},
     'closedAt', ${iso(`${r}.closed_at`)})`;

/** How many requests the screen lists (newest first): years of use, and each export adds one. */
const LISTED = 50;

/**
 * The "My data" screen in one statement (decision 020): what we hold (counts read through each table's
 * borrower index), the first outstanding order if any, and the latest requests as one JSON value.
 */
const overview = statement.read(
  'data_rights_overview',
  `select b.name, b.phone, b.market, ${iso('b.created_at')} as created_at,
          (select count(*)::int from orders o where o.borrower_id = b.id) as orders,
          (select count(*)::int from payments p join orders o on o.id = p.order_id
            where o.borrower_id = b.id) as payments,
          (select count(*)::int from complaints c where c.borrower_id = b.id) as complaints,
          (select count(*)::int from qa_records q where q.borrower_id = b.id) as chat_records,
          (select count(*)::int from bank_cards k where k.borrower_id = b.id) as bank_cards,
          (select count(*)::int from sessions s where s.borrower_id = b.id) as sign_ins,
          (select o.order_no from orders o where o.borrower_id = b.id and o.status = any($2::int[])
            order by o.created_at, o.id limit 1) as outstanding,
          coalesce((select json_agg(${requestJson('r')} order by r.created_at desc, r.id desc)
                      from (select * from data_rights_requests where borrower_id = b.id
                             order by created_at desc, id desc limit ${LISTED}) r), '[]'::json) as requests
     from borrowers b
    where b.id = $1`,
  {
    name: z.string(),
    phone: z.string(),
    market: z.string(),
    created_at: z.string(),
    orders: z.number(),
    payments: z.number(),
    complaints: z.number(),
    chat_records: z.number(),
    bank_cards: z.number(),
    sign_ins: z.number(),
    outstanding: z.string().nullable(),
    requests: z.array(requestColumn),
  },
);

/**
 * A new request, unless one of its kind is open: the partial unique index decides (two taps at once make
 * one request), and nothing is returned then.
 */
const insertRequest = statement.write(
  'data_rights_insert',
  `insert into data_rights_requests as r (borrower_id, market, kind, details, status, deadline_at, created_at)
   values ($1, $2, $3, $4, 'received', $5::timestamptz, $6::timestamptz)
   on conflict (borrower_id, kind) where status in ('received', 'in_progress') do nothing
   returning ${requestJson('r')} as request`,
  { request: requestColumn },
);

const openOfKind = statement.read(
  'data_rights_open_of_kind',
  `select ${requestJson('r')} as request from data_rights_requests r
    where r.borrower_id = $1 and r.kind = $2 and r.status in ('received', 'in_progress')`,
  { request: requestColumn },
);

/** One request, only when it is the borrower's: someone else's reads like none at all. */
const owned = statement.read(
  'data_rights_owned',
  `select ${requestJson('r')} as request from data_rights_requests r where r.id = $1 and r.borrower_id = $2`,
  { request: requestColumn },
);

/**
 * The copy of the data answers the access right: the open access request is done, or, with none open,
 * one is recorded as made and done at once. One statement, so a request is never both.
 */
const recordExport = statement.write(
  'data_rights_record_export',
  `with closed as (
     update data_rights_requests set status = 'done', answer = $3, closed_at = $2::timestamptz
      where borrower_id = $1 and kind = 'access' and status in ('received', 'in_progress')
      returning id
   ), added as (
     insert into data_rights_requests (borrower_id, market, kind, status, deadline_at, answer, closed_at, created_at)
     select $1, $4, 'access', 'done', $5::timestamptz, $3, $2::timestamptz, $2::timestamptz
      where not exists (select 1 from closed)
     returning id
   )
   select id from closed union all select id from added`,
  { id: z.number() },
);

/** The session behind an export link, while it is live: the copy is the session's borrower's, no one else's. */
const liveSession = statement.read(
  'data_rights_export_session',
  `select s.borrower_id, b.market from sessions s join borrowers b on b.id = s.borrower_id
    where s.id = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz
      and not exists (select 1 from account_closures c where c.borrower_id = s.borrower_id)`,
  { borrower_id: z.number(), market: z.string() },
);

const OPEN = OPEN_STATUSES as string[];

export function dataRightsRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    async overview(borrowerId: number, outstanding: readonly number[]) {
      const [row] = await run(overview, [borrowerId, outstanding]);
      return row ?? null;
    },

    async insertRequest(r: {
      borrowerId: number;
      market: Market;
      kind: RightKind;
      details: string;
      deadlineAt: Date;
      createdAt: Date;
    }): Promise<RequestRow | null> {
      const [row] = await run(insertRequest, [
        r.borrowerId,
        r.market,
        r.kind,
        r.details,
        r.deadlineAt.toISOString(),
        r.createdAt.toISOString(),
      ]);
      return row?.request ?? null;
    },

    async openOfKind(borrowerId: number, kind: RightKind): Promise<RequestRow | null> {
      const [row] = await run(openOfKind, [borrowerId, kind]);
      return row?.request ?? null;
    },

    async owned(borrowerId: number, id: number): Promise<RequestRow | null> {
      const [row] = await run(owned, [id, borrowerId]);
      return row?.request ?? null;
    },

    async recordExport(e: {
      borrowerId: number;
      market: Market;
      at: Date;
      deadlineAt: Date;
      answer: string;
    }) {
      const [row] = await run(recordExport, [
        e.borrowerId,
        e.at.toISOString(),
        e.answer,
        e.market,
        e.deadlineAt.toISOString(),
      ]);
      return row!.id;
    },

    async exportSession(sessionId: number, now: Date) {
      const [row] = await run(liveSession, [sessionId, now.toISOString()]);
      return row ? { borrowerId: row.borrower_id, market: row.market } : null;
    },

    /** Everything held on one borrower, each table read by the borrower's id (or their orders'). */
    async everything(borrowerId: number) {
      const [profile] = await db
        .select({
          id: borrowers.id,
          name: borrowers.name,
          phone: borrowers.phone,
          market: borrowers.market,
          createdAt: borrowers.createdAt,
        })
        .from(borrowers)
        .where(eq(borrowers.id, borrowerId));
      const ownOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.borrowerId, borrowerId));
      const [
        signups,
        signIns,
        loanRows,
        events,
        charges,
        bills,
        paid,
        allocations,
        utrs,
        complaintRows,
        images,
        chats,
        taps,
        ratings,
        cards,
        cardPays,
        requests,
        steps,
        stepHistory,
        accounts,
        consented,
      ] = await Promise.all([
        db
          .select({
            templateId: borrowerSignups.templateId,
            userFrom: borrowerSignups.userFrom,
            appFrom: borrowerSignups.appFrom,
            utmTag: borrowerSignups.utmTag,
            inviteCode: borrowerSignups.inviteCode,
            deviceId: borrowerSignups.deviceId,
            createdAt: borrowerSignups.createdAt,
          })
          .from(borrowerSignups)
          .where(eq(borrowerSignups.borrowerId, borrowerId)),
        // Times and the device only: the token's hash is a credential, not data about the borrower.
        db
          .select({
            at: sessions.createdAt,
            expiresAt: sessions.expiresAt,
            endedAt: sessions.revokedAt,
            deviceId: sessions.deviceId,
          })
          .from(sessions)
          .where(eq(sessions.borrowerId, borrowerId))
          .orderBy(asc(sessions.id)),
        db
          .select({
            id: orders.id,
            orderNo: orders.orderNo,
            product: products.name,
            status: orders.status,
            amountMinor: orders.amountMinor,
            termDays: orders.termDays,
            createdAt: orders.createdAt,
            disbursedAt: orders.disbursedAt,
            dueAt: orders.dueAt,
            extensionDays: orders.extensionDays,
            terms: orders.terms,
            quote: orders.quote,
          })
          .from(orders)
          .innerJoin(products, eq(products.id, orders.productId))
          .where(eq(orders.borrowerId, borrowerId))
          .orderBy(asc(orders.createdAt), asc(orders.id)),
        db
          .select({
            orderId: orderEvents.orderId,
            operation: orderEvents.operation,
            fromStatus: orderEvents.fromStatus,
            toStatus: orderEvents.toStatus,
            actor: orderEvents.actor,
            reason: orderEvents.reason,
            reasonCode: orderEvents.reasonCode,
            at: orderEvents.createdAt,
          })
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, ownOrders))
          .orderBy(asc(orderEvents.id)),
        db
          .select({
            orderId: orderCharges.orderId,
            kind: orderCharges.kind,
            day: orderCharges.chargeDay,
            amountMinor: orderCharges.amountMinor,
          })
          .from(orderCharges)
          .where(inArray(orderCharges.orderId, ownOrders))
          .orderBy(asc(orderCharges.id)),
        db
          .select({
            orderId: payCodes.orderId,
            billNo: payCodes.billNo,
            purpose: payCodes.purpose,
            amountMinor: payCodes.amountMinor,
            payType: payCodes.payType,
            payCode: payCodes.payCode,
            payTo: payCodes.vcode,
            state: payCodes.state,
            createdAt: payCodes.createdAt,
            expiresAt: payCodes.expiresAt,
          })
          .from(payCodes)
          .where(inArray(payCodes.orderId, ownOrders))
          .orderBy(asc(payCodes.id)),
        db
          .select({
            id: payments.id,
            orderId: payments.orderId,
            reference: payments.providerPaymentId,
            amountMinor: payments.amountMinor,
            currency: payments.currency,
            utr: payments.utr,
            paidAt: payments.paidAt,
            state: payments.state,
          })
          .from(payments)
          .where(inArray(payments.orderId, ownOrders))
          .orderBy(asc(payments.paidAt), asc(payments.id)),
        db
          .select({
            paymentId: paymentAllocations.paymentId,
            period: paymentAllocations.period,
            component: paymentAllocations.component,
            amountMinor: paymentAllocations.amountMinor,
          })
          .from(paymentAllocations)
          .where(inArray(paymentAllocations.orderId, ownOrders))
          .orderBy(asc(paymentAllocations.id)),
        db
          .select({ utr: utrSubmissions.utr, state: utrSubmissions.state, at: utrSubmissions.createdAt })
          .from(utrSubmissions)
          .where(eq(utrSubmissions.borrowerId, borrowerId))
          .orderBy(asc(utrSubmissions.id)),
        db
          .select({
            id: complaints.id,
            orderNo: complaints.orderNo,
            typeValue: complaints.typeValue,
            subTypeValue: complaints.subTypeValue,
            detail: complaints.detail,
            status: complaints.status,
            createdAt: complaints.createdAt,
            deadlineAt: complaints.deadlineAt,
            reply: complaints.replyText,
            repliedAt: complaints.repliedAt,
            score: complaints.score,
          })
          .from(complaints)
          .where(eq(complaints.borrowerId, borrowerId))
          .orderBy(asc(complaints.id)),
        db
          .select({
            complaintId: complaintImages.complaintId,
            uploadId: complaintImages.uploadId,
            role: complaintImages.role,
          })
          .from(complaintImages)
          .innerJoin(complaints, eq(complaints.id, complaintImages.complaintId))
          .where(eq(complaints.borrowerId, borrowerId))
          .orderBy(asc(complaintImages.role), asc(complaintImages.position)),
        db
          .select({
            type: qaRecords.type,
            value: qaRecords.value,
            orderNo: qaRecords.orderNo,
            questionId: qaRecords.qaId,
            at: qaRecords.createdAt,
          })
          .from(qaRecords)
          .where(eq(qaRecords.borrowerId, borrowerId))
          .orderBy(asc(qaRecords.id)),
        db
          .select({
            productId: productEvents.productId,
            moduleId: productEvents.moduleId,
            position: productEvents.positionId,
            at: productEvents.createdAt,
          })
          .from(productEvents)
          .where(eq(productEvents.borrowerId, borrowerId))
          .orderBy(asc(productEvents.id)),
        db
          .select({ orderId: orderRatings.orderId, score: orderRatings.score, at: orderRatings.createdAt })
          .from(orderRatings)
          .where(eq(orderRatings.borrowerId, borrowerId)),
        // The provider's token is a key to charge the card: never handed out, not even to its owner.
        db
          .select({
            id: bankCards.id,
            bankName: bankCards.bankName,
            bankCode: bankCards.bankCode,
            cardNo: bankCards.maskedNo,
            createdAt: bankCards.createdAt,
          })
          .from(bankCards)
          .where(eq(bankCards.borrowerId, borrowerId))
          .orderBy(asc(bankCards.id)),
        db
          .select({
            orderId: cardRepayments.orderId,
            cardNo: bankCards.maskedNo,
            amountMinor: cardRepayments.amountMinor,
            state: cardRepayments.state,
            createdAt: cardRepayments.createdAt,
            chargedAt: cardRepayments.chargedAt,
          })
          .from(cardRepayments)
          .innerJoin(bankCards, eq(bankCards.id, cardRepayments.cardId))
          .where(eq(cardRepayments.borrowerId, borrowerId))
          .orderBy(asc(cardRepayments.id)),
        db
          .select({
            id: dataRightsRequests.id,
            kind: dataRightsRequests.kind,
            status: dataRightsRequests.status,
            details: dataRightsRequests.details,
            answer: dataRightsRequests.answer,
            createdAt: dataRightsRequests.createdAt,
            deadlineAt: dataRightsRequests.deadlineAt,
            closedAt: dataRightsRequests.closedAt,
          })
          .from(dataRightsRequests)
          .where(eq(dataRightsRequests.borrowerId, borrowerId))
          .orderBy(asc(dataRightsRequests.id)),
        // Who the borrower is (issue 30): each step's fields, its identity numbers as every screen shows them
        // (masked: the sealed column is never opened for a file that travels by link), status and history.
        db
          .select({
            step: verificationSteps.step,
            status: verificationSteps.status,
            data: verificationSteps.data,
            masked: verificationSteps.masked,
            reason: verificationSteps.reason,
            updatedAt: verificationSteps.updatedAt,
          })
          .from(verificationSteps)
          .where(eq(verificationSteps.borrowerId, borrowerId))
          .orderBy(asc(verificationSteps.id)),
        db
          .select({
            step: verificationEvents.step,
            status: verificationEvents.status,
            reason: verificationEvents.reason,
            at: verificationEvents.createdAt,
          })
          .from(verificationEvents)
          .where(eq(verificationEvents.borrowerId, borrowerId))
          .orderBy(asc(verificationEvents.id)),
        db
          .select({
            bankCode: bankAccounts.bankCode,
            accountLast4: bankAccounts.accountLast4,
            holderName: bankAccounts.holderName,
            status: bankAccounts.status,
            reason: bankAccounts.reason,
            verifiedAt: bankAccounts.verifiedAt,
            replacedAt: bankAccounts.replacedAt,
            createdAt: bankAccounts.createdAt,
          })
          .from(bankAccounts)
          .where(eq(bankAccounts.borrowerId, borrowerId))
          .orderBy(asc(bankAccounts.id)),
        db
          .select({
            purpose: consents.purpose,
            textVersion: consents.textVersion,
            granted: consents.granted,
            data: consents.data,
            at: consents.createdAt,
          })
          .from(consents)
          .where(eq(consents.borrowerId, borrowerId))
          .orderBy(asc(consents.id)),
      ]);
      if (!profile) return null;
      return {
        profile,
        signups,
        signIns,
        loanRows,
        events,
        charges,
        bills,
        paid,
        allocations,
        utrs,
        complaintRows,
        images,
        chats,
        taps,
        ratings,
        cards,
        cardPays,
        requests,
        steps,
        stepHistory,
        accounts,
        consented,
      };
    },

    /**
     * Cancels an account in one transaction (decision 035): refused (null) while an order is
     * outstanding; otherwise personal data erased or anonymised, sessions ended, the lending records kept
     * and listed in `account_closures`. `removeObjects` deletes the photos from storage before the
     * transaction commits, as the uploads clean-up does: if it fails, nothing changed and the borrower
     * can try again; object deletes are idempotent.
     */
    async cancelAccount(c: {
      borrowerId: number;
      market: Market;
      at: Date;
      retainUntil: Date;
      basis: string;
      outstanding: readonly number[];
      deletedName: string;
      closedAnswer: string;
      removeObjects: (storedNames: string[]) => Promise<void>;
    }): Promise<{ outstanding: string } | { closed: true }> {
      return db.transaction(async (tx) => {
        // The borrower row is locked first: an order being inserted for them (its foreign key takes a
        // share lock on this row) waits for the cancellation, and is then seen by the check below.
        await tx
          .select({ id: borrowers.id })
          .from(borrowers)
          .where(eq(borrowers.id, c.borrowerId))
          .for('update');
        const [open] = await tx
          .select({ orderNo: orders.orderNo })
          .from(orders)
          .where(and(eq(orders.borrowerId, c.borrowerId), inArray(orders.status, [...c.outstanding])))
          .orderBy(asc(orders.createdAt))
          .limit(1);
        if (open) return { outstanding: open.orderNo };
        const id = c.borrowerId;

        // Photos: the complaints' (evidence and replies) and anything the borrower uploaded.
        const ownComplaints = tx
          .select({ id: complaints.id })
          .from(complaints)
          .where(eq(complaints.borrowerId, id));
        const attached = await tx
          .delete(complaintImages)
          .where(inArray(complaintImages.complaintId, ownComplaints))
          .returning({ uploadId: complaintImages.uploadId });
        const attachedIds = attached.map((a) => a.uploadId);
        const doomed = await tx
          .delete(uploads)
          .where(
            or(
              and(eq(uploads.ownerKind, 'borrower'), eq(uploads.ownerId, id)),
              attachedIds.length ? inArray(uploads.id, attachedIds) : sql`false`,
            ),
          )
          .returning({ storedName: uploads.storedName });

        await tx
          .update(complaints)
          .set({
            detail: ERASED_TEXT,
            replyText: sql`case when ${complaints.replyText} = '' then '' else ${ERASED_TEXT} end`,
          })
          .where(eq(complaints.borrowerId, id));
        await tx
          .update(qaRecords)
          .set({ value: ERASED_TEXT })
          .where(and(eq(qaRecords.borrowerId, id), eq(qaRecords.type, QA_RECORD_TYPE.FREE_TEXT)));
        // Sign-ins stay as times (security logs, kept a year); the device is forgotten, every session ends.
        await tx
          .update(sessions)
          .set({
            deviceId: null,
            revokedAt: sql`coalesce(${sessions.revokedAt}, ${c.at.toISOString()}::timestamptz)`,
          })
          .where(eq(sessions.borrowerId, id));
        // Who the borrower is (issue 30, decision 064): the emergency contacts are other people, whom the
        // lending records do not need: their step goes. Location and device data collected under a consent
        // go; the consent itself (purpose, text, time) stays as the record that it was given. The identity,
        // address, job and bank account steps stay sealed with the lending records, for the same period.
        await tx
          .delete(verificationSteps)
          .where(and(eq(verificationSteps.borrowerId, id), eq(verificationSteps.step, 'extra')));
        await tx.update(consents).set({ data: null }).where(eq(consents.borrowerId, id));
        await tx.delete(borrowerSignups).where(eq(borrowerSignups.borrowerId, id));
        await tx.delete(productEvents).where(eq(productEvents.borrowerId, id));
        await tx.delete(orderRatings).where(eq(orderRatings.borrowerId, id));
        // A card stays with the payments made with it (bank, last four digits); the provider's token,
        // the only way to charge it again, is destroyed.
        await tx
          .update(bankCards)
          .set({ providerToken: sql`'erased-' || ${bankCards.id}`, needsSms: true })
          .where(eq(bankCards.borrowerId, id));
        await tx
          .update(dataRightsRequests)
          .set({ status: 'done', answer: c.closedAnswer, closedAt: c.at })
          .where(and(eq(dataRightsRequests.borrowerId, id), inArray(dataRightsRequests.status, OPEN)));
        await tx
          .update(dataRightsRequests)
          .set({ details: ERASED_TEXT })
          .where(and(eq(dataRightsRequests.borrowerId, id), ne(dataRightsRequests.details, '')));
        // The phone becomes a placeholder unique to this row (the market's phone index stays unique) that
        // says nothing about the number: the same phone may register again as a new borrower.
        await tx
          .update(borrowers)
          .set({ name: c.deletedName, phone: `deleted-${id}` })
          .where(eq(borrowers.id, id));

        const ownOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.borrowerId, id));
        const n = async (rows: PromiseLike<Array<{ n: number }>>) => Number((await rows)[0]?.n ?? 0);
        const c1 = () => ({ n: count() });
        // What stays, counted as it was left, for the operator or auditor who reads the closure later.
        const retained = [
          { record: 'orders', count: await n(tx.select(c1()).from(orders).where(eq(orders.borrowerId, id))) },
          {
            record: 'order_events',
            count: await n(tx.select(c1()).from(orderEvents).where(inArray(orderEvents.orderId, ownOrders))),
          },
          {
            record: 'order_charges',
            count: await n(
              tx.select(c1()).from(orderCharges).where(inArray(orderCharges.orderId, ownOrders)),
            ),
          },
          {
            record: 'pay_codes',
            count: await n(tx.select(c1()).from(payCodes).where(inArray(payCodes.orderId, ownOrders))),
          },
          {
            record: 'payments',
            count: await n(tx.select(c1()).from(payments).where(inArray(payments.orderId, ownOrders))),
          },
          {
            record: 'payment_allocations',
            count: await n(
              tx.select(c1()).from(paymentAllocations).where(inArray(paymentAllocations.orderId, ownOrders)),
            ),
          },
          {
            record: 'utr_submissions',
            count: await n(tx.select(c1()).from(utrSubmissions).where(eq(utrSubmissions.borrowerId, id))),
          },
          {
            record: 'card_repayments',
            count: await n(tx.select(c1()).from(cardRepayments).where(eq(cardRepayments.borrowerId, id))),
          },
          {
            record: 'bank_cards',
            count: await n(tx.select(c1()).from(bankCards).where(eq(bankCards.borrowerId, id))),
          },
          {
            record: 'complaints',
            count: await n(tx.select(c1()).from(complaints).where(eq(complaints.borrowerId, id))),
          },
          {
            record: 'verification_steps',
            count: await n(
              tx.select(c1()).from(verificationSteps).where(eq(verificationSteps.borrowerId, id)),
            ),
          },
          {
            record: 'bank_accounts',
            count: await n(tx.select(c1()).from(bankAccounts).where(eq(bankAccounts.borrowerId, id))),
          },
          {
            record: 'consents',
            count: await n(tx.select(c1()).from(consents).where(eq(consents.borrowerId, id))),
          },
          {
            record: 'sessions',
            count: await n(tx.select(c1()).from(sessions).where(eq(sessions.borrowerId, id))),
          },
          {
            record: 'data_rights_requests',
            count: await n(
              tx.select(c1()).from(dataRightsRequests).where(eq(dataRightsRequests.borrowerId, id)),
            ),
          },
        ];
        await tx.insert(accountClosures).values({
          borrowerId: id,
          market: c.market,
          closedAt: c.at,
          retainUntil: c.retainUntil,
          retained: retained.filter((r) => r.count > 0),
          basis: c.basis,
        });
        // A borrower's own act, kept with the staff actions: who closed what, and when.
        await tx.insert(auditLog).values({
          staffId: null,
          action: 'account.cancel',
          target: `borrower:${id}`,
          detail: `retained until ${c.retainUntil.toISOString().slice(0, 10)}`,
          createdAt: c.at,
        });
        if (doomed.length > 0) await c.removeObjects(doomed.map((d) => d.storedName));
        return { closed: true as const };
      });
    },

    // The back office

    async queue(q: {
      markets: Market[];
      status: QueueFilter;
      kind?: RightKind;
      overdue: boolean;
      now: Date;
      page: number;
      pageSize: number;
    }) {
      const where: SQL[] = [inArray(dataRightsRequests.market, q.markets)];
      if (q.status === 'open') where.push(inArray(dataRightsRequests.status, OPEN));
      else if (q.status !== 'all') where.push(eq(dataRightsRequests.status, q.status));
      if (q.kind) where.push(eq(dataRightsRequests.kind, q.kind));
      if (q.overdue) {
        where.push(inArray(dataRightsRequests.status, OPEN), lt(dataRightsRequests.deadlineAt, q.now));
      }
      const filter = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: dataRightsRequests.id,
            market: dataRightsRequests.market,
            kind: dataRightsRequests.kind,
            status: dataRightsRequests.status,
            borrowerName: borrowers.name,
            excerpt: sql<string>`left(${dataRightsRequests.details}, 120)`,
            createdAt: dataRightsRequests.createdAt,
            deadlineAt: dataRightsRequests.deadlineAt,
          })
          .from(dataRightsRequests)
          .innerJoin(borrowers, eq(borrowers.id, dataRightsRequests.borrowerId))
          .where(filter)
          // The most urgent first: the oldest deadline heads the queue.
          .orderBy(asc(dataRightsRequests.deadlineAt), asc(dataRightsRequests.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(dataRightsRequests).where(filter),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async request(id: number) {
      const [row] = await db
        .select({
          r: dataRightsRequests,
          borrowerName: borrowers.name,
          borrowerPhone: borrowers.phone,
          borrowerSince: borrowers.createdAt,
          handledBy: staffUsers.email,
          closedAt: accountClosures.closedAt,
        })
        .from(dataRightsRequests)
        .innerJoin(borrowers, eq(borrowers.id, dataRightsRequests.borrowerId))
        .leftJoin(staffUsers, eq(staffUsers.id, dataRightsRequests.handledBy))
        .leftJoin(accountClosures, eq(accountClosures.borrowerId, dataRightsRequests.borrowerId))
        .where(eq(dataRightsRequests.id, id));
      return row ?? null;
    },

    async outstandingCount(borrowerId: number, outstanding: readonly number[]) {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.borrowerId, borrowerId), inArray(orders.status, [...outstanding])));
      return Number(row?.n ?? 0);
    },

    async history(id: number) {
      return db
        .select({ action: auditLog.action, staff: staffUsers.email, at: auditLog.createdAt })
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
        .where(eq(auditLog.target, `dataRights:${id}`))
        .orderBy(asc(auditLog.id));
    },

    /**
     * Moves a request from one of `from` to `to`, with its audit entry, in one transaction; false when
     * the request was not in one of `from` (another operator got there first).
     */
    async transition(t: {
      id: number;
      from: readonly string[];
      to: string;
      answer?: string;
      staffId: number;
      at: Date;
      audit: { action: string; detail: string; ip: string };
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(dataRightsRequests)
          .set({
            status: t.to,
            handledBy: t.staffId,
            ...(t.to === 'in_progress' ? { startedAt: t.at } : { closedAt: t.at, answer: t.answer ?? '' }),
          })
          .where(and(eq(dataRightsRequests.id, t.id), inArray(dataRightsRequests.status, [...t.from])))
          .returning({ id: dataRightsRequests.id });
        if (changed.length === 0) return false;
        await tx.insert(auditLog).values({
          staffId: t.staffId,
          action: t.audit.action,
          target: `dataRights:${t.id}`,
          detail: t.audit.detail,
          ip: t.audit.ip,
        });
        return true;
      });
    },
  };
}
export type DataRightsRepository = ReturnType<typeof dataRightsRepository>;
