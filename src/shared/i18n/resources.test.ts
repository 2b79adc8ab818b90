import { describe, expect, it } from 'vitest';
import { messageOf, NAMESPACES, resources, translate } from './resources.ts';

/** Every text of a catalogue tree with its dotted key (arrays' items too). */
function texts(node: unknown, prefix = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[prefix, node]];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// That both languages have the same keys is the compiler's job now (`catalog()`, decision 051); these are
// what types cannot see.
describe('catalogs', () => {
  it('have no empty text', () => {
    for (const ns of NAMESPACES) {
      for (const lang of ['en', 'id'] as const) {
        for (const [key, text] of texts(resources[lang][ns]))
          expect(text.trim(), `${lang} ${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('name the same placeholders in both languages', () => {
    for (const ns of NAMESPACES) {
      const id = new Map(texts(resources.id[ns]));
      for (const [key, text] of texts(resources.en[ns])) {
        const other = id.get(key);
        if (other !== undefined) expect(placeholders(other), `${ns}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('use no full-width punctuation (it renders as a box in the Latin fonts of both markets)', () => {
    for (const ns of NAMESPACES) {
      for (const lang of ['en', 'id'] as const) {
        for (const [key, text] of texts(resources[lang][ns])) {
          expect(text, `${lang} ${ns}:${key}`).not.toMatch(/[\uFF01-\uFF0F\uFF1A-\uFF20\u3000-\u3002]/);
        }
      }
    }
  });
});

describe('counts (issue 29: "1 days late")', () => {
  // The borrower's namespaces; the back office's counts of characters and limits are never one.
  const BORROWER = NAMESPACES.filter(
    (ns) => !['admin', 'channelsAdmin', 'dataRightsAdmin', 'staff', 'site'].includes(ns),
  );
  // A number before a plural noun in the same text, with no plural forms: a count that can be 1 reads
  // wrong. These name a fixed limit or a list, never one thing.
  const NEVER_ONE = new Set([
    'loans:refusals.termNotOffered',
    // The limit of open loans per market (2), sent as text with the refusal.
    'loans:booking.loanLimit',
    'dataRights:within.days',
    'dataRights:screen.form.tooLong',
    'complaints:screens.form.counter',
    'complaints:screens.form.imagesCount',
    'complaints:screens.form.limitReached',
    'complaints:screens.details.counter',
  ]);

  it('every English count before a noun has a one and an other form', () => {
    for (const ns of BORROWER) {
      const all = new Map(texts(resources.en[ns]));
      for (const [key, text] of all) {
        if (key.endsWith('_other')) {
          expect(all.has(key.replace(/_other$/, '_one')), `${ns}:${key}`).toBe(true);
          continue;
        }
        if (key.endsWith('_one') || NEVER_ONE.has(`${ns}:${key}`)) continue;
        expect(text, `${ns}:${key}`).not.toMatch(
          /\{\{\s*\w+\s*\}\}\s+(more\s+)?(days|seconds|minutes|hours|periods|images|items|loans|instalments|months)\b/i,
        );
      }
    }
  });

  it('says one day, one second, one period in English and reads right in Indonesian', () => {
    const en = (ns: Parameters<typeof translate>[1], key: string, count: number, vars = {}) =>
      translate('en', ns, key as never, { count, ...vars });
    const id = (ns: Parameters<typeof translate>[1], key: string, count: number, vars = {}) =>
      translate('id', ns, key as never, { count, ...vars });
    expect(en('repayment', 'period.overdue', 1)).toBe('1 day late');
    expect(en('repayment', 'period.overdue', 2)).toBe('2 days late');
    expect(id('repayment', 'period.overdue', 1)).toBe('Terlambat 1 hari');
    expect(en('repayment', 'purpose.extension', 1)).toBe('Extension fee (1 more day)');
    expect(id('repayment', 'purpose.extension', 7)).toBe('Biaya perpanjangan (7 hari)');
    expect(en('loans', 'plan.payTimeAfter', 1)).toBe('1 day after disbursement');
    expect(en('loans', 'plan.payTimeAfter', 14)).toBe('14 days after disbursement');
    expect(id('loans', 'plan.payTimeAfter', 1)).toBe('1 hari setelah pencairan');
    expect(en('loans', 'keyFacts.coolingOffValue', 1)).toMatch(/^1 day after disbursement:/);
    expect(en('loans', 'keyFacts.extensionValue', 1, { fee: 'F', rate: 'R' })).toContain('1 day later');
    expect(en('orders', 'termDays', 1)).toBe('1 day');
    expect(id('orders', 'termDays', 1)).toBe('1 hari');
    expect(en('repaymentCard', 'code.countdownLabel', 1)).toBe('You can ask for a new code in 1 second');
    expect(id('repaymentCard', 'code.countdownLabel', 1)).toBe('Anda dapat meminta kode baru dalam 1 detik');
    expect(en('loans', 'rows.overduePeriod', 1, { n: 2 })).toBe('Period 2: 1 day late');
  });

  it('call the APR what it is, a nominal rate (daily rate × 365), never effective (issue 29)', () => {
    for (const lang of ['en', 'id'] as const) {
      for (const ns of ['loans', 'admin'] as const) {
        const aprs = texts(resources[lang][ns]).filter(([key]) => /(^|\.)apr$/.test(key));
        expect(aprs.length, `${lang} ${ns}`).toBeGreaterThan(0);
        for (const [key, text] of aprs) {
          expect(text, `${lang} ${ns}:${key}`).toMatch(/nominal/i);
          expect(text, `${lang} ${ns}:${key}`).toContain('× 365');
          expect(text, `${lang} ${ns}:${key}`).not.toMatch(/efektif|effective/i);
        }
      }
    }
  });

  it('names a period as the plan does, in key facts too (issue 29)', () => {
    expect(translate('en', 'loans', 'plan.installment', { n: 1, count: 3 })).toBe('Period 1 of 3');
    expect(translate('id', 'loans', 'plan.installment', { n: 1, count: 3 })).toBe('Cicilan ke-1 dari 3');
    expect(translate('id', 'repaymentPlan', 'plan.period', { n: 1 })).toBe('Cicilan ke-1');
    expect(translate('id', 'documents', 'receipt.parts.period', { from: 1, part: 'Pokok' })).toBe(
      'Cicilan ke-1: Pokok',
    );
  });
});

describe('the server messages', () => {
  it('shows a key that travels as data and is missing as ns:key instead of failing', () => {
    expect(messageOf('en', 'common:errors.nope')).toBe('common:errors.nope');
    expect(messageOf('en', 'errors.nope')).toBe('common:errors.nope');
    expect(messageOf('id', 'errors.notFound')).toBe('Data yang Anda cari tidak ditemukan.');
  });

  it('fills placeholders without HTML-escaping, and leaves one without a value in view', () => {
    expect(translate('en', 'loans', 'notice.174.desc', { amount: '<b>&', due: 'D' })).toBe(
      'Please repay <b>& by D to keep your record clean.',
    );
    expect(translate('en', 'loans', 'notice.174.desc', { due: 'D' })).toBe(
      'Please repay {{amount}} by D to keep your record clean.',
    );
  });

  it('picks a plural by count on the server as i18next does: "1 day late", "2 days late"', () => {
    const late = (lang: 'en' | 'id', count: number) =>
      translate(lang, 'loans', 'notice.180.desc', { count, amount: 'X' });
    expect(late('en', 1)).toBe(
      'Your repayment is 1 day late and late charges apply. Repay X now to stop them.',
    );
    expect(late('en', 2)).toContain('is 2 days late');
    expect(late('id', 1)).toContain('terlambat 1 hari');
    // A key without plural forms is found as it is, with or without a count.
    expect(translate('en', 'loans', 'notice.174.desc', { count: 1, amount: 'X', due: 'D' })).toBe(
      'Please repay X by D to keep your record clean.',
    );
  });

  it('answers a message asked again from memory, never one with other values or in the other language', () => {
    const ask = (lang: 'en' | 'id', amount: string) =>
      translate(lang, 'loans', 'notice.174.desc', { amount, due: 'D' });
    expect(ask('en', 'A')).toBe('Please repay A by D to keep your record clean.');
    expect(ask('en', 'A')).toBe('Please repay A by D to keep your record clean.');
    expect(ask('en', 'B')).toBe('Please repay B by D to keep your record clean.');
    expect(ask('id', 'A')).not.toBe(ask('en', 'A'));
    expect(ask('id', 'A')).toContain('A');
  });
});
