import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { setSessionParams } from './session-params.ts';

describe('createI18n', () => {
  it('has the app namespaces, with common as the default, and not the marketing copy', () => {
    const i18n = createI18n('en');
    expect(i18n.t('actions.retry')).toBe('Try again');
    expect(i18n.t('shell:notFound.title')).toBe('Page not found');
    // The site's copy is pre-rendered; bundling it into the app shells would only add weight.
    expect(i18n.hasResourceBundle('en', 'site')).toBe(false);
  });

  it('takes the language from the session and marks the document with it', () => {
    setSessionParams({ market: 'ID' });
    const i18n = createI18n();
    expect(i18n.language).toBe('id');
    expect(i18n.t('shell:notFound.title')).toBe('Halaman tidak ditemukan');
    expect(document.documentElement.lang).toBe('id');
    setSessionParams({ market: 'ID', isNeedPop: '0' });
    expect(createI18n().language).toBe('en');
    setSessionParams({});
  });

  it('interpolates without HTML-escaping (React escapes)', () => {
    const i18n = createI18n('en');
    expect(i18n.t('shell:bridgeTest.session.signedIn', { name: 'A & B', userId: 1, market: 'IN' })).toBe(
      'Signed in as A & B (borrower 1, market IN)',
    );
  });
});
