import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { listenForShellCommands } from '../../lib/bridge.ts';
import { createI18n } from '../../lib/i18n.ts';
import { captureSessionParams, sessionLang } from '../../lib/session-params.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import '../../ui/shell.css';
import { createH5Router } from './router.tsx';

// Before anything else reads the address bar: keeps the identity and removes the token from it.
captureSessionParams();
const lang = sessionLang();
listenForShellCommands();
const i18n = createI18n(lang);
// One query cache for the route loaders (which start each screen's first request) and the screens.
const queryClient = createQueryClient();
const router = createH5Router(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>
  </StrictMode>,
);
