import { randomInt } from 'node:crypto';
import { PAY_TYPE, type PaymentState, type PayType } from '../../../shared/contract/constants.ts';
import type {
  DelayData,
  PayTypesData,
  PlanData,
  PlanPeriod,
  StatusData,
  VcodeBody,
  VcodeData,
} from '../../../shared/contract/repayment.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import type { OrderBalance, PeriodBalance } from '../../../shared/domain/ledger.ts';
import { type AccountPeriod, loanAccount, periodDue } from '../../../shared/domain/loan-account.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { isLive } from '../../../shared/domain/order-status.ts';
import { BANK_METHODS, PAY_OPTIONS, payName, UPI_PAYEE } from '../../../shared/domain/pay-options.ts';
import {
  addDays,
  daysBetween,
  formatDate,
  formatDateTime,
  type MarketDay,
  marketDay,
  startOfMarketDay,
} from '../../../shared/domain/time.ts';
import { keyIn } from '../../../shared/i18n/catalog.ts';
import { repayment as copy } from '../../../shared/i18n/repayment.ts';
import { type MessageKey, translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import type { PaymentGateway } from '../../adapters/payment-gateway.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import { uniqueViolation } from '../../plugins/errors.ts';
import type { ReferenceData } from '../../reference-data.ts';
import type { LedgerOrder, PayCodeRow, RepaymentRepository } from './repayment.repository.ts';

const t = (lang: Lang, key: MessageKey<'repayment'>, vars?: Record<string, string | number>) =>
  translate(lang, 'repayment', key, vars);

const refuse = (key: string, status = 409, code: string = ERROR_CODE.CONFLICT) =>
  new AppError(code, `repayment:refusals.${key}`, status);

/** Where a bill's payment stands, as the borrower is told (payment-status and submit-utr). */
function answer(lang: Lang, orderNo: string, state: PaymentState, reason = ''): StatusData {
  const known = keyIn(copy.en.reasons, reason);
  return {
    state,
    message: t(lang, `state.${state}`),
    reason: known ? t(lang, `reasons.${known}`) : '',
    detailsUrl: withQuery(H5_PATHS.loanDetails, { orderId: orderNo }),
  };
}

/**
 * The crediting code (repayment.ledger.ts) asks these; each is the loan account's answer (decision 048).
 * The balance of a ledger order (its schedule, booked charges and allocations).
 */
export function balanceOfOrder(o: LedgerOrder): OrderBalance {
  return loanAccount(o).balance;
}

/** A period's due day in the market: disbursement day + its days + every paid extension. */
export function periodDueDay(o: LedgerOrder, p: Pick<PeriodBalance, 'dueDay'>): MarketDay {
  return periodDue(o, p.dueDay)!;
}

/** Whether the order may be extended now, and what it costs (the loan account's `extensionOffer`). */
export function extensionOffer(o: LedgerOrder, today: MarketDay) {
  return loanAccount(o).extensionOffer(today);
}

/** The amounts that may be paid today and the first day the whole loan may be (the account's `payable`). */
export function payableAmounts(o: LedgerOrder, today: MarketDay) {
  return loanAccount(o).payable(today);
}

/** The cooling-off exit on market day `day`: what it asks and when it closes; null when it is not open. */
export function coolingOffExit(o: LedgerOrder, day: MarketDay): { due: number; closesAt: Date } | null {
  return loanAccount(o).coolingOffExit(day);
}

/** How long a bill (a VA number, pay code or UPI request) lives at most. */
export const CODE_LIFETIME_MS = 24 * 3_600_000;

/**
 * When a bill made `now` expires (issue 29): 24 hours later, but never past the start of the market day
 * on which its amount would change by itself (`LoanAccount.amountsChangeOn`: a late loan's next late
 * charge), so a bill is never paid for an amount the loan no longer asks. A bill made at 23:54 for a
 * loan that is not late lives its 24 hours; one for a late loan lives to midnight, as its amount does.
 */
export function codeExpiry(now: Date, market: Market, changesOn: MarketDay): Date {
  const fixed = new Date(now.getTime() + CODE_LIFETIME_MS);
  const changes = startOfMarketDay(changesOn, market);
  return fixed < changes ? fixed : changes;
}

/** `8808 1234 5678 9012`: a number grouped in fours for reading and typing. */
export const grouped = (v: string) => v.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The borrower's side of repaying (issue 9): the plan, the extension offer, the ways to pay, pay codes
 * and where a payment stands. Every amount comes from the ledger (ledger.ts over the order's plan,
 * charges and allocations); a pay code is issued only for an amount the ledger offers.
 */
export function repaymentService(deps: {
  repo: RepaymentRepository;
  gateway: PaymentGateway;
  reference: ReferenceData;
  clock: Clock;
}) {
  const { repo, gateway, reference, clock } = deps;
  const money = (minor: number, m: Market) => formatMoney(minor, m);
  const dayText = (d: MarketDay, lang: Lang, m: Market) => formatDate(startOfMarketDay(d, m), lang, m);

  async function ledgerOf(borrower: BorrowerIdentity, orderNo: string) {
    const o = await repo.borrowerLedger(borrower.id, orderNo);
    // Another borrower's order answers exactly as a missing one.
    if (!o) throw new AppError(ERROR_CODE.NOT_FOUND);
    return o;
  }

  function periodView(
    o: LedgerOrder,
    p: AccountPeriod,
    lang: Lang,
    today: MarketDay,
    extra: { charges: number; first: boolean },
  ): PlanPeriod {
    const m = o.market;
    const outstanding = p.left;
    const paid = outstanding === 0;
    const due = p.due!;
    const late = daysBetween(due, today);
    const status: PlanPeriod['periodStatus'] = paid
      ? 'paid'
      : late > 0
        ? 'overdue'
        : late === 0
          ? 'due'
          : 'waiting';
    const total = paid ? p.owed.fees + p.owed.interest + p.owed.principal : outstanding + extra.charges;
    const paidOn = o.paidOn?.[String(p.period)];
    const repayDes =
      status === 'paid'
        ? t(lang, 'period.paid', { date: paidOn ? formatDate(paidOn, lang, m) : dayText(due, lang, m) })
        : status === 'overdue'
          ? t(lang, 'period.overdue', { count: late })
          : status === 'due'
            ? t(lang, 'period.due')
            : t(lang, 'period.waiting', { due: dayText(due, lang, m) });
    const owedOf = (k: 'principal' | 'interest' | 'fees') => (paid ? p.owed[k] : p.owed[k] - p.paid[k]);
    const parts = [
      { text: t(lang, 'parts.principal'), amount: owedOf('principal') },
      { text: t(lang, 'parts.interest'), amount: owedOf('interest') },
      { text: t(lang, 'parts.fees'), amount: owedOf('fees') },
      { text: t(lang, 'parts.lateCharges'), amount: paid ? 0 : extra.charges },
    ]
      .filter((r) => r.amount > 0)
      .map((r) => ({ text: r.text, value: money(r.amount, m) }));
    return {
      periodNo: p.period,
      totalAmount: total,
      amountText: money(total, m),
      canClick: extra.first ? 1 : 0,
      periodStatus: status,
      repayDes,
      dueTime: dayText(due, lang, m),
      parts,
    };
  }

  function purposeText(o: LedgerOrder, code: Pick<PayCodeRow, 'purpose' | 'amountMinor'>, lang: Lang) {
    if (code.purpose === 'extension')
      return t(lang, 'purpose.extension', { count: o.terms?.extension?.days ?? 0 });
    if (code.purpose === 'payoff') return t(lang, 'purpose.payoff');
    // Which periods this amount pays, from the first waiting one.
    const { waiting, offered } = loanAccount(o);
    const k = offered.indexOf(code.amountMinor);
    if (waiting.length === 0 || k < 0) return t(lang, 'purpose.charges');
    const from = waiting[0]!.period;
    const to = waiting[Math.min(k, waiting.length - 1)]!.period;
    return from === to ? t(lang, 'purpose.repay', { from }) : t(lang, 'purpose.repayRange', { from, to });
  }

  /** `payee`: who receives the money, the market's company as its details name it (issue 29). */
  function stepsFor(lang: Lang, payType: number, name: string, vcode: string, amount: string, payee: string) {
    const fill = (s: string) =>
      s
        .replaceAll('{{bank}}', name)
        .replaceAll('{{vcode}}', vcode)
        .replaceAll('{{amount}}', amount)
        .replaceAll('{{payee}}', payee || copy[lang].payeeFallback);
    const steps = copy[lang].steps;
    const group = (key: keyof typeof steps) => ({
      key,
      name: steps[key].name,
      steps: steps[key].steps.map(fill),
    });
    if (payType === PAY_TYPE.BANK) return BANK_METHODS.map((method) => group(method));
    if (payType === PAY_TYPE.STORE) return [group('store')];
    return [group('upi')];
  }

  async function vcodeView(
    o: LedgerOrder,
    code: PayCodeRow,
    lang: Lang,
    state: PaymentState,
  ): Promise<VcodeData> {
    const m = o.market;
    const amountText = money(code.amountMinor, m);
    const name = payName(m, code.payType, code.payCode) ?? code.payCode;
    const site = await reference.siteConfig(m);
    const upi =
      code.payType === PAY_TYPE.UPI
        ? {
            vpa: UPI_PAYEE.vpa,
            payeeName: UPI_PAYEE.name,
            // NPCI's intent: payee, name, amount in rupees with paise, our reference and a note.
            link: `upi://pay?${new URLSearchParams({
              pa: UPI_PAYEE.vpa,
              pn: UPI_PAYEE.name,
              am: (code.amountMinor / 100).toFixed(2),
              cu: 'INR',
              tr: code.vcode,
              tn: `Loan ${o.orderNo}`,
            }).toString()}`,
          }
        : null;
    return {
      amount: code.amountMinor,
      amountText,
      vcode: code.vcode,
      cardNo: grouped(code.vcode),
      payType: String(code.payType) as VcodeData['payType'],
      payCode: code.payCode,
      payName: name,
      payStep: stepsFor(
        lang,
        code.payType,
        code.payType === PAY_TYPE.UPI ? UPI_PAYEE.name : name,
        // Read off the screen and typed at an ATM or told to a cashier: grouped in fours, as shown above.
        grouped(code.vcode),
        amountText,
        site?.companyName ?? '',
      ),
      specificNum: code.specificNum,
      billNo: code.billNo,
      purposeText: purposeText(o, code, lang),
      expiresAt: code.expiresAt.toISOString(),
      expiresText: formatDateTime(code.expiresAt, lang, m),
      state,
      telephone: site?.phone ?? '',
      qrText: upi ? upi.link : code.payType === PAY_TYPE.BANK ? code.vcode : '',
      barcodeText: code.payType === PAY_TYPE.STORE ? code.vcode : '',
      upi,
    };
  }

  /** Where a bill's payment stands. */
  /** A bill's state from what was paid to it: its latest payment and, for UPI, its latest UTR. */
  function stateFrom(
    code: { state: string; expiresAt: Date; payType: number },
    payment: { state: string; reviewReason: string | null } | null,
    utr: { state: string } | null,
    now: Date,
  ) {
    if (payment?.state === 'credited' || code.state === 'paid')
      return { state: 'credited' as const, reason: '' };
    if (payment) return { state: 'received' as const, reason: payment.reviewReason ?? '' };
    if (code.payType === PAY_TYPE.UPI) {
      if (utr?.state === 'received') return { state: 'received' as const, reason: '' };
      if (utr?.state === 'rejected') return { state: 'rejected' as const, reason: 'utrNotFound' };
    }
    if (code.state === 'expired' || code.expiresAt <= now) return { state: 'expired' as const, reason: '' };
    return { state: 'pending' as const, reason: '' };
  }

  /** The state of a bill read without its payments (a fresh one): they are read here. */
  async function stateOf(code: { id: number; state: string; expiresAt: Date; payType: number }, now: Date) {
    const payment = await repo.latestPayment(code.id);
    const utr = code.payType === PAY_TYPE.UPI && !payment ? await repo.latestUtr(code.id) : null;
    return stateFrom(code, payment, utr, now);
  }

  return {
    async plan(borrower: BorrowerIdentity, lang: Lang, orderNo: string): Promise<PlanData> {
      const o = await ledgerOf(borrower, orderNo);
      if (!o.schedule) throw refuse('noPlan');
      const today = marketDay(clock.now(), o.market);
      const account = loanAccount(o);
      // Before the payout nothing is owed yet; the plan shows what will fall due, nothing to pay.
      const waiting = account.live ? account.waiting : [];
      const viewOf = (p: AccountPeriod, i: number) =>
        periodView(o, p, lang, today, { charges: i === 0 ? account.charges : 0, first: i === 0 });
      const disbursed = o.disbursedAt !== null;
      const payable = account.payable(today);
      return {
        orderNo: o.orderNo,
        productId: o.productId,
        productName: o.productName,
        productLogo: o.productLogo,
        repayWaitCount: waiting.length,
        note: t(lang, 'note'),
        repayPlanDetail: {
          repayWaitDetail: waiting.map(viewOf),
          repayYetDetail: disbursed
            ? account.periods
                .filter((p) => p.left === 0)
                .map((p) => periodView(o, p, lang, today, { charges: 0, first: false }))
            : [],
        },
        payableCount: Math.min(payable.amounts.length, waiting.length),
        payableNote: payable.earlyFrom
          ? t(lang, 'earlyFrom', { date: dayText(payable.earlyFrom, lang, o.market) })
          : '',
        delayUrl: account.extensionOffer(today)
          ? withQuery(H5_PATHS.extension, { productId: o.productId, orderId: o.orderNo })
          : '',
      };
    },

    async delay(borrower: BorrowerIdentity, lang: Lang, orderNo: string): Promise<DelayData> {
      const o = await ledgerOf(borrower, orderNo);
      const now = clock.now();
      const m = o.market;
      const today = marketDay(now, m);
      const account = loanAccount(o);
      const offer = account.extensionOffer(today);
      const site = await reference.siteConfig(m);
      const next = o.schedule ? account.waiting[0] : undefined;
      const currentDue = next?.due ?? null;
      const daysLate = currentDue ? Math.max(0, daysBetween(currentDue, today)) : 0;
      const detail = [
        { text: t(lang, 'delay.rows.amount'), amount: o.amountMinor },
        { text: t(lang, 'delay.rows.lateCharges'), amount: account.charges },
        { text: t(lang, 'delay.rows.outstanding'), amount: account.outstanding },
      ]
        .filter((r) => r.amount > 0)
        .map((r) => ({ text: r.text, value: money(r.amount, m) }));
      if (currentDue)
        detail.splice(1, 0, { text: t(lang, 'delay.rows.dueDate'), value: dayText(currentDue, lang, m) });
      if (daysLate > 0) detail.push({ text: t(lang, 'delay.rows.daysLate'), value: String(daysLate) });
      detail.push({ text: t(lang, 'delay.rows.orderNo'), value: o.orderNo });
      const expiry = codeExpiry(now, m, account.amountsChangeOn(marketDay(now, m)));
      const base = {
        orderNo: o.orderNo,
        productId: o.productId,
        productName: o.productName,
        productLogo: o.productLogo,
        telephone: site?.phone ?? '',
        orderDetail: { detail },
        delayExpiryTime: expiry.toISOString(),
        delayExpiryText: formatDateTime(expiry, lang, m),
      };
      if (!offer)
        return {
          ...base,
          available: false,
          unavailableText: t(lang, 'delay.unavailable'),
          delayShouldPayAmount: 0,
          delayShouldPayText: '',
          newDueDateText: '',
          extensionDays: 0,
          comparison: {
            extendNow: { title: t(lang, 'delay.extendNow.title'), value: '', note: '' },
            payLate: { title: t(lang, 'delay.payLate.title'), value: '', note: '' },
          },
        };
      // Paying late instead: the late charges the daily job would book by the new due date (the loan
      // account's, within the market's caps), less what is already booked.
      const future = account.lateChargesBy(offer.newDue);
      const lateCost = Math.max(0, future.lateFee + future.lateCharge - (o.lateFee + o.lateCharge));
      const newDueText = dayText(offer.newDue, lang, m);
      return {
        ...base,
        available: true,
        unavailableText: '',
        delayShouldPayAmount: offer.fee,
        delayShouldPayText: money(offer.fee, m),
        newDueDateText: newDueText,
        extensionDays: offer.days,
        comparison: {
          extendNow: {
            title: t(lang, 'delay.extendNow.title'),
            value: money(offer.fee, m),
            note: t(lang, 'delay.extendNow.note', { due: newDueText }),
          },
          payLate: {
            title: t(lang, 'delay.payLate.title'),
            value: money(lateCost, m),
            note: t(lang, 'delay.payLate.note', { due: newDueText }),
          },
        },
      };
    },

    payTypes(borrower: BorrowerIdentity, lang: Lang, requested: PayType | undefined): PayTypesData {
      const options = PAY_OPTIONS[borrower.market];
      const payType = requested && options.payTypes.includes(requested) ? requested : options.payTypes[0]!;
      return {
        payTypes: options.payTypes.map((v) => ({ value: v, title: t(lang, `payTypes.${v}`) })),
        payType,
        banks:
          payType === PAY_TYPE.BANK
            ? options.banks.map((b) => ({
                bankName: b.bankName,
                payCode: b.payCode,
                methods: [...BANK_METHODS],
              }))
            : [],
        markets: payType === PAY_TYPE.STORE ? options.markets : [],
      };
    },

    async vcode(borrower: BorrowerIdentity, lang: Lang, body: VcodeBody): Promise<VcodeData> {
      const o = await ledgerOf(borrower, body.orderId);
      const payType = Number(body.pay_type) as PayType;
      if (payName(o.market, payType, body.payCode) === null)
        throw refuse('payTypeNotOffered', 400, ERROR_CODE.VALIDATION);
      if (!isLive(o.status) || !o.schedule || !o.disbursedAt) throw refuse('notPayable');
      const now = clock.now();
      const today = marketDay(now, o.market);
      const extension = String(body.is_display ?? '0') === '1';
      const payoff = String(body.is_payoff ?? '0') === '1';
      let purpose: PayCodeRow['purpose'];
      let expiresAt = codeExpiry(now, o.market, loanAccount(o).amountsChangeOn(today));
      if (payoff) {
        // One bill pays one thing: the exit and the extension fee together is a malformed request.
        if (extension) throw new AppError(ERROR_CODE.VALIDATION);
        const exit = coolingOffExit(o, today);
        if (!exit) throw refuse('payoffUnavailable', 400, ERROR_CODE.VALIDATION);
        if (body.amount !== exit.due) throw refuse('payoffAmount', 400, ERROR_CODE.VALIDATION);
        purpose = 'payoff';
        // The exit asks a day's more interest each day: its bill ends with the market day, and never
        // past the exit's own deadline.
        const midnight = startOfMarketDay(addDays(today, 1), o.market);
        if (midnight < expiresAt) expiresAt = midnight;
        if (exit.closesAt < expiresAt) expiresAt = exit.closesAt;
      } else if (extension) {
        const offer = extensionOffer(o, today);
        if (!offer) throw refuse('extensionUnavailable');
        if (body.amount !== offer.fee) throw refuse('amountNotOffered');
        purpose = 'extension';
      } else {
        if (!payableAmounts(o, today).amounts.includes(body.amount)) throw refuse('amountNotOffered');
        purpose = 'repay';
      }
      const open = await repo.openCode(o.id, purpose, body.amount, payType, body.payCode, now);
      if (open) return vcodeView(o, open, lang, (await stateOf(open, now)).state);
      await repo.expireCodes(o.id, now);
      const billNo = `${o.market}B${today.replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      const { vcode } = await gateway.issue({
        billNo,
        market: o.market,
        payType,
        payCode: body.payCode,
        amountMinor: body.amount,
        expiresAt,
      });
      try {
        const code = await repo.insertCode({
          billNo,
          orderId: o.id,
          borrowerId: borrower.id,
          purpose,
          amountMinor: body.amount,
          payType,
          payCode: body.payCode,
          specificNum: Number(body.specific_num ?? 0),
          isDefault: Number(body.is_default ?? 1),
          vcode,
          expiresAt,
          createdAt: now,
        });
        return vcodeView(o, code, lang, 'pending');
      } catch (e) {
        // The same request raced in another tab or a retry, which won: its code is this request's answer.
        if (!uniqueViolation(e)) throw e;
        const won = await repo.openCode(o.id, purpose, body.amount, payType, body.payCode, now);
        if (!won) throw e;
        return vcodeView(o, won, lang, 'pending');
      }
    },

    async status(
      borrower: BorrowerIdentity,
      lang: Lang,
      orderNo: string,
      billNo: string,
    ): Promise<StatusData> {
      const code = await repo.borrowerCode(borrower.id, orderNo, billNo);
      if (!code) throw new AppError(ERROR_CODE.NOT_FOUND);
      const { state, reason } = stateFrom(code, code.payment, code.utr, clock.now());
      return answer(lang, orderNo, state, reason);
    },

    async submitUtr(
      borrower: BorrowerIdentity,
      lang: Lang,
      orderNo: string,
      billNo: string,
      utr: string,
    ): Promise<StatusData> {
      const code = await repo.borrowerCode(borrower.id, orderNo, billNo);
      if (!code) throw new AppError(ERROR_CODE.NOT_FOUND);
      if (code.payType !== PAY_TYPE.UPI) throw refuse('upiOnly', 400, ERROR_CODE.VALIDATION);
      const now = clock.now();
      const current = stateFrom(code, code.payment, code.utr, now);
      if (current.state === 'credited' || current.state === 'received')
        return answer(lang, orderNo, current.state, current.reason);
      const { row, fresh } = await repo.submitUtr({
        utr,
        payCodeId: code.id,
        borrowerId: borrower.id,
        state: 'received',
      });
      if (!fresh) {
        if (row.payCodeId !== code.id) return answer(lang, orderNo, 'rejected', 'utrUsed');
        return answer(
          lang,
          orderNo,
          row.state === 'rejected' ? 'rejected' : 'received',
          row.state === 'rejected' ? 'utrNotFound' : '',
        );
      }
      const found = await gateway.checkUtr({
        utr,
        vcode: code.vcode,
        amountMinor: code.amountMinor,
        market: code.market,
      });
      if (found === 'not_found') {
        await repo.setUtrState(row.id, 'rejected');
        return answer(lang, orderNo, 'rejected', 'utrNotFound');
      }
      return answer(lang, orderNo, 'received');
    },
  };
}
export type RepaymentService = ReturnType<typeof repaymentService>;
