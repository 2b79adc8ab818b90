import { randomBytes, randomInt } from 'node:crypto';
import type { HomeData, ProductDetail } from '../../../shared/contract/app-calls.ts';
import {
  type KeyFacts,
  type LoanConfirm,
  type LoanDetails,
  ORDER_LIST_PAGE_SIZE,
  type OrderList,
  type OrderListItem,
  type PushBody,
  type RecommendedProduct,
  type Row,
} from '../../../shared/contract/loans.ts';
import { ERROR_CODE, LOAN_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { type LoanAccount, loanAccount } from '../../../shared/domain/loan-account.ts';
import { MARKET_OFFER, offerText } from '../../../shared/domain/market-offer.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import {
  isDueOrOverdue,
  isPending,
  ORDER_STATUS,
  showsRecommendations,
} from '../../../shared/domain/order-status.ts';
import {
  extensionFee,
  PricingError,
  type PricingRefusal,
  ppmOf,
  type Quote,
  quoteLoan,
} from '../../../shared/domain/pricing.ts';
import { dailyRateText, MARKET_CAPS, percentText, termsOf } from '../../../shared/domain/product.ts';
import {
  addDays,
  daysBetween,
  formatDate,
  type MarketDay,
  marketDay,
  startOfMarketDay,
} from '../../../shared/domain/time.ts';
import { keyIn } from '../../../shared/i18n/catalog.ts';
import { loans } from '../../../shared/i18n/loans.ts';
import { type MessageKey, messageOf, translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import type { Clock } from '../../clock.ts';
import { AppError, withVars } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import { uniqueViolation } from '../../plugins/errors.ts';
import type { ReferenceData } from '../../reference-data.ts';
import { type OrderEngine, rejectionOf } from '../orders/index.ts';
import { isLive, type LoansRepository, type OfferedProduct, type OrderView } from './loans.repository.ts';

type Open = Array<{ p: number; s: number }>;

const t = (lang: Lang, key: MessageKey<'loans'>, vars?: Record<string, string | number>) =>
  translate(lang, 'loans', key, vars);

const refuse = (key: string, status = 409, code: string = ERROR_CODE.CONFLICT) =>
  new AppError(code, `loans:refusals.${key}`, status);

const PENDING_REFUSAL = 'loans:refusals.pendingApplication';

/** How long a quote may be booked after the confirm screen showed it (decision 046). */
export const QUOTE_VALID_MS = 30 * 60_000;
/** Live loans and applications a borrower may hold in their market at once (decision 046). */
export const OPEN_LOANS_PER_MARKET = 2;

/**
 * Why the borrower, holding the `open` orders, may not take a new loan on `productId` (decision 046): one
 * live loan or application per product, none while any loan is overdue, at most `OPEN_LOANS_PER_MARKET`
 * in the market. Null: they may. The push asks it under the borrower's row lock; the product list asks it
 * too, so a card never offers what the push would refuse.
 */
function borrowingBlock(
  open: Open,
  productId: number,
): 'pendingApplication' | 'liveLoan' | 'overdueLoan' | 'loanLimit' | null {
  const mine = open.find((o) => o.p === productId);
  if (mine) return isPending(mine.s) ? 'pendingApplication' : 'liveLoan';
  if (open.some((o) => o.s === ORDER_STATUS.OVERDUE)) return 'overdueLoan';
  if (open.length >= OPEN_LOANS_PER_MARKET) return 'loanLimit';
  return null;
}

/** `borrowingBlock` as the refusal the borrower reads. */
function borrowingRefusal(open: Open, productId: number): AppError | null {
  const block = borrowingBlock(open, productId);
  if (block === 'pendingApplication' || block === 'liveLoan') return refuse(block);
  if (block === 'overdueLoan') return new AppError(ERROR_CODE.CONFLICT, 'loans:booking.overdueLoan', 409);
  if (block === 'loanLimit')
    return withVars(new AppError(ERROR_CODE.CONFLICT, 'loans:booking.loanLimit', 409), {
      count: String(OPEN_LOANS_PER_MARKET),
    });
  return null;
}

/** The quote named by a push may not be booked: the screen fetches a new one (decision 046). */
const stale = (key: 'termsChanged' | 'quoteExpired' | 'quoteMismatch') =>
  new AppError(LOAN_ERROR_CODE.QUOTE_STALE, `loans:booking.${key}`, 409);

/** `IN20261123` + 8 random digits: not guessable from another borrower's, and readable on the phone. */
function newOrderNo(market: Market, day: MarketDay): string {
  return `${market}${day.replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * Products, loan confirmation and loan details (issue 8). Money is computed by the pricing module from the
 * product's terms and written for the borrower here, once; the screens display it. Orders change only
 * through the order engine.
 */
export function loansService(deps: {
  repo: LoansRepository;
  engine: OrderEngine;
  reference: ReferenceData;
  clock: Clock;
  /**
   * Refuses a borrower whose required verification steps are not all done, naming the first missing one
   * (the verification feature's gate, decision 064). Asked by `apply` and `push`.
   */
  verified: (borrowerId: number) => Promise<void>;
  /** The first required verification step the borrower has not done, or null (the home page's next step). */
  missingStep: (borrowerId: number) => Promise<string | null>;
}) {
  const { repo, engine, reference, clock, verified, missingStep } = deps;
  const money = (minor: number, market: Market) => formatMoney(minor, market);
  const day = (d: MarketDay, lang: Lang, market: Market) =>
    formatDate(startOfMarketDay(d, market), lang, market);
  const dayStart = (market: Market, now: Date) => startOfMarketDay(marketDay(now, market), market);

  async function product(market: Market, productId: number): Promise<OfferedProduct> {
    const found = (await reference.products(market)).find((p) => p.id === productId);
    if (!found) throw refuse('productNotFound', 404, ERROR_CODE.NOT_FOUND);
    return found;
  }

  /** A card, or null when the product is full today (the list then leaves it out). */
  function card(
    p: OfferedProduct,
    lang: Lang,
    open: Open,
    today: Record<string, number>,
  ): RecommendedProduct | null {
    if (p.dailyQuota !== null && (today[p.id] ?? 0) >= p.dailyQuota) return null;
    const block = borrowingBlock(open, p.id);
    const state =
      block === 'pendingApplication'
        ? 'inReview'
        : block === 'liveLoan'
          ? 'active'
          : block === 'overdueLoan'
            ? 'repayFirst'
            : block === 'loanLimit'
              ? 'limitReached'
              : 'apply';
    return {
      id: p.id,
      productLogo: p.logoUrl,
      productName: p.name,
      buttonStatus: state === 'apply' ? 1 : 0,
      buttonText: t(lang, `button.${state}`),
      amountRange: `${money(p.terms.amountMin, p.market)} - ${money(p.terms.amountMax, p.market)}`,
      amountRangeDes: t(lang, 'amountRangeDes'),
      loan_rate: dailyRateText(p.terms.dailyInterestPpm, lang),
      productDesc: p.copy[lang].description,
      productTags: p.copy[lang].tags,
    };
  }

  async function stateOf(borrower: BorrowerIdentity, offered: OfferedProduct[]) {
    const quota = offered.filter((p) => p.dailyQuota !== null).map((p) => p.id);
    return repo.borrowerState(borrower.id, quota, dayStart(borrower.market, clock.now()));
  }

  function refusalOf(r: PricingRefusal, market: Market): AppError {
    const err = refuse(r.code.startsWith('costOver') ? 'overCap' : r.code, 400, ERROR_CODE.VALIDATION);
    if (r.code === 'amountOutOfRange')
      return withVars(err, { min: money(r.min, market), max: money(r.max, market) });
    if (r.code === 'amountNotInSteps') return withVars(err, { step: money(r.step, market) });
    if (r.code === 'termNotOffered') return withVars(err, { terms: r.terms.join(', ') });
    return err;
  }

  function quote(p: OfferedProduct, amount: number, termDays: number): Quote {
    try {
      return quoteLoan(termsOf(p.market, p.terms), amount, termDays, MARKET_CAPS[p.market]);
    } catch (e) {
      if (e instanceof PricingError) throw refusalOf(e.refusal, p.market);
      throw e;
    }
  }

  function feeTitle(name: string, lang: Lang) {
    // A fee's name comes from the product's terms (data): one without copy reads as "other".
    const key = `loans:fees.${name}`;
    const title = messageOf(lang, key);
    return title === key ? t(lang, 'fees.other') : title;
  }

  function keyFacts(p: OfferedProduct, q: Quote, lang: Lang, dueDates: MarketDay[]): KeyFacts {
    const m = p.market;
    const terms = p.terms;
    const caps = MARKET_CAPS[m];
    const fees = q.fees.map((f) => ({ ...f, title: feeTitle(f.name, lang) }));
    const late: string[] = [];
    if (terms.lateFee)
      late.push(
        t(lang, 'keyFacts.lateFee', {
          new: money(terms.lateFee.newBorrower, m),
          repeat: money(terms.lateFee.repeatBorrower, m),
        }),
      );
    for (const tier of terms.lateChargeTiers)
      late.push(
        t(lang, 'keyFacts.lateTier', { rate: dailyRateText(tier.dailyPpm, lang), from: tier.fromDay }),
      );
    const rows = [
      { key: 'principal', title: t(lang, 'keyFacts.principal'), value: money(q.principal, m) },
      { key: 'disbursed', title: t(lang, 'keyFacts.disbursed'), value: money(q.disbursed, m) },
      ...fees.map((f) => ({
        key: `fee.${f.name}`,
        title: t(lang, 'keyFacts.fee', { name: f.title, timing: t(lang, `keyFacts.${f.timing}`) }),
        value: money(f.amount, m),
      })),
      { key: 'interest', title: t(lang, 'keyFacts.interest'), value: money(q.interest, m) },
      { key: 'total', title: t(lang, 'keyFacts.total'), value: money(q.totalRepayable, m) },
      { key: 'apr', title: t(lang, 'keyFacts.apr'), value: percentText(q.aprBp, lang) },
      {
        key: 'dueDate',
        title: t(lang, dueDates.length > 1 ? 'keyFacts.dueDates' : 'keyFacts.dueDate'),
        value: t(lang, 'keyFacts.dueIfToday', { dates: dueDates.map((d) => day(d, lang, m)).join(', ') }),
      },
      {
        key: 'coolingOff',
        title: t(lang, 'keyFacts.coolingOff'),
        value: t(lang, 'keyFacts.coolingOffValue', { count: terms.coolingOffDays }),
      },
      {
        key: 'lateCharges',
        title: t(lang, 'keyFacts.lateCharges'),
        value:
          late.length > 0
            ? t(lang, 'keyFacts.lateValue', { parts: late.join(', ') }) +
              (caps.totalCostPpm !== undefined
                ? `. ${t(lang, 'keyFacts.capped', { cap: percentText(caps.totalCostPpm / 100, lang) })}`
                : '')
            : t(lang, 'keyFacts.lateNone'),
      },
      // Every contingent charge is disclosed before the loan is taken (decision 047): the extension too.
      {
        key: 'extension',
        title: t(lang, 'keyFacts.extension'),
        value: terms.extension
          ? t(lang, 'keyFacts.extensionValue', {
              fee: money(extensionFee(m, q.principal, terms.extension.feeBp), m),
              rate: percentText(terms.extension.feeBp, lang),
              count: terms.extension.days,
            })
          : t(lang, 'keyFacts.extensionNone'),
      },
    ];
    if (
      caps.costPerDayPpm !== undefined &&
      caps.lateChargePerDayPpm !== undefined &&
      caps.totalCostPpm !== undefined
    )
      rows.push({
        key: 'caps',
        title: t(lang, 'keyFacts.caps'),
        value: t(lang, 'keyFacts.capsValue', {
          perDay: percentText(caps.costPerDayPpm / 100, lang),
          latePerDay: percentText(caps.lateChargePerDayPpm / 100, lang),
          total: percentText(caps.totalCostPpm / 100, lang),
          totalAmount: money(ppmOf(q.principal, caps.totalCostPpm), m),
        }),
      });
    return {
      title: t(lang, 'keyFacts.title'),
      rows,
      principal: q.principal,
      disbursed: q.disbursed,
      interest: q.interest,
      fees: fees.map((f) => ({ name: f.name, title: f.title, amount: f.amount, timing: f.timing })),
      totalRepayable: q.totalRepayable,
      aprBp: q.aprBp,
      dueDates,
      coolingOffDays: terms.coolingOffDays,
    };
  }

  function planOf(q: Quote, lang: Lang, m: Market, start: MarketDay | null) {
    const count = q.schedule.length;
    return q.schedule.map((s) => ({
      title: count === 1 ? t(lang, 'plan.single') : t(lang, 'plan.installment', { n: s.period, count }),
      description: t(lang, s.fees > 0 ? 'plan.descriptionWithFees' : 'plan.description', {
        principal: money(s.principal, m),
        interest: money(s.interest, m),
        fees: money(s.fees, m),
      }),
      amount: money(s.total, m),
      pay_time: start
        ? t(lang, 'plan.payTime', { date: day(addDays(start, s.dueDay), lang, m) })
        : t(lang, 'plan.payTimeAfter', { count: s.dueDay }),
    }));
  }

  function detailsUrl(productId: number, orderNo: string) {
    return withQuery(H5_PATHS.loanDetails, { productId, orderId: orderNo });
  }

  /** The amount and term a screen opens on: the product's largest amount over its longest term. */
  function defaultsOf(p: OfferedProduct, chosen: { amount?: number; periods?: number } = {}) {
    return {
      amount: chosen.amount ?? p.terms.amountMax,
      periods: chosen.periods ?? Math.max(...p.terms.termDays),
    };
  }

  function choicesOf(p: OfferedProduct) {
    const m = p.market;
    return {
      amountMin: p.terms.amountMin,
      amountMax: p.terms.amountMax,
      amountStep: p.terms.amountStep,
      amountMinText: money(p.terms.amountMin, m),
      amountMaxText: money(p.terms.amountMax, m),
      terms: [...p.terms.termDays].sort((a, b) => a - b),
    };
  }

  const rateDesc = (p: OfferedProduct, lang: Lang) =>
    t(lang, 'rateDesc', { rate: dailyRateText(p.terms.dailyInterestPpm, lang) });

  /** One order as My loans and the home page show it: the loan account's figures (decision 048). */
  function listItem(o: OrderView, lang: Lang, m: Market, today: MarketDay): OrderListItem {
    const live = isLive(o.status);
    const account = live ? loanAccount(o) : null;
    const next = account?.nextDue(today) ?? null;
    const daysOverdue = account ? Math.max(0, ...account.overdue(today).periods.map((p) => p.daysLate)) : 0;
    return {
      orderNo: o.orderNo,
      orderStatus: o.status,
      statusText: translate(lang, 'orders', `status.${o.status}` as MessageKey<'orders'>),
      open: live || isPending(o.status),
      productId: o.productId,
      productName: o.productName,
      productLogo: o.productLogo,
      amount: o.amountMinor,
      amountText: money(o.amountMinor, m),
      appliedOnText: formatDate(o.createdAt, lang, m),
      nextDue: next
        ? {
            day: next.day,
            dayText: next.day ? day(next.day, lang, m) : '',
            amount: next.amount,
            amountText: money(next.amount, m),
          }
        : null,
      daysOverdue,
      overdueText: daysOverdue > 0 ? t(lang, 'myLoans.overdue', { count: daysOverdue }) : '',
    };
  }

  return {
    async recommendList(borrower: BorrowerIdentity, lang: Lang): Promise<RecommendedProduct[]> {
      const offered = await reference.products(borrower.market);
      if (offered.length === 0) return [];
      const state = await stateOf(borrower, offered);
      return offered.map((p) => card(p, lang, state.open, state.today)).filter((c) => c !== null);
    },

    async saveEvent(
      borrower: BorrowerIdentity,
      e: { productId: number; moduleId: number; positionId: number },
    ) {
      await product(borrower.market, e.productId);
      await repo.saveEvent({ borrowerId: borrower.id, ...e });
    },

    /** Where a tap on a product leads: its confirmation, unless the borrower may not apply for it now. */
    async apply(borrower: BorrowerIdentity, productId: number): Promise<{ url: string }> {
      const p = await product(borrower.market, productId);
      await verified(borrower.id);
      const state = await stateOf(borrower, [p]);
      const refusal = borrowingRefusal(state.open, p.id);
      if (refusal) throw refusal;
      if (p.dailyQuota !== null && (state.today[p.id] ?? 0) >= p.dailyQuota) throw refuse('productFull');
      return { url: withQuery(H5_PATHS.loanConfirm, { productId: p.id }) };
    },

    async confirmDetail(
      borrower: BorrowerIdentity,
      lang: Lang,
      body: { productId: number; amount?: number; periods?: number },
    ): Promise<LoanConfirm> {
      const m = borrower.market;
      const p = await product(m, body.productId);
      const { amount, periods } = defaultsOf(p, body);
      const q = quote(p, amount, periods);
      const now = clock.now();
      const today = marketDay(now, m);
      const dueDates = q.schedule.map((s) => addDays(today, s.dueDay));
      // Every confirm call stores what it shows (the screen asks again as the slider moves): one insert,
      // in the same statement as the call's one read.
      const quoteId = randomBytes(16).toString('base64url');
      const validUntil = new Date(now.getTime() + QUOTE_VALID_MS);
      const first = !(await repo.storeQuote({
        id: quoteId,
        borrowerId: borrower.id,
        productId: p.id,
        termsVersion: p.termsVersion,
        quote: q,
        expiresAt: validUntil,
      }));
      const details: Row[] = [
        { title: t(lang, 'rows.amount'), value: money(q.principal, m) },
        { title: t(lang, 'rows.disbursed'), value: money(q.disbursed, m) },
        { title: t(lang, 'rows.interest'), value: money(q.interest, m) },
        ...q.fees.map((f) => ({ title: feeTitle(f.name, lang), value: money(f.amount, m) })),
        { title: t(lang, 'rows.total'), value: money(q.totalRepayable, m) },
        {
          title: t(lang, 'rows.term'),
          value: translate(lang, 'orders', 'termDays', { count: periods }),
        },
      ];
      return {
        productId: p.id,
        productLogo: p.logoUrl,
        productName: p.name,
        amount,
        amountText: money(amount, m),
        periods,
        termUnit: 'day',
        choices: choicesOf(p),
        pRateDsc: rateDesc(p, lang),
        details,
        repay_plans: planOf(q, lang, m, today),
        keyFacts: keyFacts(p, q, lang, dueDates),
        quote: {
          id: quoteId,
          termsVersion: p.termsVersion,
          validUntil: validUntil.toISOString(),
          principal: q.principal,
          disbursed: q.disbursed,
          totalRepayable: q.totalRepayable,
          aprBp: q.aprBp,
        },
        isPopType: first ? 1 : 0,
        popTitle: first ? t(lang, 'confirm.popTitle') : '',
        popContent: first ? t(lang, 'confirm.popContent') : '',
        popAgreementUrl: first
          ? withQuery(H5_PATHS.loanAgreement, { productId: p.id, position: 1, embed: 1 })
          : '',
        languageType: 1,
        note: t(lang, 'confirm.note'),
      };
    },

    contracts(lang: Lang) {
      return [
        { title: t(lang, 'contracts.agreement'), position: 1 },
        { title: t(lang, 'contracts.privacy'), position: 2 },
      ];
    },

    async contractJump(
      borrower: BorrowerIdentity,
      q: { productId: number; position: number; orderId?: string },
    ) {
      await product(borrower.market, q.productId);
      if (q.position === 1)
        return {
          contract_url: withQuery(H5_PATHS.loanAgreement, {
            productId: q.productId,
            position: 1,
            ...(q.orderId ? { orderId: q.orderId } : {}),
          }),
        };
      if (q.position === 2) return { contract_url: H5_PATHS.privacyPolicy };
      throw refuse('contractNotFound', 404, ERROR_CODE.NOT_FOUND);
    },

    /**
     * Confirms a loan: books exactly the quote the screen showed (decision 046), one order per request key
     * (a double tap, a retry after a timeout or a second tab get the first one's reply). The borrower's
     * limits are checked under the borrower's row lock in the transaction that inserts the order, so
     * simultaneous pushes take turns; the unique indexes stay as the last word (one application per
     * product, one order per quote).
     */
    async push(
      borrower: BorrowerIdentity,
      body: PushBody,
    ): Promise<{ lendDetailsUrl: string; orderNo: string }> {
      if (!body.agreed) throw refuse('agreementRequired', 400, ERROR_CODE.VALIDATION);
      const same = async () => {
        const prior = await repo.orderByRequestKey(borrower.id, body.requestKey);
        if (!prior) return null;
        if (
          prior.productId !== body.productId ||
          prior.amountMinor !== body.amount ||
          prior.termDays !== body.periods
        )
          throw refuse('requestKeyReused');
        return { lendDetailsUrl: detailsUrl(prior.productId, prior.orderNo), orderNo: prior.orderNo };
      };
      // Before the quote is judged: a retry of a booked confirm gets its order even once the quote expired.
      const earlier = await same();
      if (earlier) return earlier;
      await verified(borrower.id);

      const m = borrower.market;
      // Taken off offer since the screen showed it: a stale quote, so the screen asks again (and then
      // says the product is not available).
      const p = (await reference.products(m)).find((x) => x.id === body.productId);
      if (!p) throw stale('termsChanged');
      const now = clock.now();
      if (p.dailyQuota !== null && (await repo.ordersSince(p.id, dayStart(m, now))) >= p.dailyQuota)
        throw refuse('productFull');

      for (let attempt = 0; ; attempt++) {
        const orderNo = newOrderNo(m, marketDay(now, m));
        try {
          return await repo.transaction(async (tx) => {
            await repo.lockBorrower(tx, borrower.id);
            const { open, quote: booked } = await repo.booking(tx, borrower.id, body.quoteId);
            const refusal = borrowingRefusal(open, p.id);
            if (refusal) throw refusal;
            // Another borrower's quote answers as a missing one: expired, as far as this borrower knows.
            if (!booked || booked.used || now.getTime() >= Date.parse(booked.expiresAt))
              throw stale('quoteExpired');
            if (
              booked.productId !== body.productId ||
              booked.amountMinor !== body.amount ||
              booked.termDays !== body.periods ||
              booked.market !== m
            )
              throw stale('quoteMismatch');
            if (!booked.offered || booked.currentVersion !== booked.termsVersion || !booked.terms)
              throw stale('termsChanged');
            await engine.submit(
              {
                orderNo,
                borrowerId: borrower.id,
                productId: p.id,
                market: m,
                amountMinor: booked.amountMinor,
                termDays: booked.termDays,
                terms: booked.terms,
                quote: booked.quote,
                termsVersion: booked.termsVersion,
                quoteId: body.quoteId,
                requestKey: body.requestKey,
                collectionAllowed: false,
              },
              `borrower:${borrower.id}`,
              now,
              tx,
            );
            return { lendDetailsUrl: detailsUrl(p.id, orderNo), orderNo };
          });
        } catch (e) {
          // The pending order may be this very request's, made by a twin that got there first (asked after
          // the transaction: PGlite's one connection is held by it until then).
          if (e instanceof AppError && e.messageKey === PENDING_REFUSAL) {
            const twin = await same();
            if (twin) return twin;
            throw e;
          }
          const unique = uniqueViolation(e);
          if (!unique) throw e;
          // The same key raced in another request, which won: its order is this request's answer. (With
          // the same key both unique indexes clash; PostgreSQL names whichever it checked first.)
          const won = await same();
          if (won) return won;
          if (unique.constraint === 'orders_pending_per_product_uq') throw refuse('pendingApplication');
          if (unique.constraint === 'orders_quote_uq') throw stale('quoteExpired');
          // An order number drawn twice (1 in 10^8 a day): draw again, once.
          if (unique.constraint === 'orders_order_no_uq' && attempt === 0) continue;
          throw e;
        }
      }
    },

    async details(borrower: BorrowerIdentity, lang: Lang, orderNo: string): Promise<LoanDetails> {
      const row = await repo.orderDetails(borrower.id, orderNo);
      // Another borrower's order answers exactly as a missing one.
      if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
      const o = row.o;
      const m = borrower.market;
      const now = clock.now();
      const today = marketDay(now, m);
      const account = loanAccount(o);
      const dueDay = o.dueAt ? marketDay(new Date(o.dueAt), m) : null;
      const daysLate = dueDay ? Math.max(0, daysBetween(dueDay, today)) : 0;
      // What is due now (decision 048): every period due by today and unpaid, with the late charges;
      // before the first due date, the first period.
      const nextDue = account.nextDue(today)?.amount ?? 0;
      const overdue = account.overdue(today);
      const noticeKey = keyIn(loans.en.notice, o.status) ?? 'other';
      const vars = {
        due: dueDay ? day(dueDay, lang, m) : '',
        amount: money(nextDue, m),
        // The number of days late picks the sentence's plural ("1 day late").
        count: daysLate,
      };
      const detail: Array<{ text: string; value: string }> = [
        { text: t(lang, 'rows.amount'), value: money(o.amountMinor, m) },
      ];
      if (o.disbursed !== null)
        detail.push({ text: t(lang, 'rows.disbursed'), value: money(o.disbursed, m) });
      if (o.totalRepayable !== null)
        detail.push({ text: t(lang, 'rows.total'), value: money(o.totalRepayable, m) });
      detail.push({
        text: t(lang, 'rows.term'),
        value: translate(lang, 'orders', 'termDays', { count: o.termDays }),
      });
      detail.push({ text: t(lang, 'rows.appliedOn'), value: formatDate(o.createdAt, lang, m) });
      if (o.disbursedAt)
        detail.push({ text: t(lang, 'rows.disbursedOn'), value: formatDate(o.disbursedAt, lang, m) });
      if (dueDay) detail.push({ text: t(lang, 'rows.dueDate'), value: day(dueDay, lang, m) });
      const booked = o.lateFee + o.lateCharge;
      // A live loan's figures are "so far"; a closed one's are its totals.
      const live = isLive(o.status);
      if (booked > 0)
        detail.push({
          text: t(lang, live ? 'rows.lateCharges' : 'rows.lateChargesTotal'),
          value: money(booked, m),
        });
      // Everything booked, extension fees included: the receipts' and the certificate's figure.
      if (account.paid > 0)
        detail.push({ text: t(lang, live ? 'rows.paid' : 'rows.paidTotal'), value: money(account.paid, m) });
      // Each overdue instalment of a loan repaid in several, with what is left of it.
      if (account.periods.length > 1)
        for (const p of overdue.periods)
          detail.push({
            text: t(lang, 'rows.overduePeriod', {
              n: p.period,
              count: p.daysLate,
            }),
            value: money(p.left, m),
          });
      if (isDueOrOverdue(o.status))
        detail.push({ text: t(lang, 'rows.amountDue'), value: money(nextDue, m) });
      detail.push({ text: t(lang, 'rows.orderNo'), value: o.orderNo });

      const recProducts = showsRecommendations(o.status)
        ? (await reference.products(m))
            .filter((p) => p.id !== o.productId)
            .map((p) => card(p, lang, row.open, {}))
            .filter((c) => c !== null)
        : [];
      const site = await reference.siteConfig(m);
      return {
        orderNo: o.orderNo,
        orderStatus: o.status,
        noticeStatusText: t(lang, `notice.${noticeKey}.title`),
        noticeDesText: t(lang, `notice.${noticeKey}.desc`, vars),
        productId: o.productId,
        productName: o.productName,
        productLogo: o.productLogo,
        userOrderDetail: { detail },
        recProducts,
        h5Url: isLive(o.status)
          ? withQuery(H5_PATHS.installments, { productId: o.productId, orderId: o.orderNo })
          : '',
        delayUrl: withQuery(H5_PATHS.extension, { productId: o.productId, orderId: o.orderNo }),
        isDelay: account.extensionOffer(today) ? '1' : '0',
        isScore: o.status === ORDER_STATUS.SETTLED && !o.rated ? '1' : '0',
        telephone: site?.phone ?? '',
        coolingOff: coolingOffOf(account, m, lang, today),
        rejection: row.rejection ? rejectionOf(row.rejection.code, row.rejection.note, lang) : null,
      };
    },

    /**
     * My loans (issue 30): a page of the borrower's orders, open first, each with its status, amount and,
     * while live, what is due next and since when it is late: the loan account's answers (decision 048),
     * as the loan's details give them.
     */
    async orderList(borrower: BorrowerIdentity, lang: Lang, page: number): Promise<OrderList> {
      const { orders, hasMore } = await repo.orderList(borrower.id, page, ORDER_LIST_PAGE_SIZE);
      const today = marketDay(clock.now(), borrower.market);
      const items = orders.map((o) => listItem(o, lang, borrower.market, today));
      return { items, page, hasMore };
    },

    /**
     * The app's home page (decision 069): the market's offer, the order that needs the borrower first (My
     * loans' order, so its figures are the loan account's) and what to do next. Two statements, sent at
     * once: the verification gate's and My loans' first row.
     */
    async home(borrower: BorrowerIdentity, lang: Lang): Promise<HomeData> {
      const m = borrower.market;
      const [step, page] = await Promise.all([missingStep(borrower.id), repo.orderList(borrower.id, 1, 1)]);
      const first = page.orders[0];
      const loan = first ? listItem(first, lang, m, marketDay(clock.now(), m)) : null;
      const open = loan?.open ? loan : null;
      const offer = MARKET_OFFER[m];
      const text = offerText(m, lang);
      const next: HomeData['next'] = step
        ? {
            action: 'verify',
            step,
            title: messageOf(lang, `verification:missing.${step}`),
            url: H5_PATHS.verification,
          }
        : open?.nextDue
          ? {
              action: 'repay',
              step: null,
              title: t(lang, 'home.repay', { amount: open.nextDue.amountText, date: open.nextDue.dayText }),
              url: detailsUrl(open.productId, open.orderNo),
            }
          : open
            ? {
                action: 'review',
                step: null,
                title: open.statusText,
                url: detailsUrl(open.productId, open.orderNo),
              }
            : { action: 'apply', step: null, title: t(lang, 'home.apply'), url: H5_PATHS.relevant };
      return {
        offer: {
          amountMin: offer.amountMin,
          amountMax: offer.amountMax,
          amountMinText: text.min,
          amountMaxText: text.max,
          decision: text.decision,
          payout: text.payout,
        },
        loan: open,
        next,
      };
    },

    /**
     * A product before the borrower applies (decision 069): its range, terms and the key facts of the
     * amount and term its confirmation opens on. Nothing is stored (no quote: nothing can be booked from it);
     * another market's product is not found.
     */
    async productDetail(borrower: BorrowerIdentity, lang: Lang, productId: number): Promise<ProductDetail> {
      const m = borrower.market;
      const p = await product(m, productId);
      const { amount, periods } = defaultsOf(p);
      const q = quote(p, amount, periods);
      const today = marketDay(clock.now(), m);
      const choices = choicesOf(p);
      return {
        productId: p.id,
        productName: p.name,
        productLogo: p.logoUrl,
        productDesc: p.copy[lang].description,
        amountMin: choices.amountMin,
        amountMax: choices.amountMax,
        amountStep: choices.amountStep,
        amountRange: `${choices.amountMinText} - ${choices.amountMaxText}`,
        terms: choices.terms,
        pRateDsc: rateDesc(p, lang),
        keyFacts: keyFacts(
          p,
          q,
          lang,
          q.schedule.map((s) => addDays(today, s.dueDay)),
        ),
      };
    },

    async score(borrower: BorrowerIdentity, orderNo: string, score: number) {
      if (score < 1) throw refuse('scoreRequired', 400, ERROR_CODE.VALIDATION);
      const row = await repo.orderDetails(borrower.id, orderNo);
      if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
      if (row.o.status !== 200 || !(await repo.saveRating(row.o.id, borrower.id, score)))
        throw refuse('scoreNotDue');
    },

    standNotice(lang: Lang) {
      return { title: t(lang, 'stand.title'), description: t(lang, 'stand.description') };
    },
  };

  /**
   * The cooling-off exit while it is open: the last day to exit and what exiting costs today, the loan
   * account's `coolingOffExit`, the one generate-vcode issues the exit's code for (`is_payoff`, decision
   * 031); the screen builds the pay-method chooser's address from it.
   */
  function coolingOffOf(account: LoanAccount, m: Market, lang: Lang, today: MarketDay) {
    const exit = account.coolingOffExit(today);
    if (!exit) return null;
    return {
      deadline: exit.closesAt.toISOString(),
      deadlineText: day(exit.lastDay, lang, m),
      payoff: exit.due,
      payoffText: money(exit.due, m),
    };
  }
}
export type LoansService = ReturnType<typeof loansService>;
