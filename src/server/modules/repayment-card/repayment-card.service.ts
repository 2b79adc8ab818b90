import { createHmac } from 'node:crypto';
import { PAY_TYPE, type PayType } from '../../../shared/contract/constants.ts';
import type { StatusData } from '../../../shared/contract/repayment.ts';
import { CARD_REPAY_CODE, CARD_REPAY_PATHS } from '../../../shared/contract/repayment-card.ts';
import type {
  CommitBody,
  CommitData,
  ConfirmData,
  WayData,
} from '../../../shared/contract/repayment-card-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { isLive } from '../../../shared/domain/order-status.ts';
import { PAY_OPTIONS } from '../../../shared/domain/pay-options.ts';
import { marketDay } from '../../../shared/domain/time.ts';
import { type MessageKey, translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import type { CallbackSender, SandboxGateway } from '../../adapters/payment-gateway.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { ReferenceData } from '../../reference-data.ts';
import { sameToken } from '../../signed-links.ts';
import { type OneTimeCodes, sendRefusal } from '../identity/index.ts';
import {
  grouped,
  payableAmounts,
  type RepaymentRepository,
  type RepaymentService,
} from '../repayment/index.ts';
import type { CardRepaymentRow, RepaymentCardRepository, StoredCard } from './repayment-card.repository.ts';

/** What a card repayment's SMS codes are issued for (one-time-codes.ts purposes). */
export const CARD_CODE_PURPOSE = 'card_repayment';
/** The repay token binds borrower and order this long: a screen left open longer is opened again. */
const TOKEN_TTL_S = 15 * 60;
/** A committed repayment waits this long for its code (a code lives 5 minutes; a resend or two fits). */
const RECORD_TTL_MS = 15 * 60_000;

const t = (lang: Lang, key: MessageKey<'repaymentCard'>, vars?: Record<string, string | number>) =>
  translate(lang, 'repaymentCard', key, vars);
const refuse = (key: string, status = 409, code: string = ERROR_CODE.CONFLICT) =>
  new AppError(code, `repaymentCard:${key}`, status);
const doNotResubmit = () =>
  new AppError(CARD_REPAY_CODE.DO_NOT_RESUBMIT, 'repaymentCard:messages.doNotResubmit', 409);
const notFound = () => new AppError(ERROR_CODE.NOT_FOUND);
/** The amount is not one the ledger offers now: the request is wrong, not the moment (400). */
const amountNotOffered = () =>
  new AppError(ERROR_CODE.VALIDATION, 'repayment:refusals.amountNotOffered', 400);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The older bank-card repayment (spec §3, §4, §7; decision 032). The borrower picks a saved card and
 * pays the amount the ledger offers now; when the card needs it, a one-time code goes by SMS and the
 * charge waits for it. The charge itself never touches the ledger: it pays a bill of the repayment
 * module (issued, or the open one reused, for exactly that amount) through the payment gateway, whose
 * signed callback credits the loan exactly as every other payment is credited. A record is claimed for
 * charging by one atomic move, so however many confirmations arrive, the gateway is asked once.
 */
export function repaymentCardService(deps: {
  repo: RepaymentCardRepository;
  ledgers: Pick<RepaymentRepository, 'borrowerLedger'>;
  repayment: Pick<RepaymentService, 'vcode' | 'status'>;
  gateway: SandboxGateway;
  callbacks: () => CallbackSender;
  codes: OneTimeCodes;
  reference: ReferenceData;
  clock: Clock;
  /** Signs repay tokens. */
  key: string;
  /** Demo mode: the sandbox's hosted payment page exists. */
  demo: boolean;
  log: { warn(obj: object, msg: string): void };
}) {
  const { repo, ledgers, repayment, gateway, callbacks, codes, reference, clock, key, demo, log } = deps;

  const nowS = () => Math.floor(clock.now().getTime() / 1000);
  const sign = (borrowerId: number, orderNo: string, exp: number) =>
    createHmac('sha256', key).update(`repay-token:${borrowerId}:${orderNo}:${exp}`).digest('base64url');
  const tokenFor = (borrowerId: number, orderNo: string) => {
    const exp = nowS() + TOKEN_TTL_S;
    return `${exp}.${sign(borrowerId, orderNo, exp)}`;
  };
  const tokenHolds = (token: string, borrowerId: number, orderNo: string) => {
    const [expText, signature] = token.split('.');
    const exp = Number(expText);
    if (!signature || !Number.isSafeInteger(exp) || exp < nowS()) return false;
    return sameToken(sign(borrowerId, orderNo, exp), signature);
  };

  const detailsUrl = (orderNo: string, productId: number) =>
    withQuery(H5_PATHS.loanDetails, { orderId: orderNo, productId });

  /** The borrower's live order with a plan, and what it offers today; another's or none is a 404. */
  async function liveOrder(borrower: BorrowerIdentity, orderNo: string) {
    const o = await ledgers.borrowerLedger(borrower.id, orderNo);
    if (!o || !isLive(o.status) || !o.schedule || !o.disbursedAt) throw notFound();
    return { o, amounts: payableAmounts(o, marketDay(clock.now(), o.market)).amounts };
  }

  /**
   * The bill a card charge settles: the market's way in to the gateway (Indonesia: the card's bank's
   * virtual account when the gateway has it; India: UPI). A real card gateway would name its own
   * charge; the sandbox pays a bill, so the money arrives by the one callback every payment uses.
   */
  function billWay(market: Market, bankCode: string): { pay_type: PayType; payCode: string } {
    if (market === 'IN') return { pay_type: PAY_TYPE.UPI, payCode: 'UPI' };
    const banks = PAY_OPTIONS[market].banks;
    const bank = banks.find((b) => b.payCode === bankCode) ?? banks[0]!;
    return { pay_type: PAY_TYPE.BANK, payCode: bank.payCode };
  }

  /** Asks the gateway to pay the amount; the record must have been claimed (state `charging`). */
  async function charge(
    borrower: BorrowerIdentity,
    lang: Lang,
    record: Pick<CardRepaymentRow, 'id' | 'amountMinor'> & { bankCode: string },
    orderNo: string,
  ): Promise<StatusData> {
    let bill: Awaited<ReturnType<RepaymentService['vcode']>>;
    try {
      // The ledger is asked again here: the amount must still be one it offers at the moment of paying.
      bill = await repayment.vcode(borrower, lang, {
        orderId: orderNo,
        amount: record.amountMinor,
        ...billWay(borrower.market, record.bankCode),
      });
    } catch (err) {
      await repo.move(record.id, ['charging'], 'failed');
      throw err;
    }
    await gateway.markPaid({ vcode: bill.vcode, amountMinor: bill.amount, market: borrower.market });
    await repo.charged(record.id, bill.billNo, clock.now());
    await deliverNow();
    return repayment.status(borrower, lang, orderNo, bill.billNo);
  }

  /**
   * Sends the sandbox's callback now, as the back office's "mark paid" does (the process's job retries
   * a failure), so the charge's answer is the credited state, not "pending".
   */
  async function deliverNow() {
    try {
      await gateway.deliverDue(callbacks());
    } catch (err) {
      log.warn({ err }, 'gateway callback');
    }
  }

  /** Sends the record's code to the borrower's phone, or says why not (429, with when to ask again). */
  async function sendCode(
    borrower: BorrowerIdentity,
    lang: Lang,
    record: CardRepaymentRow,
    card: StoredCard,
  ): Promise<number> {
    const phone = await repo.phoneOf(borrower.id);
    if (!phone) throw notFound();
    const app = await reference.appName(borrower.market);
    const result = await codes.issue({
      purpose: CARD_CODE_PURPOSE,
      subject: String(record.id),
      market: borrower.market,
      phone,
      now: clock.now(),
      text: (code) =>
        t(lang, 'sms.cardRepayment', {
          app,
          code,
          amount: formatMoney(record.amountMinor, borrower.market),
          bank: card.bankName,
          last4: card.maskedNo.slice(-4),
        }),
    });
    if (!result.sent)
      throw sendRefusal(result, {
        tooSoon: 'repaymentCard:messages.doNotResend',
        tooMany: 'repaymentCard:errors.tooManyCodes',
      });
    return result.resendIn;
  }

  return {
    async way(
      borrower: BorrowerIdentity,
      body: { orderId?: string | undefined; amount?: number | undefined },
    ): Promise<WayData> {
      const found = await repo.way(borrower.id, borrower.market, body.orderId ?? '');
      if (!found.orderNo) throw notFound();
      const { o, amounts } = await liveOrder(borrower, found.orderNo);
      if (amounts.length === 0) throw new AppError(ERROR_CODE.CONFLICT, 'repayment:refusals.notPayable');
      const amount = body.amount !== undefined && amounts.includes(body.amount) ? body.amount : amounts[0]!;
      return {
        alipay: 0,
        repayToken: tokenFor(borrower.id, o.orderNo),
        bankCards: found.cards.map((c) => ({
          id: c.id,
          bankName: c.bankName,
          cardNo: grouped(c.maskedNo),
          bankCode: c.bankCode,
        })),
        orderNo: o.orderNo,
        productId: o.productId,
        productName: o.productName,
        amount,
        amountText: formatMoney(amount, o.market),
        detailsUrl: detailsUrl(o.orderNo, o.productId),
        otherWaysUrl: withQuery(H5_PATHS.repayChooser, {
          productId: o.productId,
          orderId: o.orderNo,
          amount,
          display: 0,
        }),
      };
    },

    async commit(borrower: BorrowerIdentity, lang: Lang, body: CommitBody): Promise<CommitData> {
      const card = await repo.card(borrower.id, borrower.market, body.cardId);
      // The card named must be the one described: a stale screen or a forged body names none of ours.
      if (
        !card ||
        card.bankName !== body.bankName ||
        card.bankCode !== body.bankCode ||
        body.cardNo.replace(/\s/g, '') !== card.maskedNo
      )
        throw notFound();
      const { o, amounts } = await liveOrder(borrower, body.orderId);
      if (!tokenHolds(body.repayToken, borrower.id, o.orderNo)) throw refuse('errors.pageExpired');
      if (!amounts.includes(body.amount)) throw amountNotOffered();
      const now = clock.now();
      const details = detailsUrl(o.orderNo, o.productId);

      // One open repayment per order, decided under the order's lock (the repository): a second tap, or
      // a burst of them, finds the first one pending, charging, or charged and not yet credited.
      const claimed = await repo.claimRecord(
        o.id,
        now,
        (open) => {
          if (open.state !== 'pending') return 'busy';
          // Another card or amount replaces the waiting one (its code stops working); an old one expires.
          if (open.expiresAt <= now) return 'expired';
          if (open.cardId !== card.id || open.amountMinor !== body.amount) return 'cancelled';
          return 'reuse';
        },
        {
          borrowerId: borrower.id,
          orderId: o.id,
          cardId: card.id,
          amountMinor: body.amount,
          needValid: card.needsSms,
          state: 'pending',
          expiresAt: new Date(now.getTime() + RECORD_TTL_MS),
          createdAt: now,
        },
      );
      if (claimed === 'busy') throw doNotResubmit();
      const { record, replaced } = claimed;
      if (replaced !== null) await codes.revoke(CARD_CODE_PURPOSE, String(replaced), now);

      if (!record.needValid) {
        if (!(await repo.move(record.id, ['pending'], 'charging'))) throw doNotResubmit();
        const status = await charge(borrower, lang, { ...record, bankCode: card.bankCode }, o.orderNo);
        return {
          needValid: 0,
          repayRecordId: record.id,
          resendIn: 0,
          state: status.state,
          message: status.message,
          detailsUrl: details,
        };
      }
      const send = String(body.sendMsg) === '1';
      const resendIn = send ? await sendCode(borrower, lang, record, card) : 0;
      return {
        needValid: 1,
        repayRecordId: record.id,
        resendIn,
        state: 'pending',
        message: send ? t(lang, 'code.sent') : '',
        detailsUrl: details,
      };
    },

    async confirm(
      borrower: BorrowerIdentity,
      lang: Lang,
      body: { orderId: string; verifyCode: string; repaymentRecordId: number },
    ): Promise<ConfirmData> {
      const record = await repo.record(borrower.id, body.repaymentRecordId, body.orderId);
      if (!record) throw notFound();
      const now = clock.now();
      if (record.state === 'charging' || record.state === 'charged' || !record.needValid)
        throw doNotResubmit();
      if (record.state === 'locked') throw refuse('errors.locked');
      if (record.state !== 'pending') throw refuse('errors.closed');
      if (record.expiresAt <= now) {
        await repo.move(record.id, ['pending'], 'expired');
        throw refuse('errors.closed');
      }
      const subject = String(record.id);
      const checked = await codes.verify({ purpose: CARD_CODE_PURPOSE, subject, code: body.verifyCode, now });
      switch (checked.outcome) {
        case 'none':
          throw refuse('errors.noCode');
        case 'expired':
          throw refuse('errors.codeExpired');
        case 'used':
          throw doNotResubmit();
        case 'locked':
          await repo.move(record.id, ['pending'], 'locked');
          throw refuse('errors.locked');
        case 'wrong':
          if (checked.locked) await repo.move(record.id, ['pending'], 'locked');
          throw new AppError(
            CARD_REPAY_CODE.WRONG_CODE,
            checked.locked ? 'repaymentCard:errors.wrongCodeLocked' : 'repaymentCard:messages.wrongCode',
            400,
          );
        case 'ok':
          break;
      }
      // The code is spent; the record is charged by whoever moves it first (exactly one request). A record
      // a parallel confirm locked counts too: that one ran out of tries only because this right code was
      // being counted at the same time, within its tries.
      if (!(await repo.move(record.id, ['pending', 'locked'], 'charging'))) throw doNotResubmit();
      const status = await charge(borrower, lang, record, body.orderId);
      return {
        repayRecordId: record.id,
        state: status.state,
        message: status.message,
        detailsUrl: detailsUrl(body.orderId, record.productId),
      };
    },

    /**
     * The provider's hosted payment page for an amount (spec's repayment-huichao). The sandbox has one
     * only in demo mode; elsewhere there is no provider page to send the borrower to, and we say so.
     */
    async hosted(
      borrower: BorrowerIdentity,
      lang: Lang,
      body: { userId: number; orderId: string; amount: number },
    ): Promise<{ url: string }> {
      // Another borrower's id reads like an order that is not there (security baseline 8.2.2).
      if (body.userId !== borrower.id) throw notFound();
      const { amounts } = await liveOrder(borrower, body.orderId);
      if (!amounts.includes(body.amount)) throw amountNotOffered();
      if (!demo) throw refuse('errors.hostedUnavailable');
      const bill = await repayment.vcode(borrower, lang, {
        orderId: body.orderId,
        amount: body.amount,
        ...billWay(borrower.market, ''),
      });
      return { url: withQuery(CARD_REPAY_PATHS.demoHosted, { bill: bill.billNo, lang }) };
    },

    /** Demo mode: the sandbox's hosted page, a bill and a Pay button (plain HTML, no script). */
    async hostedPage(billNo: string, lang: Lang): Promise<string | null> {
      const bill = await repo.bill(billNo);
      if (!bill) return null;
      const text = t(lang, 'hosted.text', {
        amount: formatMoney(bill.amountMinor, bill.market),
        orderNo: bill.orderNo,
      });
      const back = detailsUrl(bill.orderNo, bill.productId);
      return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t(lang, 'hosted.title'))}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:28rem;padding:24px 16px;color:#1a1a1a}
button{min-height:48px;width:100%;border:0;border-radius:8px;background:#077a52;color:#fff;font-size:1rem;font-weight:600}
a{display:inline-block;margin-top:16px;padding:12px 0;color:#0a5bd3}</style></head>
<body><main><h1>${escapeHtml(t(lang, 'hosted.title'))}</h1><p>${escapeHtml(text)}</p>
<form method="post" action="${CARD_REPAY_PATHS.demoHosted}"><input type="hidden" name="bill" value="${escapeHtml(billNo)}">
<button type="submit">${escapeHtml(t(lang, 'hosted.pay'))}</button></form>
<a href="${escapeHtml(back)}">${escapeHtml(t(lang, 'hosted.cancel'))}</a></main></body></html>`;
    },

    /** Demo mode: the hosted page's Pay button. Returns where the borrower goes next (loan details). */
    async hostedPay(billNo: string): Promise<string | null> {
      const bill = await repo.bill(billNo);
      if (!bill) return null;
      if (bill.state === 'open') {
        await gateway.markPaid({ vcode: bill.vcode, amountMinor: bill.amountMinor, market: bill.market });
        await deliverNow();
      }
      return detailsUrl(bill.orderNo, bill.productId);
    },
  };
}
export type RepaymentCardService = ReturnType<typeof repaymentCardService>;
