import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a borrower sees when a screen fails to load or crashes: a plain apology and a way out. The
 * details go to the console for developers, never to the screen. Plain HTML: a failed chunk may be the
 * one that carries antd-mobile.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="shell-page shell-center">
      <title>{t('routeError.title')}</title>
      <h1>{t('routeError.title')}</h1>
      <p className="shell-note">{t('routeError.description')}</p>
      {/* A reload also fetches a route chunk that failed to download after a deploy. */}
      <button type="button" className="shell-button" onClick={() => window.location.reload()}>
        {t('common:actions.retry')}
      </button>
    </main>
  );
}
