import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { shell } from '../../../shared/i18n/shell.ts';
import '../../ui/shell.css';

/**
 * The back-office shell will hold the operators' tools (product brief §1.4). Until it lands it says so, in
 * both languages: staff of either market may open it.
 */
function AdminPlaceholder() {
  return (
    <main className="shell-page shell-center">
      <title>{shell.en.placeholder.adminTitle}</title>
      <h1>
        {shell.en.placeholder.adminTitle} · <span lang="id">{shell.id.placeholder.adminTitle}</span>
      </h1>
      <p className="shell-note">{shell.en.placeholder.adminNote}</p>
      <p className="shell-note" lang="id">
        {shell.id.placeholder.adminNote}
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminPlaceholder />
  </StrictMode>,
);
