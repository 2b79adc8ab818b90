import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loanConfirm } from '../../shared/i18n/loan-confirm.ts';
import { addCopy, createI18n } from './i18n.ts';
import { setSessionParams } from './session-params.ts';
import { I18nProvider, useTranslation } from './use-translation.tsx';

describe('createI18n', () => {
  it('has the shell namespaces, with common as the default, and not the marketing copy', () => {
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

function Days({ count }: { count: number }) {
  const { t } = useTranslation('loanConfirm');
  return <p>{t('term.days', { count })}</p>;
}

describe('i18next with the screens’ copy', () => {
  // A screen's chunk registers its copy when it loads: after the shell made its instance, too.
  const early = createI18n('en');
  addCopy({ loanConfirm });

  it('gives copy registered later to the instances made before it', () => {
    expect(early.getFixedT('en', 'loanConfirm')('term.days', { count: 3 })).toBe('3 days');
  });

  it('picks the plural form the language names: one/other in English, other only in Indonesian', () => {
    const en = createI18n('en').getFixedT('en', 'loanConfirm');
    expect(en('term.days', { count: 1 })).toBe('1 day');
    expect(en('term.days', { count: 2 })).toBe('2 days');
    expect(en('term.days', { count: 0 })).toBe('0 days');
    expect(createI18n('id').getFixedT('id', 'loanConfirm')('term.days', { count: 1 })).toBe('1 hari');
  });

  it('falls back to English for a text Indonesian lacks, and leaves a placeholder without a value in view', () => {
    const i18n = createI18n('id');
    // A bundle added at run time, outside the typed catalogues: what a gap would look like.
    i18n.addResourceBundle('en', 'gap', { onlyEn: 'English only', hi: 'Hi {{name}}' });
    const t = i18n.getFixedT('id', 'common');
    expect(t('gap:onlyEn' as 'loading')).toBe('English only');
    expect(i18n.getFixedT('en', 'common')('gap:hi' as 'loading')).toBe('Hi {{name}}');
    expect(t('actions.retry')).toBe('Coba lagi');
  });

  it('draws again in the new language when it changes, and marks the document', () => {
    const i18n = createI18n('en');
    render(
      <I18nProvider i18n={i18n}>
        <Days count={2} />
      </I18nProvider>,
    );
    expect(screen.getByText('2 days')).toBeTruthy();
    act(() => {
      void i18n.changeLanguage('id');
    });
    expect(screen.getByText('2 hari')).toBeTruthy();
    expect(document.documentElement.lang).toBe('id');
  });

  it('registers each namespace once: a second registration changes nothing', () => {
    const i18n = createI18n('en');
    const before = i18n.getResourceBundle('en', 'loanConfirm');
    addCopy({ loanConfirm: { en: { term: { days_other: 'changed' } }, id: { term: { days_other: 'x' } } } });
    expect(i18n.getResourceBundle('en', 'loanConfirm')).toEqual(before);
  });
});
