import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { StaffSession } from '../../../shared/contract/admin.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../ui/page-state.tsx';
import { isSignedOutError, logout, onSignedOut, sessionQuery } from './admin-api.ts';
import { ADMIN_ROUTES, loginPath } from './admin-paths.ts';
import { LanguageSwitch } from './language-switch.tsx';
import './admin.css';

/**
 * The frame of every signed-in screen, and the session guard: it loads who is signed in before any
 * screen renders, and sends anyone without a session to the sign-in page, remembering where they were.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useQuery(sessionQuery);
  const here = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      // A session that ends mid-work (expired, signed out in another tab): back to sign-in, then here
      // again. The sign-in page forgets what the ended session had loaded.
      onSignedOut(() => {
        void navigate(loginPath(`${window.location.pathname}${window.location.search}`), { replace: true });
      }),
    [navigate],
  );

  if (session.isPending) {
    return (
      <div className="admin-gate">
        <PageLoading label={t('session.checking')} />
      </div>
    );
  }
  if (session.isError) {
    if (isSignedOutError(session.error)) return <Navigate to={loginPath(here)} replace />;
    return (
      <div className="admin-gate">
        <PageError message={session.error.message} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return (
    <div className="admin">
      <a className="admin-skip" href="#admin-main">
        {t('app.skip')}
      </a>
      <AdminHeader session={session.data} />
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

function AdminHeader({ session }: { session: StaffSession }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { staff } = session;
  const isAdmin = staff.role === 'admin';
  const links = [
    { to: ADMIN_ROUTES.complaints, label: t('nav.complaints') },
    { to: ADMIN_ROUTES.borrowers, label: t('nav.borrowers') },
    { to: ADMIN_ROUTES.verification, label: t('nav.verification') },
    { to: ADMIN_ROUTES.orders, label: t('nav.orders') },
    { to: ADMIN_ROUTES.payments, label: t('nav.payments') },
    { to: ADMIN_ROUTES.ledgerCheck, label: t('ledgerCheck.nav') },
    { to: ADMIN_ROUTES.jobs, label: t('jobs.nav') },
    { to: ADMIN_ROUTES.products, label: t('nav.products') },
    { to: ADMIN_ROUTES.channels, label: t('nav.channels') },
    ...(isAdmin
      ? [
          { to: ADMIN_ROUTES.chatbot, label: t('nav.chatbot') },
          { to: ADMIN_ROUTES.complaintTypes, label: t('nav.complaintTypes') },
        ]
      : []),
    { to: ADMIN_ROUTES.messages, label: t('nav.messages') },
    { to: ADMIN_ROUTES.dataRights, label: t('nav.dataRights') },
    ...(isAdmin ? [{ to: ADMIN_ROUTES.audit, label: t('nav.audit') }] : []),
  ];

  const signOut = useApiMutation({
    call: async () => {
      const result = await logout(session.csrfToken);
      // A session that had already ended is as good as signed out; any other failure was toasted.
      return String(result.code) === '401' ? { ...result, ok: true } : result;
    },
    // The sign-in page forgets what this session had loaded.
    onSuccess: () => navigate(ADMIN_ROUTES.login, { replace: true }),
  });
  const leaving = signOut.isPending;

  return (
    <header className="admin-header">
      <div className="admin-header-top">
        <p className="admin-brand">{t('app.title')}</p>
        <div className="admin-user">
          <p className="admin-user-who">
            <span className="admin-user-name">{staff.name}</span>
            <span className="admin-user-role">
              {t(`roles.${staff.role}`)} · {staff.markets.map((m) => t(`markets.${m}`)).join(', ')}
            </span>
          </p>
          <LanguageSwitch className="admin-lang-on-brand" />
          <button type="button" className="admin-signout" onClick={() => signOut.mutate()} disabled={leaving}>
            {leaving ? t('header.signingOut') : t('header.signOut')}
          </button>
        </div>
      </div>
      <nav className="admin-nav" aria-label={t('nav.label')}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
