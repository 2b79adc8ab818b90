import { createBrowserRouter, type RouteObject } from 'react-router';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sessionLang } from '../../lib/session-params.ts';
import { antdScreen } from '../../ui/antd-lazy.ts';
import { RouteError } from '../../ui/route-error.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** The borrower screens. Each screen is its own chunk, so a web view downloads only what it opens. */
export const h5Routes: RouteObject[] = [
  {
    path: '/',
    // The shell is rendered in the browser only; nothing to show while the first route chunk loads.
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        path: H5_PATHS.bridgeTest,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/bridge-test/bridge-test-page.tsx'),
          (m) => m.BridgeTestPage,
        ),
      },
      {
        path: H5_PATHS.complaint,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/complaints/complaint-entry-page.tsx'),
          (m) => m.ComplaintEntryPage,
        ),
      },
      {
        path: H5_PATHS.complaintForm,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/complaints/complaint-form-page.tsx'),
          (m) => m.ComplaintFormPage,
        ),
      },
      {
        path: H5_PATHS.complaintList,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/complaints/complaint-list-page.tsx'),
          (m) => m.ComplaintListPage,
        ),
      },
      {
        path: H5_PATHS.complaintDetails,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/complaints/complaint-details-page.tsx'),
          (m) => m.ComplaintDetailsPage,
        ),
      },
      {
        path: H5_PATHS.chatbot,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/chatbot/chatbot-page.tsx'),
          (m) => m.ChatbotPage,
        ),
      },
      {
        path: H5_PATHS.customerService,
        lazy: antdScreen(
          sessionLang,
          () => import('../../features/customer-service/customer-service-page.tsx'),
          (m) => m.CustomerServicePage,
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createH5Router() {
  return createBrowserRouter(h5Routes);
}
