import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import {
  type AdminBorrower,
  adminBorrowerReply,
  type BorrowerSummary,
  borrowerIdParams,
  borrowerSearchQuery,
  borrowerSearchReply,
  type RevealBody,
  type Revealed,
  type ReviewDecisionBody,
  type ReviewKind,
  revealBody,
  revealReply,
  reviewDecisionBody,
  reviewDecisionReply,
  reviewParams,
  type VerificationQueue,
  verificationQueueQuery,
  verificationQueueReply,
} from '../../../shared/contract/admin-borrowers.ts';
import { ADMIN_BASE, PAGE_SIZE } from '../../../shared/contract/constants.ts';
import { INT4_MAX } from '../../../shared/contract/fields.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { maskPhone, normalizePhone } from '../../../shared/domain/phone.ts';
import type { Market } from '../../../shared/markets.ts';
import type { Clock } from '../../clock.ts';
import type { Sealer } from '../../crypto/sealed.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../reply.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { BorrowersAdminRepository, BorrowerViewRow, SealedRead } from './borrowers-admin.repository.ts';

/**
 * The purposes the owning features seal under (verification steps: decision 064, bank accounts: 065). A
 * value opens only under the purpose it was sealed with, so a wrong name here fails the reveal tests.
 */
const PURPOSE = { base: 'verification:base', extra: 'verification:extra', account: 'bank-account' } as const;

const forbidden = () => new AppError('403', 'staff:errors.forbidden', 403);
const otherMarket = () =>
  new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'borrowersAdmin:refusals.otherMarket', 403);
const notFound = () => new AppError(ERROR_CODE.NOT_FOUND, 'borrowersAdmin:refusals.notFound', 404);

/** The markets a request may look at: the staff member's, narrowed to one when asked for one of them. */
function marketsFor(staff: StaffIdentity, market: Market | undefined): Market[] {
  if (!market) return staff.markets;
  if (!staff.markets.includes(market)) throw forbidden();
  return [market];
}

/** A closed account's phone is a placeholder: nothing to mask, nothing to show (as the data-rights page). */
const summaryOf = (r: Omit<BorrowerSummary, 'market'> & { market: string }): BorrowerSummary => ({
  id: r.id,
  market: r.market as Market,
  name: r.name,
  phone: r.closed ? '' : maskPhone(r.phone),
  since: r.since,
  closed: r.closed,
});

function present(r: BorrowerViewRow): AdminBorrower {
  const market = r.market as Market;
  return {
    ...summaryOf(r),
    steps: r.steps,
    bankAccounts: r.accounts.map(({ last4, ...a }) => ({ ...a, accountMasked: `**** ${last4}` })),
    orders: r.orders.map(({ amountMinor, ...o }) => ({ ...o, amount: formatMoney(amountMinor, market) })),
    payments: r.payments.map(({ amountMinor, ...p }) => ({ ...p, amount: formatMoney(amountMinor, market) })),
    complaints: r.complaints,
    rightsRequests: r.rights,
    consents: r.consents,
  };
}

/**
 * The back office's borrower view, the audited reveal of one number, and the verification review queue
 * (issue 30, decision 068). Staff see only their markets' borrowers; another market's is named as such
 * (403 `40301`), a missing one is 404.
 */
export function borrowersAdminService(deps: {
  repo: BorrowersAdminRepository;
  sealer: Sealer;
  clock: Clock;
}) {
  const { repo, sealer, clock } = deps;

  async function inMarket(staff: StaffIdentity, borrowerId: number) {
    const market = await repo.borrowerMarket(borrowerId);
    if (!market) throw notFound();
    if (!staff.markets.includes(market as Market)) throw otherMarket();
  }

  /** What a reveal reads, and how the sealed text opens, per field. */
  function readerOf(borrowerId: number, body: ReturnType<typeof revealBody.parse>) {
    switch (body.field) {
      case 'idNumber':
        return {
          target: 'idNumber',
          read: (tx: Parameters<BorrowersAdminRepository['sealedStep']>[0]) =>
            repo.sealedStep(tx, borrowerId, 'base'),
          open: (sealed: string) => {
            const secret = JSON.parse(sealer.open(PURPOSE.base, sealed)) as Record<string, unknown>;
            const value = secret.pan ?? secret.nik;
            return typeof value === 'string' ? value : null;
          },
        };
      case 'accountNumber': {
        const accountId = body.accountId;
        if (accountId === undefined)
          throw new AppError(ERROR_CODE.VALIDATION, 'borrowersAdmin:refusals.accountRequired', 400);
        return {
          target: `bankAccount:${accountId}`,
          read: (tx: Parameters<BorrowersAdminRepository['sealedAccount']>[0]) =>
            repo.sealedAccount(tx, borrowerId, accountId),
          open: (sealed: string) => sealer.open(PURPOSE.account, sealed),
        };
      }
      case 'contactPhone': {
        const index = body.index;
        if (index === undefined)
          throw new AppError(ERROR_CODE.VALIDATION, 'borrowersAdmin:refusals.indexRequired', 400);
        return {
          target: `contact:${index}`,
          read: (tx: Parameters<BorrowersAdminRepository['sealedStep']>[0]) =>
            repo.sealedStep(tx, borrowerId, 'extra'),
          open: (sealed: string) => {
            const secret = JSON.parse(sealer.open(PURPOSE.extra, sealed)) as { phones?: unknown };
            const phone = Array.isArray(secret.phones) ? secret.phones[index] : undefined;
            return typeof phone === 'string' ? phone : null;
          },
        };
      }
      case 'phone':
        return {
          target: 'phone',
          read: (tx: Parameters<BorrowersAdminRepository['phone']>[0]) => repo.phone(tx, borrowerId),
          // Kept in clear as the sign-in; a closed account's placeholder is nothing to reveal.
          open: (clear: string) => (/^\d+$/.test(clear) ? clear : null),
        };
    }
  }

  async function decide(
    staff: StaffIdentity,
    kind: ReviewKind,
    id: number,
    body: ReviewDecisionBody,
    ip: string,
  ): Promise<{ kind: ReviewKind; id: number; status: string }> {
    if (body.decision === 'reject' && !body.reason)
      throw new AppError(ERROR_CODE.VALIDATION, 'borrowersAdmin:refusals.reasonRequired', 400);
    if (body.decision === 'approve' && body.reason)
      throw new AppError(ERROR_CODE.VALIDATION, 'borrowersAdmin:refusals.approveNoReason', 400);
    const reason = body.decision === 'reject' ? body.reason! : null;
    const change = { reason, actor: `staff:${staff.id}`, now: clock.now() };
    const entry = (row: { borrowerId: number; step?: string }) => ({
      staffId: staff.id,
      action: `verification.${body.decision}`,
      target: `borrower:${row.borrowerId}`,
      detail: JSON.stringify({ [kind]: id, step: row.step ?? 'bank', ...(reason ? { reason } : {}) }),
      ip,
    });
    const outcome =
      kind === 'step'
        ? await repo.decideStep(
            id,
            staff.markets,
            { ...change, status: body.decision === 'approve' ? 'done' : 'refused' },
            entry,
          )
        : await repo.decideAccount(
            id,
            staff.markets,
            { ...change, status: body.decision === 'approve' ? 'verified' : 'refused' },
            entry,
          );
    if (outcome === 'missing') throw notFound();
    if (outcome === 'otherMarket') throw otherMarket();
    // Another operator decided first: their decision stands, this one is told so.
    if (outcome === 'stale')
      throw new AppError(ERROR_CODE.CONFLICT, 'borrowersAdmin:refusals.alreadyDecided', 409);
    return { kind, id, status: outcome };
  }

  return {
    async search(staff: StaffIdentity, q: string, market: Market | undefined): Promise<BorrowerSummary[]> {
      const markets = marketsFor(staff, market);
      const digits = /^\d{1,10}$/.test(q) ? Number(q) : null;
      const rows = await repo.search(markets, {
        id: digits !== null && digits >= 1 && digits <= INT4_MAX ? digits : null,
        phoneIN: normalizePhone('IN', q),
        phoneID: normalizePhone('ID', q),
        orderNo: /^[A-Za-z0-9]{1,32}$/.test(q) ? q : null,
      });
      return rows.map(summaryOf);
    },

    async borrower(staff: StaffIdentity, borrowerId: number): Promise<AdminBorrower> {
      const row = await repo.view(borrowerId);
      if (!row) throw notFound();
      if (!staff.markets.includes(row.market as Market)) throw otherMarket();
      return present(row);
    },

    /**
     * One sealed number in clear, for an administrator with a reason: read, audited (who, whose, which,
     * why) and opened in one transaction. The value is never logged; the reply is not cached.
     */
    async reveal(staff: StaffIdentity, borrowerId: number, body: RevealBody, ip: string): Promise<Revealed> {
      const parsed = revealBody.parse(body);
      await inMarket(staff, borrowerId);
      const reader = readerOf(borrowerId, parsed);
      const value = await repo.reveal(
        reader.read,
        () => ({
          staffId: staff.id,
          action: 'borrower.reveal',
          target: `borrower:${borrowerId}`,
          detail: JSON.stringify({ field: reader.target, reason: parsed.reason }),
          ip,
        }),
        (row: SealedRead) => {
          const clear = row.sealed === null ? null : reader.open(row.sealed);
          // Nothing to reveal: no audit row either (the transaction rolls back).
          if (clear === null) throw notFound();
          return clear;
        },
      );
      if (value === null) throw notFound();
      return { field: parsed.field, value };
    },

    async queue(staff: StaffIdentity, market: Market | undefined, page: number): Promise<VerificationQueue> {
      const markets = marketsFor(staff, market);
      const rows = await repo.queue(markets, PAGE_SIZE, (page - 1) * PAGE_SIZE);
      return {
        items: rows.map(({ total: _total, ...r }) => ({ ...r, market: r.market as Market })),
        total: rows[0]?.total ?? 0,
        page,
        pageSize: PAGE_SIZE,
      };
    },

    decide,
  };
}
export type BorrowersAdminService = ReturnType<typeof borrowersAdminService>;

const tags = ['admin'];
const staffOnly = { access: 'staff' } as const;
// Operators see the view masked; revealing a number is an administrator's act (decision 068).
const adminOnly = { access: 'staff', roles: ['admin'] } as const;

export const borrowersAdminRoutes: FastifyPluginAsyncZod<{ borrowers: BorrowersAdminService }> = async (
  app,
  { borrowers },
) => {
  app.get(
    `${ADMIN_BASE}/borrowers`,
    {
      config: staffOnly,
      schema: { tags, querystring: borrowerSearchQuery, response: { 200: borrowerSearchReply } },
    },
    async (req) => ok({ items: await borrowers.search(req.staff!, req.query.q, req.query.market) }),
  );

  app.get(
    `${ADMIN_BASE}/borrowers/:id`,
    { config: staffOnly, schema: { tags, params: borrowerIdParams, response: { 200: adminBorrowerReply } } },
    async (req) => ok(await borrowers.borrower(req.staff!, req.params.id)),
  );

  app.post(
    `${ADMIN_BASE}/borrowers/:id/reveal`,
    {
      config: adminOnly,
      schema: { tags, params: borrowerIdParams, body: revealBody, response: { 200: revealReply } },
    },
    async (req, reply) => {
      const revealed = await borrowers.reveal(req.staff!, req.params.id, req.body, req.ip);
      // Never kept by a browser or a proxy: the page shows it for a moment and masks it again.
      reply.header('cache-control', 'no-store');
      return ok(revealed);
    },
  );

  app.get(
    `${ADMIN_BASE}/verification-queue`,
    {
      config: staffOnly,
      schema: { tags, querystring: verificationQueueQuery, response: { 200: verificationQueueReply } },
    },
    async (req) => ok(await borrowers.queue(req.staff!, req.query.market, req.query.page)),
  );

  app.post(
    `${ADMIN_BASE}/verification-queue/:kind/:id`,
    {
      config: staffOnly,
      schema: {
        tags,
        params: reviewParams,
        body: reviewDecisionBody,
        response: { 200: reviewDecisionReply },
      },
    },
    async (req) => ok(await borrowers.decide(req.staff!, req.params.kind, req.params.id, req.body, req.ip)),
  );
};
