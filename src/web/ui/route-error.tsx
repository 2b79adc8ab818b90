import { useEffect, useSyncExternalStore } from 'react';
import { useRouteError } from 'react-router';
import { hasSessionEnded, requestSignIn, subscribeSessionEnd } from '../lib/api-client.ts';
import { isSessionEnded } from '../lib/api-query.ts';
import { useTranslation } from '../lib/use-translation.tsx';

/** True once the server has refused the borrower's session (see api-client.ts). */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribeSessionEnd, hasSessionEnded, hasSessionEnded);
}

/**
 * What every error state becomes once the session has ended: trying again cannot help, so there is no
 * retry, only the way back to the app's sign-in (the shell has already been asked once; this button
 * asks again for a borrower whose shell did not react). Plain HTML, like RouteError.
 */
export function SessionEnded() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="page-state" role="alert" data-testid="session-ended">
      <p>{t('common:errors.unauthenticated')}</p>
      <button type="button" className="shell-button" onClick={requestSignIn}>
        {t('sessionEnded.signIn')}
      </button>
    </div>
  );
}

/**
 * What a borrower sees when a screen fails to load or crashes: a plain apology and a way out. The
 * details go to the console for developers, never to the screen. Plain HTML: a failed chunk may be the
 * one that carries antd-mobile.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation(['shell', 'common']);
  const ended = useSessionEnded() || isSessionEnded(error);
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (ended) {
    return (
      <main className="shell-page shell-center">
        <title>{t('sessionEnded.title')}</title>
        <h1>{t('sessionEnded.title')}</h1>
        <SessionEnded />
      </main>
    );
  }
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
