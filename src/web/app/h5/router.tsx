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
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createH5Router() {
  return createBrowserRouter(h5Routes);
}
