import { createBrowserRouter, Link, Navigate, type RouteObject } from 'react-router';
import { adminLang } from '../../features/admin/admin-lang.ts';
import { ADMIN_ROUTES } from '../../features/admin/admin-paths.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
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
            path: ADMIN_ROUTES.orders,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/orders/orders-page.tsx'),
              (m) => m.OrdersPage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.orders}/:orderNo`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/orders/order-page.tsx'),
              (m) => m.OrderPage,
            ),
          },
          {
            path: ADMIN_ROUTES.payments,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/payments/reconciliation-page.tsx'),
              (m) => m.ReconciliationPage,
            ),
          },
          {
            path: ADMIN_ROUTES.ledgerCheck,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/ledger-check/ledger-check-page.tsx'),
              (m) => m.LedgerCheckPage,
            ),
          },
          {
            path: ADMIN_ROUTES.jobs,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/jobs/jobs-page.tsx'),
              (m) => m.JobsPage,
            ),
          },
          {
            path: ADMIN_ROUTES.products,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/products/products-page.tsx'),
              (m) => m.ProductsPage,
            ),
          },
          {
            // A static segment outranks `:id`, so "new" never reaches the product page.
            path: `${ADMIN_ROUTES.products}/new`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/products/product-editor-page.tsx'),
              (m) => m.NewProductPage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.products}/:id`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/products/product-editor-page.tsx'),
              (m) => m.ProductPage,
            ),
          },
          {
            path: ADMIN_ROUTES.channels,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/channels/channels-screens.ts'),
              (m) => m.ChannelsPage,
            ),
          },
          {
            // Static segments outrank `:id`, so "new" and "funnel" never reach the template page.
            path: `${ADMIN_ROUTES.channels}/new`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/channels/channels-screens.ts'),
              (m) => m.NewTemplatePage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.channels}/funnel`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/channels/channels-screens.ts'),
              (m) => m.MarketFunnelPage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.channels}/:id`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/channels/channels-screens.ts'),
              (m) => m.TemplatePage,
            ),
          },
          {
            path: ADMIN_ROUTES.dataRights,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/data-rights/rights-queue-page.tsx'),
              (m) => m.RightsQueuePage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.dataRights}/:id`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/data-rights/rights-request-page.tsx'),
              (m) => m.RightsRequestPage,
            ),
          },
          {
            path: ADMIN_ROUTES.borrowers,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/borrowers/borrowers-page.tsx'),
              (m) => m.BorrowersPage,
            ),
          },
          {
            path: `${ADMIN_ROUTES.borrowers}/:id`,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/borrowers/borrower-page.tsx'),
              (m) => m.BorrowerPage,
            ),
          },
          {
            path: ADMIN_ROUTES.verification,
            lazy: antdScreen(
              adminLang,
              () => import('../../features/admin/verification/verification-queue-page.tsx'),
              (m) => m.VerificationQueuePage,
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
