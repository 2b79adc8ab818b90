import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { type DocumentKind, openedDocument, useOpenDocument } from '../../lib/open-document.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { fakeNativeShell, removeNativeShell } from '../../test/fake-shell.ts';
import { renderAt } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { DocumentPage } from './document-page.tsx';

const PDF = '/api/v1/documents/no-dues/ID20260801002?exp=1764300000&sig=abc_DEF-123';
const COPY = '/api/v1/data-rights/export?session=4&exp=1&sig=s&lang=id';

/** The screen a document is opened from, as the receipts and "My data" open theirs. */
function Opener({ kind, url, code }: { kind: DocumentKind; url: string; code?: string }) {
  const open = useOpenDocument(kind);
  return (
    <button type="button" onClick={() => open(url, code)}>
      open
    </button>
  );
}

const routes = (kind: DocumentKind, url: string, code?: string) => [
  { path: H5_PATHS.receipts, element: <Opener kind={kind} url={url} code={code} /> },
  { path: H5_PATHS.document, element: <DocumentPage /> },
];

async function openFrom(kind: DocumentKind, url: string, lang: Lang = 'en', code?: string) {
  const view = renderAt(routes(kind, url, code), `${H5_PATHS.receipts}?orderId=ID20260801002`, lang);
  await userEvent.click(await screen.findByRole('button', { name: 'open' }));
  return view;
}

let click: ReturnType<typeof vi.spyOn>;
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'ID', token: 't'.repeat(43), deviceId: 'd1' });
  // jsdom would try to navigate to the file; the test only needs to know a save was started.
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  click.mockRestore();
  removeNativeShell();
});

describe('document viewer (issue 29)', () => {
  it('shows the certificate in a frame with its code and a way to save it, and Back returns to the screen', async () => {
    const { router } = await openFrom('certificate', PDF, 'id', 'ID20260801002-ABCDEFGHJK');
    expect(await screen.findByRole('heading', { level: 1, name: 'Surat keterangan lunas' })).toBeTruthy();
    // The web view stays on our page: the file is in a frame, not where the page went.
    expect(router.state.location.pathname).toBe(H5_PATHS.document);
    expect(router.state.location.search).toBe('');
    const frame = screen.getByTitle('Surat keterangan lunas (PDF)');
    expect(frame.getAttribute('src')).toBe(PDF);
    expect(screen.getByText('ID20260801002-ABCDEFGHJK')).toBeTruthy();
    const save = screen.getByRole('link', { name: 'Simpan PDF' });
    expect(save.getAttribute('href')).toBe(PDF);
    expect(save.hasAttribute('download')).toBe(true);
    // Nothing saved by itself: the certificate is on the screen.
    expect(click).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /Kembali/ }));
    expect(await screen.findByRole('button', { name: 'open' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(H5_PATHS.receipts);
    expect(router.state.location.search).toBe('?orderId=ID20260801002');
  });

  it('saves the copy of the data once, offers it again, in English', async () => {
    const { router } = await openFrom('dataCopy', COPY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy of your data' })).toBeTruthy();
    const again = screen.getByRole('link', { name: 'Save the file again' });
    expect(again.getAttribute('href')).toBe(COPY);
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.queryByTitle(/PDF/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    await screen.findByRole('button', { name: 'open' });
    expect(router.state.location.pathname).toBe(H5_PATHS.receipts);
  });

  it('opened with nothing to show, says so, and Back asks the app to close the web view', async () => {
    const bridge = fakeNativeShell();
    renderAt(routes('certificate', PDF), H5_PATHS.document);
    expect(
      await screen.findByText('There is no document to show here. Go back and open it again.'),
    ).toBeTruthy();
    expect(screen.queryByTitle(/PDF/)).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: /Back/ })[0]!);
    expect(bridge.messages()).toEqual([{ type: 'closeWebView' }]);
  });
});

describe('the document a history entry carries', () => {
  it('is only one of ours: a known kind and a path of our API', () => {
    expect(openedDocument({ kind: 'certificate', url: PDF, code: 'X' })).toEqual({
      kind: 'certificate',
      url: PDF,
      code: 'X',
    });
    expect(openedDocument({ kind: 'dataCopy', url: COPY })).toEqual({ kind: 'dataCopy', url: COPY });
    for (const state of [
      null,
      'x',
      { kind: 'certificate' },
      { kind: 'other', url: PDF },
      { kind: 'certificate', url: 'https://evil.example/x.pdf' },
      { kind: 'certificate', url: '//evil.example/api/v1/x' },
      { kind: 'certificate', url: 'javascript:alert(1)' },
      { kind: 'certificate', url: '/api/v1/x?a="><script>' },
    ]) {
      expect(openedDocument(state), JSON.stringify(state)).toBeNull();
    }
  });
});
