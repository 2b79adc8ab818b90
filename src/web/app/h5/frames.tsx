import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Lang } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { createI18n } from '../../lib/i18n.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { h5Screens } from './router.tsx';

/**
 * A screen's frame as HTML, drawn at build time (decision 027): the screen itself, rendered with no data
 * yet, which is what it draws first in the browser too (its title, headings and labels, with skeletons
 * where the data goes). The page shows it at first paint; the app then replaces it with the same frame.
 * Returns the document title the screen sets and the markup for the root element.
 */
/**
 * What a screen needs in its address to draw its loading frame rather than its "not found" state: any
 * well-formed value does, as the frame shows no data.
 */
const FRAME_SEARCH: Partial<Record<string, string>> = {
  [H5_PATHS.complaintDetails]: '?problemId=1',
  [H5_PATHS.loanConfirm]: '?productId=1',
  [H5_PATHS.loanDetails]: '?orderId=A1',
  [H5_PATHS.installments]: '?orderId=A1',
  [H5_PATHS.extension]: '?orderId=A1',
  [H5_PATHS.repayChooser]: '?orderId=A1&amount=1&display=0',
  [H5_PATHS.virtualAccount]: '?orderId=A1&amount=1&display=0',
  [H5_PATHS.receipts]: '?orderId=A1',
};

export async function renderScreenFrame(path: string, lang: Lang): Promise<{ title: string; html: string }> {
  const screen = h5Screens.find((s) => s.path === path);
  if (!screen) throw new Error(`no H5 screen at ${path}`);
  const Screen: ComponentType = await screen.load();
  const markup = renderToString(
    <ShellProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`${path}${FRAME_SEARCH[path] ?? ''}`]}>
        <Routes>
          <Route path={path} element={<Screen />} />
        </Routes>
      </MemoryRouter>
    </ShellProviders>,
  );
  // React writes a screen's <title> where the screen renders it; the page keeps it in its head.
  const title = /<title>([^<]*)<\/title>/.exec(markup)?.[1] ?? '';
  return { title, html: inertControls(markup.replace(/<title>[^<]*<\/title>/g, '')) };
}

/**
 * A frame is a picture of the screen until its code runs, and the code replaces it: what someone typed
 * into a frame's field, or a tap on a frame's button, would be lost. So the frame's fields are read-only
 * and its buttons disabled (still seen, and read by screen readers); the screen's own take their place.
 */
export function inertControls(html: string): string {
  return html
    .replace(/<(input|textarea)\b(?![^>]*\breadonly)/gi, '<$1 readonly=""')
    .replace(/<(button|select)\b(?![^>]*\bdisabled)/gi, '<$1 disabled=""');
}
