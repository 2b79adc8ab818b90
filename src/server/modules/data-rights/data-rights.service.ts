import {
  DATA_RIGHTS_CODE,
  DATA_RIGHTS_PATHS,
  DETAILS_REQUIRED,
  OPEN_STATUSES,
  type RequestStatus,
  RIGHT_KINDS,
  type RightKind,
} from '../../../shared/contract/data-rights.ts';
import type { OverviewData, RequestItem } from '../../../shared/contract/data-rights-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { maskPhone } from '../../../shared/domain/phone.ts';
import { isBlankText } from '../../../shared/domain/text.ts';
import { formatDate, formatDateTime, marketDay } from '../../../shared/domain/time.ts';
import { type MessageKey, translate } from '../../../shared/i18n/resources.ts';
import { isMarket, type Lang, MARKET_INFO, type Market } from '../../../shared/markets.ts';
import type { ObjectStorage } from '../../adapters/storage.ts';
import type { Clock } from '../../clock.ts';
import { AppError, notFound, withVars } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { ReferenceData } from '../../reference-data.ts';
import { purposeKey, signLink, unexpired, validSignature } from '../../signed-links.ts';
import type { SessionService } from '../session/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { DataRightsRepository, RequestRow } from './data-rights.repository.ts';
import {
  ANSWER_TIMES,
  DELETED_NAME,
  deadlineFor,
  OUTSTANDING_STATUSES,
  RETENTION,
  retainUntil,
} from './data-rights.rules.ts';

/** An export link opens the copy for this long: enough to download it, too short to pass around. */
export const EXPORT_LINK_TTL_SECONDS = 600;

const CHAT_RECORD_KIND: Record<number, string> = { 1: 'human', 2: 'resolved', 3: 'stars', 4: 'text' };

const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/**
 * The borrower's privacy rights (decision 035): what we hold, requests with their legal deadlines, the
 * copy of their data (which answers the access right at once), and account cancellation.
 */
export function dataRightsService(deps: {
  repo: DataRightsRepository;
  reference: ReferenceData;
  uploads: UploadsService;
  storage: ObjectStorage;
  sessions: SessionService;
  signingKey: string;
  clock: Clock;
}) {
  const { repo, reference, uploads, storage, sessions, clock } = deps;
  // A key of its own, derived once: a leaked export signature says nothing about image or certificate links.
  const linkKey = purposeKey(deps.signingKey, 'data rights: export links');
  const t = (lang: Lang, key: MessageKey<'dataRights'>, vars?: Record<string, string | number>) =>
    translate(lang, 'dataRights', key, vars);

  function item(row: RequestRow, lang: Lang, market: Market, now: Date): RequestItem {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status as RequestStatus,
      details: row.details,
      answer: row.answer,
      createdAt: row.createdAt,
      created: formatDateTime(row.createdAt, lang, market),
      deadlineAt: row.deadlineAt,
      deadline: formatDateTime(row.deadlineAt, lang, market),
      closedAt: row.closedAt,
      closed: row.closedAt ? formatDateTime(row.closedAt, lang, market) : '',
      overdue: isOpen(row.status) && new Date(row.deadlineAt) < now,
    };
  }

  function answerWithin(market: Market, kind: RightKind, lang: Lang): string {
    const time = ANSWER_TIMES[market][kind];
    return time.unit === 'hours'
      ? t(lang, 'within.hours', { days: time.amount / 24 })
      : t(lang, 'within.days', { days: time.amount });
  }

  return {
    async overview(borrower: BorrowerIdentity, lang: Lang): Promise<OverviewData> {
      const row = await repo.overview(borrower.id, OUTSTANDING_STATUSES);
      if (!row) throw notFound();
      const market = borrower.market;
      const now = clock.now();
      return {
        held: {
          name: row.name,
          phone: maskPhone(row.phone),
          market,
          since: formatDate(row.created_at, lang, market),
          orders: row.orders,
          payments: row.payments,
          complaints: row.complaints,
          chatRecords: row.chat_records,
          bankCards: row.bank_cards,
          signIns: row.sign_ins,
        },
        rights: RIGHT_KINDS.map((kind) => ({ kind, answerWithin: answerWithin(market, kind, lang) })),
        requests: row.requests.map((r) => item(r, lang, market, now)),
        cancel: row.outstanding
          ? { allowed: false, reason: t(lang, 'refusals.loanOutstanding', { orderNo: row.outstanding }) }
          : { allowed: true, reason: '' },
      };
    },

    /** A request of one kind, due by its market's deadline; a second open one of that kind is refused. */
    async request(
      borrower: BorrowerIdentity,
      lang: Lang,
      body: { kind: RightKind; details: string },
    ): Promise<RequestItem> {
      // Invisible characters alone read as nothing to the operator too (decision 021).
      const details = isBlankText(body.details) ? '' : body.details;
      if (!details && DETAILS_REQUIRED.includes(body.kind))
        throw new AppError(ERROR_CODE.VALIDATION, 'dataRights:refusals.detailsRequired');
      const now = clock.now();
      const market = borrower.market;
      const row = await repo.insertRequest({
        borrowerId: borrower.id,
        market,
        kind: body.kind,
        details,
        deadlineAt: deadlineFor(market, body.kind, now),
        createdAt: now,
      });
      if (row) return item(row, lang, market, now);
      const open = await repo.openOfKind(borrower.id, body.kind);
      if (!open) throw new AppError(ERROR_CODE.CONFLICT);
      throw withVars(new AppError(DATA_RIGHTS_CODE.OPEN_REQUEST, 'dataRights:refusals.openRequest', 409), {
        kind: t(lang, `kinds.${body.kind}`),
        id: String(open.id),
        created: formatDateTime(open.createdAt, lang, market),
        deadline: formatDateTime(open.deadlineAt, lang, market),
      });
    },

    /** One of the borrower's requests; another borrower's is not found (security baseline 8.2.2). */
    async requestDetail(borrower: BorrowerIdentity, lang: Lang, id: number): Promise<RequestItem> {
      const row = await repo.owned(borrower.id, id);
      if (!row) throw notFound();
      return item(row, lang, borrower.market, clock.now());
    },

    /**
     * A signed link to the copy of the borrower's data, bound to this session: the web view's download
     * cannot send the session header, and a signed-out or cancelled session's link opens nothing. Asking
     * for it answers the access right, which is recorded (an open access request is done).
     */
    async exportLink(borrower: BorrowerIdentity, lang: Lang) {
      const now = clock.now();
      const { exp, sig } = signLink(
        linkKey,
        String(borrower.sessionId),
        EXPORT_LINK_TTL_SECONDS,
        now.getTime(),
      );
      await repo.recordExport({
        borrowerId: borrower.id,
        market: borrower.market,
        at: now,
        deadlineAt: deadlineFor(borrower.market, 'access', now),
        answer: t(lang, 'answers.exported', { at: formatDateTime(now, lang, borrower.market) }),
      });
      const query = new URLSearchParams({
        session: String(borrower.sessionId),
        exp: String(exp),
        sig,
        lang,
      });
      return {
        url: `${DATA_RIGHTS_PATHS.exportFile}?${query}`,
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },

    /** The copy behind a signed link: everything held on the link's borrower, and nothing of anyone else. */
    async exportFile(q: { session: number; exp: number; sig: string }, lang: Lang, siteUrl: string) {
      const now = clock.now();
      // A signature we did not make (another session's number, a guess) finds nothing, as any other
      // borrower's data does (security baseline 8.2.2); our own link that ran out says so.
      if (!validSignature(linkKey, String(q.session), q.exp, q.sig)) throw notFound();
      const expired = new AppError(ERROR_CODE.FORBIDDEN, 'dataRights:refusals.linkExpired', 403);
      if (!unexpired(q.exp, now.getTime())) throw expired;
      const owner = await repo.exportSession(q.session, now);
      if (!owner || !isMarket(owner.market)) throw expired;
      const data = await repo.everything(owner.borrowerId);
      if (!data) throw expired;
      const market = owner.market;
      const [site, types] = await Promise.all([
        reference.siteConfig(market),
        reference.complaintTypes(market),
      ]);
      const typeTitle = (value: number) => {
        const found = types.find((x) => x.value === value);
        return found ? (lang === 'id' ? found.titleId : found.titleEn) : '';
      };
      const orderNoOf = new Map(data.loanRows.map((o) => [o.id, o.orderNo]));
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      // Image links are capabilities (decision 013), signed here for an hour and absolute: the file is
      // read outside the app.
      const imageUrl = (uploadId: string) => `${siteUrl}${uploads.url(uploadId)}`;

      const copy = {
        about: t(lang, 'export.about', {
          company: site?.companyName ?? '',
          at: formatDateTime(now, lang, market),
        }),
        generatedAt: now.toISOString(),
        currency: MARKET_INFO[market].currency,
        amountsIn: 'minor units (1/100 of the currency)',
        profile: {
          id: data.profile.id,
          name: data.profile.name,
          phone: data.profile.phone,
          market,
          createdAt: data.profile.createdAt.toISOString(),
        },
        registration: data.signups.map((s) => ({ ...s, createdAt: s.createdAt.toISOString() })),
        signIns: data.signIns.map((s) => ({
          at: s.at.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          endedAt: iso(s.endedAt),
          deviceId: s.deviceId,
        })),
        loans: data.loanRows.map((o) => ({
          orderNo: o.orderNo,
          product: o.product,
          status: o.status,
          amountMinor: o.amountMinor,
          termDays: o.termDays,
          createdAt: o.createdAt.toISOString(),
          disbursedAt: iso(o.disbursedAt),
          dueAt: iso(o.dueAt),
          extensionDays: o.extensionDays,
          terms: o.terms,
          quote: o.quote,
          history: data.events
            .filter((e) => e.orderId === o.id)
            .map(({ orderId: _o, at, ...e }) => ({ ...e, at: at.toISOString() })),
          charges: data.charges.filter((c) => c.orderId === o.id).map(({ orderId: _o, ...c }) => c),
        })),
        paymentRequests: data.bills.map(({ orderId, createdAt, expiresAt, ...b }) => ({
          orderNo: orderNoOf.get(orderId) ?? null,
          ...b,
          createdAt: createdAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
        })),
        payments: data.paid.map(({ id, orderId, paidAt, ...p }) => ({
          orderNo: orderId === null ? null : (orderNoOf.get(orderId) ?? null),
          ...p,
          paidAt: paidAt.toISOString(),
          allocations: data.allocations.filter((a) => a.paymentId === id).map(({ paymentId: _p, ...a }) => a),
        })),
        utrSubmissions: data.utrs.map((u) => ({ ...u, at: u.at.toISOString() })),
        complaints: data.complaintRows.map((c) => ({
          id: c.id,
          orderNo: c.orderNo,
          type: typeTitle(c.typeValue),
          subType: c.subTypeValue ? typeTitle(c.subTypeValue) : '',
          text: c.detail,
          status: c.status,
          createdAt: c.createdAt.toISOString(),
          deadlineAt: c.deadlineAt.toISOString(),
          reply: c.reply,
          repliedAt: iso(c.repliedAt),
          score: c.score,
          images: data.images
            .filter((i) => i.complaintId === c.id)
            .map((i) => ({ role: i.role, url: imageUrl(i.uploadId) })),
        })),
        helpAssistant: data.chats.map((c) => ({
          kind: CHAT_RECORD_KIND[c.type] ?? String(c.type),
          value: c.value,
          orderNo: c.orderNo,
          questionId: c.questionId,
          at: c.at.toISOString(),
        })),
        productTaps: data.taps.map((p) => ({ ...p, at: p.at.toISOString() })),
        ratings: data.ratings.map((r) => ({
          orderNo: orderNoOf.get(r.orderId) ?? null,
          score: r.score,
          at: r.at.toISOString(),
        })),
        bankCards: data.cards.map(({ id: _id, createdAt, ...c }) => ({
          ...c,
          createdAt: createdAt.toISOString(),
        })),
        cardRepayments: data.cardPays.map(({ orderId, createdAt, chargedAt, ...c }) => ({
          orderNo: orderNoOf.get(orderId) ?? null,
          ...c,
          createdAt: createdAt.toISOString(),
          chargedAt: iso(chargedAt),
        })),
        verification: data.steps.map(({ updatedAt, ...step }) => ({
          ...step,
          updatedAt: updatedAt.toISOString(),
          history: data.stepHistory
            .filter((e) => e.step === step.step)
            .map(({ step: _s, at, ...e }) => ({ ...e, at: at.toISOString() })),
        })),
        bankAccounts: data.accounts.map(({ accountLast4, verifiedAt, replacedAt, createdAt, ...a }) => ({
          ...a,
          account: `**** ${accountLast4}`,
          verifiedAt: iso(verifiedAt),
          replacedAt: iso(replacedAt),
          createdAt: createdAt.toISOString(),
        })),
        consents: data.consented.map((c) => ({ ...c, at: c.at.toISOString() })),
        dataRightsRequests: data.requests.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          deadlineAt: r.deadlineAt.toISOString(),
          closedAt: iso(r.closedAt),
        })),
      };
      return {
        fileName: `my-data-${market.toLowerCase()}-${marketDay(now, market)}.json`,
        body: `${JSON.stringify(copy, null, 2)}\n`,
      };
    },

    /**
     * Cancels the account (spec §7 "user delete"): refused while a loan is outstanding, in the borrower's
     * language; otherwise erased in one transaction, and this session forgotten here at once.
     */
    async cancel(borrower: BorrowerIdentity, lang: Lang) {
      const at = clock.now();
      const market = borrower.market;
      const result = await repo.cancelAccount({
        borrowerId: borrower.id,
        market,
        at,
        retainUntil: retainUntil(market, at),
        basis: RETENTION[market].basis,
        outstanding: OUTSTANDING_STATUSES,
        deletedName: DELETED_NAME,
        closedAnswer: t(lang, 'answers.accountClosed', { at: formatDateTime(at, lang, market) }),
        removeObjects: async (names) => {
          for (const name of names) await storage.delete(name);
        },
      });
      if ('outstanding' in result) {
        throw withVars(
          new AppError(DATA_RIGHTS_CODE.LOAN_OUTSTANDING, 'dataRights:refusals.loanOutstanding', 409),
          { orderNo: result.outstanding },
        );
      }
      // Every session was revoked in the database with the rest (no logout needed); forgetting them here
      // refuses each token now, this device's and any other the borrower used a moment ago.
      sessions.forgetBorrower(borrower.id);
      return { closedAt: at.toISOString() };
    },
  };
}
export type DataRightsService = ReturnType<typeof dataRightsService>;
