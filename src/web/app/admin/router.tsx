import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Navigate, type RouteObject } from 'react-router';
import { adminLang } from '../../features/admin/admin-lang.ts';
import { ADMIN_ROUTES } from '../../features/admin/admin-paths.ts';
import { antdScreen } from '../../ui/antd-lazy.ts';
import { RouteError } from '../../ui/route-error.tsx';

function AdminNotFound() {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page">
      <title>{t('notFound.title')}</title>
      <h1>{t('notFound.title')}</h1>
      <p>
        <Link to={ADMIN_ROUTES.complaints}>{t('notFound.back')}</Link>
      </p>
    </section>
  );
}

/**
 * The back office (product brief §1.4). Sign-in stands alone; every other screen sits inside the layout,
 * which is also the session guard. Each screen is its own chunk, loaded with antd-mobile.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: ADMIN_ROUTES.root,
    // The shell is rendered in the browser only; nothing to show while the first route chunk loads.
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        path: ADMIN_ROUTES.login,
        lazy: antdScreen(
          adminLang,
          () => import('../../features/admin/login-page.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        lazy: antdScreen(
          adminLang,
          () => import('../../features/admin/admin-layout.tsx'),
          (m) => m.AdminLayout,
        ),
        children: [
          { index: true, element: <Navigate to={ADMIN_ROUTES.complaints} replace /> },
          {
            path: ADMIN_ROUTES.complaints,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/complaint-queue-page.tsx'),
              (m) => m.ComplaintQueuePage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.complaints}/:id`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/complaint-page.tsx'),
              (m) => m.ComplaintPage,
            ),
          },
          {
            path: ADMIN_ROUTES.chatbot,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/chatbot-page.tsx'),
              (m) => m.ChatbotPage,
            ),
          },
          {
            path: ADMIN_ROUTES.complaintTypes,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/complaint-types-page.tsx'),
              (m) => m.ComplaintTypesPage,
            ),
          },
          {
            path: ADMIN_ROUTES.messages,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/messages-page.tsx'),
              (m) => m.MessagesPage,
            ),
          },
          {
            path: ADMIN_ROUTES.audit,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/audit-page.tsx'),
              (m) => m.AuditPage,
            ),
          },
          { path: '*', Component: AdminNotFound },
        ],
      },
    ],
  },
];

export function createAdminRouter() {
  return createBrowserRouter(adminRoutes);
}
