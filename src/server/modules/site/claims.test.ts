import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_OFFER, OFFER_TIMES, offerText } from '../../../shared/domain/market-offer.ts';
import { productProblems } from '../../../shared/domain/product.ts';
import { loans } from '../../../shared/i18n/loans.ts';
import { products as productsCopy } from '../../../shared/i18n/products.ts';
import { site } from '../../../shared/i18n/site.ts';
import { LOAN_AGREEMENTS } from '../../../shared/legal/loan-agreement.ts';
import { MARKETS, type Market } from '../../../shared/markets.ts';
import { channelTemplates, products, qaItems } from '../../db/schema.ts';
import { DEMO_PRODUCTS } from '../../db/seed-loans.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * One source for every claim about our loans (issue 29, decision 058): the market's offer. The products
 * a fresh database offers span exactly its amounts, and no text a borrower reads (the site, the app's
 * copy, the loan agreement, and what the seed writes for operators to edit: products, chatbot answers,
 * promotion pages) states an amount range, a payout time or a decision time other than the offer's.
 * Before, the site said ₹2,000-80,000 "within 2 hours" while the products lent ₹1,000-₹2,00,000 and the
 * confirmation said "1 to 3 days".
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every string of a nested copy object, with where it is. */
function texts(value: unknown, at = ''): Array<{ at: string; text: string }> {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${at}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => texts(v, at ? `${at}.${k}` : k));
  return [];
}

// An amount ends on a digit: the comma or full stop after it is the sentence's.
const AMOUNT = String.raw`(₹\d(?:[\d,]*\d)?|Rp\s?\d(?:[\d.]*\d)?)`;
/** A text about getting the loan's money (not about answering a request, or crediting a repayment). */
const MONEY_TALK =
  /\b(?:receive|money|bank account|rekening|cair|payout|paid out|disburs\w*|terima|borrow|pinjam)\b/i;
const space = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const marketOf = (amount: string): Market => (amount.startsWith('₹') ? 'IN' : 'ID');

/** What a text claims that the offer does not say; empty when it agrees. */
function contradictions(text: string): string[] {
  const s = space(text);
  const found: string[] = [];
  const offer = (m: Market) => ({ min: space(offerText(m, 'en').min), max: space(offerText(m, 'en').max) });
  for (const [, from, to] of s.matchAll(
    new RegExp(`${AMOUNT}\\s*(?:to|hingga|sampai|–|-)\\s*${AMOUNT}`, 'g'),
  )) {
    const o = offer(marketOf(from!));
    if (from !== o.min || to !== o.max) found.push(`range ${from}-${to}, offer ${o.min}-${o.max}`);
  }
  for (const [, max] of s.matchAll(new RegExp(`(?:up to|hingga)\\s+${AMOUNT}`, 'gi'))) {
    const o = offer(marketOf(max!));
    if (max !== o.max) found.push(`up to ${max}, offer ${o.max}`);
  }
  const { from, to } = OFFER_TIMES.payoutDays;
  for (const [, a, b] of s.matchAll(
    /(?:within|dalam)\s+(\d+)\s+(?:to|sampai)\s+(\d+)\s+(?:calendar\s+)?(?:days|hari)/gi,
  )) {
    if (Number(a) !== from || Number(b) !== to) found.push(`payout ${a}-${b} days, offer ${from}-${to}`);
  }
  for (const [, n] of s.matchAll(
    /(?:decided?|keputusan|diputuskan|memutuskan)\s+(?:on your application\s+)?(?:within|dalam)\s+(\d+)\s+(?:days?|hari)/gi,
  )) {
    if (Number(n) !== OFFER_TIMES.decisionDays)
      found.push(`decision in ${n} days, offer ${OFFER_TIMES.decisionDays}`);
  }
  if (MONEY_TALK.test(s) && /\b\d+\s*(?:hours?|jam)\b|same[- ]day|hari yang sama/i.test(s))
    found.push('payout in hours or the same day');
  return found;
}

describe('claims about our loans have one source: the market offer', () => {
  it('finds what contradicts the offer (the texts of issue 29)', () => {
    expect(contradictions('Borrow ₹2,000 to ₹80,000 within 2 hours.')).toEqual([
      'payout in hours or the same day',
    ]);
    expect(contradictions('Pinjam Rp\u00a0300.000 hingga Rp\u00a050.000.000')).toHaveLength(2);
    expect(contradictions('Kredito Plus: ₹10,000 - ₹2,00,000')).toHaveLength(1);
    expect(contradictions('The money arrives within 1 to 5 calendar days.')).toHaveLength(1);
    expect(contradictions('Most applications are decided within 2 days.')).toHaveLength(1);
    expect(contradictions('Three easy instalments, money in your account the same day.')).toHaveLength(1);
    expect(
      contradictions('Borrow ₹2,000 to ₹80,000; the money arrives within 1 to 3 calendar days.'),
    ).toEqual([]);
    // Not a claim about a loan's payout: a repayment is credited within hours.
    expect(
      contradictions('Payments are usually credited within minutes, and at most within 2 hours.'),
    ).toEqual([]);
  });

  it("the demo products of each market lend exactly the offer's range, each within it", async () => {
    const rows = await t.database.db.select().from(products);
    for (const market of MARKETS) {
      const { amountMin, amountMax } = MARKET_OFFER[market];
      for (const terms of [
        DEMO_PRODUCTS[market].map((p) => p.terms),
        rows.filter((r) => r.market === market && r.enabled).map((r) => r.terms!),
      ]) {
        expect(Math.min(...terms.map((x) => x.amountMin)), market).toBe(amountMin);
        expect(Math.max(...terms.map((x) => x.amountMax)), market).toBe(amountMax);
        for (const x of terms) expect(productProblems(market, x), market).toEqual([]);
      }
    }
  });

  it('no copy of the site, the app or the loan agreement contradicts it, in either language', () => {
    const copy = [
      ...texts(site, 'site'),
      ...texts(productsCopy, 'products'),
      ...texts(loans, 'loans'),
      ...texts(LOAN_AGREEMENTS, 'agreement'),
    ];
    const bad = copy.flatMap(({ at, text }) => contradictions(text).map((c) => `${at}: ${c}`));
    expect(bad).toEqual([]);
    // And the claims are there to check: the site states the range and both times.
    const home = texts(site.en.home)
      .map((x) => x.text)
      .join(' ');
    expect(home).toContain('₹2,000 to ₹80,000');
    expect(home).toContain('within 1 day');
    expect(home).toContain('within 1 to 3 calendar days');
  });

  it('nor what the seed writes: product copy, chatbot answers, promotion pages', async () => {
    const db = t.database.db;
    const seeded = [
      ...(await db.select().from(products)).flatMap((p) => texts(p.copy, `product ${p.market} ${p.code}`)),
      ...(await db.select().from(qaItems)).flatMap((q) => [
        { at: `chatbot ${q.market} ${q.id}`, text: q.titleEn },
        { at: `chatbot ${q.market} ${q.id}`, text: q.titleId },
      ]),
      ...(await db.select().from(channelTemplates)).flatMap((c) => [
        { at: `promotion ${c.market}`, text: c.headline },
        { at: `promotion ${c.market}`, text: c.subline },
      ]),
    ];
    const bad = seeded.flatMap(({ at, text }) => contradictions(text).map((c) => `${at}: ${c}`));
    expect(bad).toEqual([]);
    const answers = seeded.map((x) => x.text).join(' ');
    expect(answers).toContain('dalam 1 sampai 3 hari kalender');
  });
});
