import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { documentViewer } from '../../../shared/i18n/document-viewer.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { type OpenedDocument, openedDocument } from '../../lib/open-document.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import './document-page.css';

addCopy({ documentViewer });

const never = () => () => {};
/**
 * False while the build draws the screen's frame (decision 027), true in the browser: the document is in
 * the history entry, which the build has not, so the frame shows the document arriving, not "none".
 */
const useInBrowser = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * A document opened from a screen (`/viewDocument`, issue 29): the no-dues certificate shown in a frame
 * with a way to save it, or the copy of the borrower's data saved as a file. The web view stays on this
 * page of ours, so Back (this screen's or the shell's, which goes back in the web view's history)
 * returns to the screen the document was opened from, where going to the file itself left the borrower
 * on a PDF that no Back could leave. The document is the history entry's state (lib/open-document.ts).
 */
export function DocumentPage() {
  const { t } = useTranslation('documentViewer');
  const location = useLocation();
  const navigate = useNavigate();
  const inBrowser = useInBrowser();
  const doc = openedDocument(location.state);

  const back = () => {
    // react-router marks the first page of this web view 'default': there is nothing of ours behind it.
    if (location.key !== 'default') void navigate(-1);
    else sendBridge({ type: 'closeWebView' });
  };

  const title = t(`title.${doc?.kind ?? 'none'}`);
  let body: ReactNode;
  if (!inBrowser) {
    body = (
      <SkeletonRegion label={t('loading')}>
        <SkeletonLines lines={1} lastWidth="70%" />
        <SkeletonBlock height="60vh" />
      </SkeletonRegion>
    );
  } else if (!doc) {
    body = (
      <PageEmpty text={t('missing')}>
        <button type="button" className="shell-button" onClick={back}>
          {t('back')}
        </button>
      </PageEmpty>
    );
  } else if (doc.kind === 'certificate') body = <Certificate doc={doc} />;
  else body = <DataCopy doc={doc} />;

  return (
    <main className="shell-page document-viewer">
      <title>{title}</title>
      <button type="button" className="document-back" onClick={back}>
        <span aria-hidden="true">‹ </span>
        {t('back')}
      </button>
      <h1>{title}</h1>
      {body}
    </main>
  );
}

function Certificate({ doc }: { doc: OpenedDocument }) {
  const { t } = useTranslation('documentViewer');
  return (
    <>
      {doc.code ? (
        <p className="document-code">
          {t('codeLabel')}: <strong>{doc.code}</strong>
        </p>
      ) : null}
      {/* The browser's own PDF reader draws it; a web view without one offers it as a download. */}
      <iframe className="document-frame" src={doc.url} title={t('frame')} />
      <a className="shell-button document-save" href={doc.url} download>
        {t('savePdf')}
      </a>
      <p className="shell-note">{t('certificateNote')}</p>
    </>
  );
}

function DataCopy({ doc }: { doc: OpenedDocument }) {
  const { t } = useTranslation('documentViewer');
  const link = useRef<HTMLAnchorElement>(null);
  const started = useRef(false);
  // The borrower asked for the copy on the screen before: saving starts at once, once per visit.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    link.current?.click();
  }, []);
  return (
    <>
      <p>{t('copyReady')}</p>
      <a ref={link} className="shell-button document-save" href={doc.url} download>
        {t('saveCopy')}
      </a>
      <p className="shell-note">{t('copyNote')}</p>
    </>
  );
}
