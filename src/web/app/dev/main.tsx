import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createI18n } from '../../lib/i18n.ts';
import { handTitleToScreens } from '../../lib/page-title.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';
import '../../ui/shell.css';
import { createDevRouter } from './router.tsx';

handTitleToScreens();
const i18n = createI18n('en');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellProviders i18n={i18n}>
      <RouterProvider router={createDevRouter()} />
    </ShellProviders>
  </StrictMode>,
);
