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
