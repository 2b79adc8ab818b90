import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { H5_PATHS } from '../../shared/routes.ts';

/**
 * Documents a borrower opens from a screen: the no-dues certificate (a PDF) and the copy of their data
 * (a JSON file). Both come as short-lived signed links (decisions 033, 035).
 *
 * A web view that goes to the file itself is a dead end (issue 29): the app's web view hands the file to
 * the system or shows nothing, and the shell's Back has no page of ours to go back in. So a document
 * opens on our own viewer screen (`H5_PATHS.document`), one step in the web view's history: it shows the
 * document (the PDF in a frame, the copy as a download), and Back, ours or the shell's, returns to the
 * screen it was opened from. The link travels in the history entry's state, never in the address, so a
 * signature is not written to the address bar or to any server log, and a reload keeps it.
 */
export type DocumentKind = 'certificate' | 'dataCopy';

export interface OpenedDocument {
  kind: DocumentKind;
  /** The signed link, a path on our own origin. */
  url: string;
  /** The certificate's verification code, shown beside it. */
  code?: string;
}

/** Where a screen's document opens; screens take one as a property so tests can watch it. */
export type OpenDocument = (url: string, code?: string) => void;

const KINDS: readonly DocumentKind[] = ['certificate', 'dataCopy'];
/** Only our own document links: the state is ours, but a page that frames what it is given checks it. */
const DOCUMENT_LINK = /^\/api\/v1\/[\w/-]+(\?[\w=&%.-]*)?$/;

/** The document a history entry carries, or null when it carries none (or anything else). */
export function openedDocument(state: unknown): OpenedDocument | null {
  if (typeof state !== 'object' || state === null) return null;
  const { kind, url, code } = state as Record<string, unknown>;
  if (!KINDS.includes(kind as DocumentKind) || typeof url !== 'string' || !DOCUMENT_LINK.test(url))
    return null;
  return { kind: kind as DocumentKind, url, ...(typeof code === 'string' ? { code } : {}) };
}

/** Opens a document of this kind on the viewer screen, one step forward in the web view's history. */
export function useOpenDocument(kind: DocumentKind): OpenDocument {
  const navigate = useNavigate();
  return useCallback(
    (url: string, code?: string) => {
      const state: OpenedDocument = { kind, url, ...(code ? { code } : {}) };
      void navigate(H5_PATHS.document, { state });
    },
    [kind, navigate],
  );
}
