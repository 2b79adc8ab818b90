import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PROMO_ROUTES } from '../../../shared/contract/promotion.ts';
import { AgreementPage } from '../../features/promotion/agreement-page.tsx';
import { DownloadPage } from '../../features/promotion/download-page.tsx';
import { LandingPage } from '../../features/promotion/landing-page.tsx';
import { PromoLayout } from '../../features/promotion/promo-layout.tsx';
import { useTranslation } from '../../lib/use-translation.tsx';

/** An address the promotion does not have: its landing, with the link's parameters kept. */
function ToLanding() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: PROMO_ROUTES.landing, search }} replace />;
}

function CrashPage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <main className="promo-page promo-error">
      <title>{t('routeError.title')}</title>
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.description')}</p>
      <button type="button" className="promo-button" onClick={() => window.location.reload()}>
        {t('common:actions.retry')}
      </button>
    </main>
  );
}

/**
 * A page that crashed: a plain apology and a reload. Details go to the console, never the screen.
 */
export class PromoErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  // State set in the constructor, not as a class field: the build lowers class fields with a helper the
  // H5 shell's chunks carry, and sharing it with them would cost the H5 bytes (decision 034).
  constructor(props: { children: ReactNode }) {
    super(props);
    this.state = { failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashPage /> : this.props.children;
  }
}

/**
 * The promotion shell's hash routes (spec §2, `PROMO_ROUTES`; decision 034), inside a `HashRouter`. Every
 * page sits in the layout that loads the channel template. The agreement is a child of the landing, so
 * the form stays mounted (hidden) under it. It is in the first load (3 KB gzip of text): as its own chunk
 * it would bring Vite's preload helper, shared with the H5 shell, and cost every H5 screen 0.1 KB.
 */
export function PromoRoutes() {
  return (
    <PromoErrorBoundary>
      <Routes>
        <Route element={<PromoLayout />}>
          <Route element={<LandingPage />}>
            {/* The form alone: the landing draws it, nothing more to add. */}
            <Route index element={null} />
            <Route path={PROMO_ROUTES.agreement} element={<AgreementPage />} />
          </Route>
          <Route path={PROMO_ROUTES.download} element={<DownloadPage />} />
          <Route path="*" element={<ToLanding />} />
        </Route>
      </Routes>
    </PromoErrorBoundary>
  );
}
