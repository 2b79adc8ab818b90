import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addCopy, createI18n } from './i18n.ts';
import { setSessionParams } from './session-params.ts';
import { I18nProvider, useTranslation } from './use-translation.tsx';

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

function Greeting() {
  const { t } = useTranslation('probe');
  return <p>{t('hi', { name: 'Ana' })}</p>;
}

describe('the translator', () => {
  addCopy({
    probe: {
      en: {
        days_one: '{{count}} day',
        days_other: '{{count}} days',
        onlyEn: 'English only',
        hi: 'Hi {{name}}',
      },
      id: { days_other: '{{count}} hari', hi: 'Halo {{name}}' },
    },
  });

  it('picks the plural form the language names: one/other in English, other only in Indonesian', () => {
    const en = createI18n('en').getFixedT('en', 'probe');
    expect(en('days', { count: 1 })).toBe('1 day');
    expect(en('days', { count: 2 })).toBe('2 days');
    expect(en('days', { count: 0 })).toBe('0 days');
    expect(createI18n('id').getFixedT('id', 'probe')('days', { count: 1 })).toBe('1 hari');
    // An already formatted count fills the placeholder but picks no plural.
    expect(en('hi', { name: 'A', count: '1,000' })).toBe('Hi A');
  });

  it('falls back to English, then to the default value, then to the key itself', () => {
    const t = createI18n('id').getFixedT('id', 'probe');
    expect(t('onlyEn')).toBe('English only');
    expect(t('missing', { defaultValue: 'fallback' })).toBe('fallback');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('shell:notFound.title')).toBe('Halaman tidak ditemukan');
    expect(t('actions.retry', { ns: 'common' })).toBe('Coba lagi');
  });

  it('leaves a placeholder without a value in view rather than dropping the word', () => {
    expect(createI18n('en').getFixedT('en', 'probe')('hi')).toBe('Hi {{name}}');
  });

  it('draws again in the new language when it changes, and marks the document', () => {
    const i18n = createI18n('en');
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('Hi Ana')).toBeTruthy();
    act(() => {
      void i18n.changeLanguage('id');
    });
    expect(screen.getByText('Halo Ana')).toBeTruthy();
    expect(document.documentElement.lang).toBe('id');
  });
});
