import { createBrowserRouter, type RouteObject } from 'react-router';
import { antdScreen } from '../../ui/antd-lazy.ts';
import { RouteError } from '../../ui/route-error.tsx';

// Developer tools are English only; the H5 pages they host pick their own language from the launch query.
const english = () => 'en' as const;

function DevNotFound() {
  return (
    <main className="shell-page shell-center">
      <title>Page not found</title>
      <h1>Page not found</h1>
      <p className="shell-note">The developer tools are the shell simulator and the test preview.</p>
      <p>
        <a href="/simulator">Shell simulator</a> · <a href="/testPreview">Test preview</a>
      </p>
    </main>
  );
}

/** Developer tools, served in demo mode only. */
export const devRoutes: RouteObject[] = [
  {
    path: '/',
    HydrateFallback: () => null,
    errorElement: <RouteError />,
    children: [
      {
        path: '/simulator',
        lazy: antdScreen(
          english,
          () => import('../../features/simulator/simulator-page.tsx'),
          (m) => m.SimulatorPage,
        ),
      },
      {
        path: '/testPreview',
        lazy: antdScreen(
          english,
          () => import('../../features/test-preview/test-preview-page.tsx'),
          (m) => m.TestPreviewPage,
        ),
      },
      { path: '*', Component: DevNotFound },
    ],
  },
];

export function createDevRouter() {
  return createBrowserRouter(devRoutes);
}
