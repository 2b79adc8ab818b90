import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources, translate } from './resources.ts';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogs', () => {
  it('have the same keys in both languages, with no empty text', () => {
    for (const ns of NAMESPACES) {
      expect(keys(resources.id[ns]).sort(), ns).toEqual(keys(resources.en[ns]).sort());
      for (const lang of ['en', 'id'] as const) {
        for (const key of keys(resources[lang][ns])) {
          expect(translate(lang, ns, key).trim(), `${lang} ${ns}:${key}`).not.toBe('');
        }
      }
    }
  });

  it('use no full-width punctuation (it renders as a box in the Latin fonts of both markets)', () => {
    for (const ns of NAMESPACES) {
      for (const lang of ['en', 'id'] as const) {
        for (const key of keys(resources[lang][ns])) {
          expect(translate(lang, ns, key), `${lang} ${ns}:${key}`).not.toMatch(
            /[\uFF01-\uFF0F\uFF1A-\uFF20\u3000-\u3002]/,
          );
        }
      }
    }
  });

  it('shows a missing key instead of failing', () => {
    expect(translate('en', 'common', 'errors.nope')).toBe('common:errors.nope');
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
});
