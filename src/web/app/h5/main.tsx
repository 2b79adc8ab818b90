// First: captures the session, and starts the screen's first request (decision 039).
import './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { listenForShellCommands } from '../../lib/bridge.ts';
import { createI18n } from '../../lib/i18n.ts';
import { handTitleToScreens } from '../../lib/page-title.ts';
import { sessionLang } from '../../lib/session-params.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import '../../ui/shell.css';
import { createH5Router } from './router.tsx';

handTitleToScreens();
const lang = sessionLang();
listenForShellCommands();
const i18n = createI18n(lang);
// One query cache for the route loaders (which start each screen's first request) and the screens.
const queryClient = createQueryClient();
const router = createH5Router(queryClient);

// The page may already show the screen's frame, drawn at build time (decision 027). React's first render
// replaces what the root holds, so it waits until the router has the screen's code: it then draws that
// same frame at once, instead of blanking the page while the chunk arrives.
function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

void whenRouterReady().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ShellProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </ShellProviders>
    </StrictMode>,
  );
});
