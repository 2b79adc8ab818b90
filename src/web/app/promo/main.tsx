import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shell } from '../../../shared/i18n/shell.ts';
import '../../ui/shell.css';

/**
 * The promotion shell will hold the channel register flow (spec §2). Until it lands it says so, in
 * both languages, since a visitor's language is not known before the channel template loads.
 */
function PromoPlaceholder() {
  return (
    <main className="shell-page shell-center">
      <title>{shell.en.placeholder.promoTitle}</title>
      <h1>
        {shell.en.placeholder.promoTitle} · <span lang="id">{shell.id.placeholder.promoTitle}</span>
      </h1>
      <p className="shell-note">{shell.en.placeholder.promoNote}</p>
      <p className="shell-note" lang="id">
        {shell.id.placeholder.promoNote}
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PromoPlaceholder />
  </StrictMode>,
);
