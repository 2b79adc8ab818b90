import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { adminLang } from '../../features/admin/admin-lang.ts';
import { createI18n } from '../../lib/i18n.ts';
import { handTitleToScreens } from '../../lib/page-title.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';
import '../../ui/shell.css';
import { createAdminRouter } from './router.tsx';

handTitleToScreens();
// Staff are identified by their cookie only. A borrower identity this tab kept from the H5 app or the
// simulator would ride along on every call (the request helper adds it), and a borrower token on a staff
// route is refused (403), so the back office starts with none.
setSessionParams({});
const i18n = createI18n(adminLang());
const router = createAdminRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellProviders i18n={i18n}>
      <RouterProvider router={router} />
    </ShellProviders>
  </StrictMode>,
);
