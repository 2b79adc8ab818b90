import { useCallback, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';
import type { Lang } from '../../../shared/markets.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { type PromoParams, readPromoParams } from './promo-params.ts';
import { themeStyle } from './theme.ts';
import { useOnline, useTemplate } from './use-template.ts';
import './promotion.css';

export interface PromoContext {
  template: TemplateData;
  params: PromoParams;
}

/** The template and the link's parameters, for the pages under the layout. */
export function usePromo(): PromoContext {
  return useOutletContext<PromoContext>();
}

/** The channel's parameters from the page's address and from the hash route's own query. */
export function usePromoParams(): PromoParams {
  const { search } = useLocation();
  return useMemo(() => readPromoParams(window.location.search, search), [search]);
}

/**
 * The frame of every promotion page (decision 034): loads the channel template once, turns the page to
 * the template's language, paints it in the template's colours and says when the phone is offline. Until
 * the template is there it draws the landing's skeleton; a link with no valid template gets a page that
 * says so, and one that could not be loaded a retry.
 */
export function PromoLayout() {
  const params = usePromoParams();
  const { i18n } = useTranslation('promotion');
  const online = useOnline();
  const switchLanguage = useCallback(
    (template: TemplateData) =>
      i18n.language === template.lang ? undefined : i18n.changeLanguage(template.lang),
    [i18n],
  );
  const fallbackLang: Lang = params.lang ?? 'en';
  const { state, retry } = useTemplate(params.templateId, fallbackLang, switchLanguage);

  // Back online after a failed load: try again without making the visitor find the button. (On the
  // event only: retrying whenever the browser merely believes it is online would loop on a dead server.)
  const failed = state.status === 'failed';
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);

  return (
    <div
      className="promo"
      style={state.status === 'ready' ? themeStyle(state.template.theme) : undefined}
      data-market={state.status === 'ready' ? state.template.market : undefined}
    >
      {online ? null : <OfflineNotice />}
      {state.status === 'ready' ? (
        <Outlet context={{ template: state.template, params } satisfies PromoContext} />
      ) : state.status === 'loading' ? (
        <PromoSkeleton />
      ) : (
        <TemplateError kind={state.status} onRetry={retry} />
      )}
    </div>
  );
}

function OfflineNotice() {
  const { t } = useTranslation('promotion');
  return (
    <p className="promo-offline" role="status">
      {t('offline')}
    </p>
  );
}

/**
 * The landing's shape while its template loads: banner, headline and the form's fields, so nothing moves
 * when the content arrives. One status says what is happening; the shapes are decoration.
 */
export function PromoSkeleton() {
  const { t } = useTranslation('promotion');
  return (
    <main className="promo-page">
      <p className="visually-hidden" role="status">
        {t('loading')}
      </p>
      <div className="promo-skeleton" aria-hidden="true">
        <span className="promo-skel promo-skel-banner" />
        <span className="promo-skel promo-skel-title" />
        <span className="promo-skel promo-skel-line" />
        <div className="promo-card">
          <span className="promo-skel promo-skel-field" />
          <span className="promo-skel promo-skel-field" />
          <span className="promo-skel promo-skel-field" />
          <span className="promo-skel promo-skel-button" />
        </div>
      </div>
    </main>
  );
}

/**
 * No template to show. The page's language is the address's (`lang=id`) or English, since no template
 * says which; the other language follows in smaller type, so a visitor of either market can read it.
 */
function TemplateError({ kind, onRetry }: { kind: 'invalid' | 'failed'; onRetry: () => void }) {
  const { t, i18n } = useTranslation('promotion');
  const other: Lang = i18n.language === 'id' ? 'en' : 'id';
  const tOther = i18n.getFixedT(other, 'promotion');
  const [title, body] =
    kind === 'invalid'
      ? (['invalid.title', 'invalid.body'] as const)
      : (['invalid.failedTitle', 'invalid.failedBody'] as const);
  return (
    <main className="promo-page promo-error">
      <title>{t(title)}</title>
      <div role="alert">
        <h1>{t(title)}</h1>
        <p>{t(body)}</p>
      </div>
      {kind === 'failed' ? (
        <button type="button" className="promo-button" onClick={onRetry}>
          {t('invalid.retry')}
        </button>
      ) : null}
      <div className="promo-error-other" lang={other}>
        <h2>{tOther(title)}</h2>
        <p>{tOther(body)}</p>
      </div>
    </main>
  );
}
