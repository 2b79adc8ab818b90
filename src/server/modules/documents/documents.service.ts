import { createHmac } from 'node:crypto';
import { PAY_TYPE } from '../../../shared/contract/constants.ts';
import { DOC_PATHS, VERIFY_PAGE } from '../../../shared/contract/documents.ts';
import type { ReceiptsData, VerifyData } from '../../../shared/contract/documents-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import type { Component } from '../../../shared/domain/ledger.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { ORDER_STATUS } from '../../../shared/domain/order-status.ts';
import { payName } from '../../../shared/domain/pay-options.ts';
import { formatDate, formatDateTime } from '../../../shared/domain/time.ts';
import { CERTIFICATE_TEXT } from '../../../shared/i18n/documents.ts';
import { fixedT, translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { renderPdf } from '../../pdf.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { ReferenceData } from '../../reference-data.ts';
import { purposeKey, sameToken, signLink, unexpired, validSignature } from '../../signed-links.ts';
import type { AppliedPayment, CertificateRow, DocumentsRepository } from './documents.repository.ts';

/** A certificate link opens the PDF for this long: enough to open it, too short to pass around. */
export const CERTIFICATE_LINK_TTL_SECONDS = 600;

// Parts of a receipt in the order the ledger takes them (decision 031).
const PART_ORDER: Component[] = ['late_fee', 'late_charge', 'extension_fee', 'fees', 'interest', 'principal'];

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(bytes: Buffer, length: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** The check page for a code, in the certificate's language (and so its market's site). */
export function verifyUrl(siteUrl: string, code: string, lang: Lang): string {
  return `${siteUrl}${VERIFY_PAGE}?${new URLSearchParams({ code, lang }).toString()}`;
}

/** "Priya Sharma" → "P***a S****a": enough for whoever holds the certificate to match a person. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((w) => {
      const letters = [...w];
      if (letters.length <= 2) return `${letters[0]}*`;
      return `${letters[0]}${'*'.repeat(letters.length - 2)}${letters.at(-1)}`;
    })
    .join(' ');
}

/**
 * Receipts and the no-dues certificate (issue 9). Both read what the ledger wrote, never recompute it: a
 * receipt is a payment's allocations; the certificate states the order's settlement event and the sum of
 * its allocations. The certificate is not stored: it is written again from those records each time, so
 * it can never disagree with them, and its verification code is a keyed hash of the order and the moment
 * it was settled, which anyone can check against our records on the site (no table of codes to keep).
 */
export function documentsService(deps: {
  repo: DocumentsRepository;
  reference: ReferenceData;
  signingKey: string;
  clock: Clock;
}) {
  const { repo, reference, clock } = deps;
  // Keys of their own, derived once: a leaked link signature says nothing about image URLs or codes.
  const linkKey = purposeKey(deps.signingKey, 'documents: certificate links');
  const codeKey = purposeKey(deps.signingKey, 'documents: verification codes');

  const verificationCode = (c: CertificateRow) =>
    `${c.orderNo}-${base32(createHmac('sha256', codeKey).update(`${c.orderNo}.${c.settledAt}`).digest(), 10)}`;

  function methodOf(p: AppliedPayment, lang: Lang, m: Market): string {
    const t = fixedT(lang, 'documents');
    if (p.utr) return t('receipt.method.upiUtr', { utr: p.utr });
    // The bank's name as the pay page shows it ("Bank Mandiri"), not the gateway's code ("MANDIRI").
    if (p.payType === PAY_TYPE.BANK)
      return t('receipt.method.bank', { bank: payName(m, p.payType, p.payCode ?? '') ?? p.payCode ?? '' });
    if (p.payType === PAY_TYPE.STORE)
      return t('receipt.method.store', { store: payName(m, p.payType, p.payCode ?? '') ?? p.payCode ?? '' });
    if (p.payType === PAY_TYPE.UPI) return t('receipt.method.upi');
    return t('receipt.method.other');
  }

  function partsOf(p: AppliedPayment, lang: Lang, m: Market) {
    const rows: Array<{ text: string; value: string }> = [];
    for (const component of PART_ORDER) {
      const mine = p.parts.filter((a) => a.component === component);
      if (mine.length === 0) continue;
      const amount = mine.reduce((sum, a) => sum + Number(a.amount), 0);
      const periods = mine.map((a) => a.period).filter((n): n is number => n !== null);
      let text: string;
      if (periods.length === 0) text = translate(lang, 'documents', `receipt.parts.${component}`);
      else {
        const from = Math.min(...periods);
        const to = Math.max(...periods);
        const part = translate(lang, 'documents', `receipt.parts.${component}`);
        text = translate(
          lang,
          'documents',
          from === to ? 'receipt.parts.period' : 'receipt.parts.periodRange',
          {
            from,
            to,
            part,
          },
        );
      }
      rows.push({ text, value: formatMoney(amount, m) });
    }
    return rows;
  }

  /** The market's company details; a market without them cannot issue documents (a set-up error). */
  async function companyOf(m: Market) {
    const site = await reference.siteConfig(m);
    if (!site) throw new AppError(ERROR_CODE.UNAVAILABLE);
    return site;
  }

  /** The order, the borrower's own and settled, or the refusal a borrower sees. */
  async function settledOrder(borrower: BorrowerIdentity, orderNo: string) {
    const c = await repo.certificate(orderNo);
    if (!c || c.borrowerId !== borrower.id) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (c.status !== ORDER_STATUS.SETTLED || !c.settledAt)
      throw new AppError(ERROR_CODE.CONFLICT, 'documents:refusals.notSettled', 409);
    return c;
  }

  return {
    async receipts(borrower: BorrowerIdentity, lang: Lang, orderNo: string): Promise<ReceiptsData> {
      const o = await repo.receipts(borrower.id, orderNo);
      if (!o) throw new AppError(ERROR_CODE.NOT_FOUND);
      const settled = o.status === ORDER_STATUS.SETTLED;
      return {
        orderNo: o.orderNo,
        productName: o.productName,
        list: o.payments.map((p, i) => ({
          receiptNo: `${o.orderNo}-${i + 1}`,
          amount: formatMoney(Number(p.amount), o.market),
          amountMinor: Number(p.amount),
          paidAt: formatDateTime(p.paidAt, lang, o.market),
          method: methodOf(p, lang, o.market),
          reference: p.reference,
          parts: partsOf(p, lang, o.market),
        })),
        certificate: settled,
        certificateNote: settled ? '' : translate(lang, 'documents', 'receipt.notSettled'),
      };
    },

    /** A signed link to the PDF and the code printed on it. */
    async certificateLink(borrower: BorrowerIdentity, orderNo: string) {
      const c = await settledOrder(borrower, orderNo);
      const { exp, sig } = signLink(linkKey, c.orderNo, CERTIFICATE_LINK_TTL_SECONDS, clock.now().getTime());
      return {
        url: `${DOC_PATHS.certificateFile}/${c.orderNo}?exp=${exp}&sig=${sig}`,
        code: verificationCode(c),
      };
    },

    /**
     * The PDF behind a signed link, in the market's own wording and language. `siteUrl` is where the
     * verification page is (the configured public address, or the one the request came to).
     */
    async certificatePdf(orderNo: string, exp: number, sig: string, siteUrl: string): Promise<Buffer> {
      if (!unexpired(exp, clock.now().getTime()) || !validSignature(linkKey, orderNo, exp, sig))
        throw new AppError(ERROR_CODE.FORBIDDEN, 'documents:refusals.linkExpired', 403);
      const c = await repo.certificate(orderNo);
      // A valid signature was issued for a settled order; a reopened one (never, today) gets no document.
      if (!c || c.status !== ORDER_STATUS.SETTLED || !c.settledAt) throw new AppError(ERROR_CODE.NOT_FOUND);
      const text = CERTIFICATE_TEXT[c.market];
      const lang = text.lang;
      const site = await companyOf(c.market);
      const fill = (s: string, vars: Record<string, string>) =>
        s.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => vars[k] ?? whole);
      const code = verificationCode(c);
      // The screen's own money: the embedded font prints ₹ (issue 28).
      const money = (minor: number) => formatMoney(minor, c.market);
      const day = (iso: string) => formatDate(iso, lang, c.market);
      const rows = [
        [text.rows.orderNo, c.orderNo],
        [text.rows.product, c.productName],
        [text.rows.amount, money(c.amount)],
        ...(c.disbursedAt ? [[text.rows.disbursed, day(c.disbursedAt)]] : []),
        [text.rows.repaid, money(c.repaid)],
        [text.rows.settled, day(c.settledAt)],
      ] as Array<[string, string]>;
      return renderPdf({
        title: `${text.title} ${c.orderNo}`,
        author: site.companyName,
        created: clock.now(),
        blocks: [
          { kind: 'text', text: site.companyName, size: 13, bold: true },
          { kind: 'text', text: site.address, size: 9 },
          { kind: 'space', points: 18 },
          { kind: 'text', text: text.title, size: 20, bold: true },
          { kind: 'text', text: fill(text.date, { date: day(clock.now().toISOString()) }) },
          { kind: 'rule' },
          { kind: 'text', text: text.to },
          { kind: 'space', points: 6 },
          { kind: 'text', text: fill(text.body, { name: c.borrowerName, lender: site.companyName }) },
          { kind: 'space', points: 10 },
          ...rows.map(([label, value]) => ({ kind: 'row' as const, label, value })),
          { kind: 'space', points: 18 },
          { kind: 'rule' },
          { kind: 'text', text: fill(text.verify, { code }), size: 10 },
          // The certificate's language on the link: the check page opens in it, with its market's company
          // (on the site a language is a market: SITE_MARKET), not the site's default. On lines of its own
          // under a link annotation, so a reader opens all of it, never the part before a line break
          // (issue 29, decision 058).
          { kind: 'link', url: verifyUrl(siteUrl, code, lang), size: 10 },
          { kind: 'space', points: 8 },
          {
            kind: 'text',
            text: fill(text.issuer, { lender: site.companyName, licence: site.licence }),
            size: 9,
          },
          { kind: 'text', text: text.footer, size: 9 },
        ],
      });
    },

    /** What a certificate's code certifies, in the reader's language; an unknown code is a 404. */
    async verify(code: string, lang: Lang): Promise<VerifyData> {
      const orderNo = code.slice(0, code.lastIndexOf('-'));
      const c = await repo.certificate(orderNo);
      const invalid = () => new AppError(ERROR_CODE.NOT_FOUND, 'documents:refusals.invalidCode', 404);
      if (!c || c.status !== ORDER_STATUS.SETTLED || !c.settledAt) throw invalid();
      if (!sameToken(verificationCode(c), code)) throw invalid();
      const site = await companyOf(c.market);
      return {
        document: CERTIFICATE_TEXT[c.market].document,
        orderNo: c.orderNo,
        borrower: maskName(c.borrowerName),
        amount: formatMoney(c.amount, c.market),
        repaid: formatMoney(c.repaid, c.market),
        settledOn: formatDate(c.settledAt, lang, c.market),
        lender: site.companyName,
      };
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
