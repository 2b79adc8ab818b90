import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComplaintStatus } from '../../../shared/contract/constants.ts';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { COMPLAINT_PATHS } from './complaint-api.ts';
import { ComplaintListPage } from './complaint-list-page.tsx';
import {
  applyStyles,
  captureToasts,
  contrast,
  failingOnce,
  LIST_TIME,
  listedComplaint,
  listPage,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
} from './complaint-test-kit.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.complaintList, Component: ComplaintListPage },
  { path: H5_PATHS.complaintDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.complaint, element: <Marker name="entry" /> },
];

const TIME = LIST_TIME;
const page = listPage;
const complaint = listedComplaint;
/** Ids from high to low, newest first like the server. */
const range = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => complaint(from - i));

/**
 * happy-dom's IntersectionObserver never reports anything; this one reports what the test says is in
 * view, so "the borrower scrolled near the end" is one call.
 */
class FakeIntersectionObserver {
  static all = new Set<FakeIntersectionObserver>();
  readonly elements = new Set<Element>();
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.all.add(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
    FakeIntersectionObserver.all.delete(this);
  }
  takeRecords() {
    return [];
  }
}

/** Every observed element comes into view. */
function scrollNearEnd() {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.all]) {
      const entries = [...observer.elements].map(
        (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
      );
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  });
}

/** A reply the test releases when it wants, to look at the screen while the call is in flight. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const itemLinks = () => screen.queryAllByRole('link', { name: /Complaint number/ });

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  captureToasts();
  FakeIntersectionObserver.all.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
  vi.unstubAllGlobals();
});

describe('ComplaintListPage', () => {
  it('lists complaints in tabs with the market time, the type, the content and a Rate badge', async () => {
    const net = stubFetch({
      [COMPLAINT_PATHS.list]: ({ body }) =>
        ok(
          body.status === 'processed'
            ? page('processed', [
                complaint(1, { type: 'Collection', content: 'Calls at night.', isScore: 1 }),
              ])
            : page('processing', [complaint(3, { content: 'The app closes on start.' })]),
        ),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, H5_PATHS.complaintList);
    const first = await screen.findByRole('link', { name: /App problem/ });
    // 20:00 UTC is 01:30 the next day in India.
    expect(first.textContent).toContain(formatDateTime(TIME, 'en', 'IN'));
    expect(formatDateTime(TIME, 'en', 'IN')).toContain('21 Nov 2026');
    expect(first.textContent).toContain('The app closes on start.');
    expect(within(first).queryByText('Rate')).toBeNull();
    // Only the open tab is asked for, first page, default size, no cursor.
    expect(net.callsTo(COMPLAINT_PATHS.list).map((c) => c.body)).toEqual([
      { status: 'processing', limit: 10 },
    ]);

    await user.click(screen.getByRole('tab', { name: /Processed/ }));
    const handled = await screen.findByRole('link', { name: /Calls at night/ });
    expect(within(handled).getByText('Rate')).toBeTruthy();
    expect(net.callsTo(COMPLAINT_PATHS.list).at(-1)!.body).toEqual({ status: 'processed', limit: 10 });
    expect(router.state.location.search).toBe('?tab=processed');
    await user.click(handled);
    expect(router.state.location.pathname).toBe(H5_PATHS.complaintDetails);
    expect(router.state.location.search).toBe('?problemId=1');
  });

  it('shows the Rate badge in the brand colour, not alarm red, with readable text', async () => {
    const removeStyles = applyStyles('../../ui/tokens.css', 'complaint-list-page.css');
    try {
      stubFetch({
        [COMPLAINT_PATHS.list]: () =>
          ok(page('processed', [complaint(1, { content: 'Calls at night.', isScore: 1 })])),
      });
      renderAt(routes, `${H5_PATHS.complaintList}?tab=processed`);
      const badge = await screen.findByText('Rate');
      const style = getComputedStyle(badge);
      const root = getComputedStyle(document.documentElement);
      expect(style.backgroundColor).not.toBe(root.getPropertyValue('--danger').trim());
      expect(style.backgroundColor).toBe(root.getPropertyValue('--brand-strong').trim());
      expect(contrast(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    } finally {
      removeStyles();
    }
  });

  it('lets a long tab title wrap between words inside its half, never past it', async () => {
    const removeStyles = applyStyles('complaint-list-page.css');
    try {
      stubFetch({ [COMPLAINT_PATHS.list]: () => ok(page('processing', [complaint(3)])) });
      renderAt(routes, H5_PATHS.complaintList);
      const tab = await screen.findByRole('tab', { name: /Processed/ });
      const title = tab.closest<HTMLElement>('.adm-tabs-tab')!;
      const wrapper = tab.closest<HTMLElement>('.adm-tabs-tab-wrapper')!;
      expect(getComputedStyle(title).whiteSpace).toBe('normal');
      expect(getComputedStyle(title).maxWidth).toBe('100%');
      expect(getComputedStyle(title).overflowWrap).toBe('break-word');
      expect(getComputedStyle(wrapper).minWidth).toBe('0');
    } finally {
      removeStyles();
    }
  });

  it('draws the title, the tabs and placeholder cards while the first page is on its way', async () => {
    const pending = deferred();
    stubFetch({ [COMPLAINT_PATHS.list]: () => pending.promise });
    renderAt(routes, H5_PATHS.complaintList);
    expect(await screen.findByRole('heading', { level: 1, name: 'My complaints' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Processing' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Processed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your complaints…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();

    pending.release(ok(page('processing', range(5, 1), null, { processing: 5, processed: 2 })));
    expect(await screen.findByRole('tab', { name: 'Processing (5)' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(itemLinks()).toHaveLength(5);
  });

  it('shows a count past the cap as 99+', async () => {
    stubFetch({
      [COMPLAINT_PATHS.list]: () =>
        ok(page('processing', range(5, 1), null, { processing: 100, processed: 99 })),
    });
    renderAt(routes, H5_PATHS.complaintList);
    expect(await screen.findByRole('tab', { name: 'Processing (99+)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Processed (99)' })).toBeTruthy();
  });

  it('pages as the borrower scrolls: both pages once each, the cursor of page 1 sent, counts in the titles', async () => {
    const second = deferred();
    const net = stubFetch({
      [COMPLAINT_PATHS.list]: ({ body }) =>
        body.cursor === undefined
          ? ok(page('processing', range(15, 6), 'cursor-page-1', { processing: 15, processed: 3 }))
          : second.promise,
    });
    renderAt(routes, H5_PATHS.complaintList);
    await screen.findByRole('link', { name: /Complaint number 15\./ });
    expect(itemLinks()).toHaveLength(10);
    expect(screen.getByRole('tab', { name: 'Processing (15)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Processed (3)' })).toBeTruthy();
    expect(screen.queryByText('You have seen all your complaints here.')).toBeNull();

    scrollNearEnd();
    const loading = await screen.findByRole('status');
    expect(loading.textContent).toContain('Loading…');
    expect(net.callsTo(COMPLAINT_PATHS.list).map((c) => c.body)).toEqual([
      { status: 'processing', limit: 10 },
      { status: 'processing', limit: 10, cursor: 'cursor-page-1' },
    ]);
    // Scrolling on while it loads asks for nothing more.
    scrollNearEnd();
    expect(net.callsTo(COMPLAINT_PATHS.list)).toHaveLength(2);

    second.release(ok(page('processing', range(5, 1), null, { processing: 15, processed: 3 })));
    expect(await screen.findByText('You have seen all your complaints here.')).toBeTruthy();
    const shown = itemLinks().map((link) => /Complaint number (\d+)\./.exec(link.textContent ?? '')![1]);
    expect(shown).toEqual(Array.from({ length: 15 }, (_, i) => String(15 - i)));
    // The end: no further page is asked for, whatever the borrower does.
    scrollNearEnd();
    expect(net.callsTo(COMPLAINT_PATHS.list)).toHaveLength(2);
  });

  it('keeps what is shown when a further page fails, and its retry asks for that page again', async () => {
    let failNext = true;
    const net = stubFetch({
      [COMPLAINT_PATHS.list]: ({ body }) => {
        if (body.cursor === undefined) return ok(page('processing', range(30, 11), 'c-1'));
        if (failNext) {
          failNext = false;
          return reply({ code: '500', data: null, message: 'Something went wrong on our side.' }, 500);
        }
        return ok(page('processing', range(10, 1), null));
      },
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaintList);
    await screen.findByRole('link', { name: /Complaint number 30\./ });
    scrollNearEnd();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load more complaints.');
    expect(itemLinks()).toHaveLength(20);

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have seen all your complaints here.')).toBeTruthy();
    expect(itemLinks()).toHaveLength(30);
    expect(new Set(itemLinks().map((l) => l.getAttribute('href'))).size).toBe(30);
    expect(net.callsTo(COMPLAINT_PATHS.list).map((c) => c.body.cursor)).toEqual([undefined, 'c-1', 'c-1']);
  });

  it('has a Show more button where the web view cannot observe scrolling', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    stubFetch({
      [COMPLAINT_PATHS.list]: ({ body }) =>
        ok(body.cursor ? page('processing', range(2, 1)) : page('processing', range(4, 3), 'c-1')),
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaintList);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('You have seen all your complaints here.')).toBeTruthy();
    expect(itemLinks()).toHaveLength(4);
  });

  it('shows an empty state per tab with a way to file a complaint', async () => {
    stubFetch({ [COMPLAINT_PATHS.list]: ({ body }) => ok(page(body.status as ComplaintStatus, [])) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, H5_PATHS.complaintList);
    expect(await screen.findByText('You have no complaints in progress.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Processed/ }));
    expect(await screen.findByText('You have no handled complaints yet.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'File a complaint' });
    await user.click(links.at(-1)!);
    expect(router.state.location.pathname).toBe(H5_PATHS.complaint);
  });

  it('shows a failure of the first page with a retry', async () => {
    stubFetch({
      [COMPLAINT_PATHS.list]: failingOnce(
        () => reply({ code: '500', data: null, message: 'Something went wrong on our side.' }, 500),
        () => ok(page('processing', [])),
      ),
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaintList);
    const alert = await screen.findByRole('alert');
    // What failed, then why: the screen's own words before the server's.
    expect(alert.querySelector('p')!.textContent).toBe(
      'Your complaints could not be loaded. Something went wrong on our side.',
    );
    // The frame stays around the failure.
    expect(screen.getByRole('tab', { name: 'Processing' })).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no complaints in progress.')).toBeTruthy();
  });

  it('opens on the tab named in the address', async () => {
    const net = stubFetch({
      [COMPLAINT_PATHS.list]: ({ body }) =>
        ok(page(body.status as ComplaintStatus, [complaint(9, { content: 'Handled one.' })], null)),
    });
    renderAt(routes, `${H5_PATHS.complaintList}?tab=processed`);
    await screen.findByRole('link', { name: /Handled one/ });
    expect(screen.getByRole('tab', { name: /Processed/ }).getAttribute('aria-selected')).toBe('true');
    expect(net.callsTo(COMPLAINT_PATHS.list).map((c) => c.body.status)).toEqual(['processed']);
  });

  it('speaks Indonesian with Jakarta time and counts', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    stubFetch({
      [COMPLAINT_PATHS.list]: () =>
        ok(
          page(
            'processing',
            [complaint(3, { type: 'Masalah aplikasi', content: 'Aplikasi tertutup.', isScore: 1 })],
            null,
            {
              processing: 1,
              processed: 12,
            },
          ),
        ),
    });
    renderAt(routes, H5_PATHS.complaintList, 'id');
    const item = await screen.findByRole('link', { name: /Masalah aplikasi/ });
    expect(item.textContent).toContain(formatDateTime(TIME, 'id', 'ID'));
    expect(within(item).getByText('Beri nilai')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sedang diproses (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Selesai diproses (12)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pengaduan saya' })).toBeTruthy();
    // One page only: no end-of-list line.
    expect(screen.queryByText('Semua pengaduan Anda di sini sudah ditampilkan.')).toBeNull();
  });
});
