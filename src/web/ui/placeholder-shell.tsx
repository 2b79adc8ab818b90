import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shell } from '../../shared/i18n/shell.ts';
import './shell.css';

type Which = 'promo' | 'admin';

/**
 * A shell whose screens have not landed yet says so plainly, in both languages (a visitor's language is
 * not known before the shell's own data loads), rather than showing a form that does nothing.
 */
function PlaceholderPage({ which }: { which: Which }) {
  const title = `${which}Title` as const;
  const note = `${which}Note` as const;
  return (
    <main className="shell-page shell-center">
      <title>{shell.en.placeholder[title]}</title>
      <h1>
        {shell.en.placeholder[title]} · <span lang="id">{shell.id.placeholder[title]}</span>
      </h1>
      <p className="shell-note">{shell.en.placeholder[note]}</p>
      <p className="shell-note" lang="id">
        {shell.id.placeholder[note]}
      </p>
    </main>
  );
}

export function mountPlaceholderShell(which: Which): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PlaceholderPage which={which} />
    </StrictMode>,
  );
}
