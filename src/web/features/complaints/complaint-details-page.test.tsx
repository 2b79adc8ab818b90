import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { preloadOverlays } from '../../test/screen-kit.tsx';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { RATING_DELAY_MS } from '../../ui/rating-dialog.tsx';
import { COMPLAINT_PATHS } from './complaint-api.ts';
import { ComplaintDetailsPage } from './complaint-details-page.tsx';
import {
  applyStyles,
  captureToasts,
  Marker,
  ok,
  problemDetail,
  renderAt,
  reply,
  settle,
  stubFetch,
} from './complaint-test-kit.tsx';

// The rating is asked for at 3 s of a fake clock: its dialog's code must be here by then.
preloadOverlays();
const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.complaintDetails, Component: ComplaintDetailsPage },
  { path: H5_PATHS.complaintList, element: <Marker name="list" /> },
];
const DETAILS = `${H5_PATHS.complaintDetails}?problemId=7`;
const RATING_TITLE = 'Please rate this service';

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
});
afterEach(() => {
  vi.useRealTimers();
  globalThis.fetch = realFetch;
  setSessionParams({});
});

const ratingShown = () => screen.queryByText(RATING_TITLE) !== null;

describe('ComplaintDetailsPage', () => {
  it('shows the complaint, its images, the deadline and the Process Result', async () => {
    const net = stubFetch({ [COMPLAINT_PATHS.detail]: () => ok(problemDetail()) });
    renderAt(routes, DETAILS);
    expect(await screen.findByText('They called my mother twice at night.')).toBeTruthy();
    expect(net.callsTo(COMPLAINT_PATHS.detail)[0]!.body).toEqual({ problemId: 7 });
    expect(screen.getByText('Collection')).toBeTruthy();
    expect(screen.getByText('Calls to my contacts')).toBeTruthy();
    expect(screen.getByTestId('content-counter').textContent).toContain('37/200');
    // Testing Library compares with the page's text with its spaces collapsed: the no-break space that
    // keeps "pm" with the time (decision 060) becomes a plain one there.
    const deadline = formatDateTime('2026-11-25T18:29:59.999Z', 'en', 'IN').replace(/\s+/g, ' ');
    expect(screen.getByText(deadline)).toBeTruthy();
    const result = screen.getByRole('region', { name: 'Process Result' });
    expect(within(result).getByText('We have warned the agency and stopped the calls.')).toBeTruthy();
    expect(within(result).getByRole('button', { name: 'View reply image 1 of 1' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^View image \d of 2$/ })).toHaveLength(2);
  });

  it('draws its frame while problem-detail is on the way', async () => {
    let answer!: (response: Response) => void;
    stubFetch({ [COMPLAINT_PATHS.detail]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(routes, DETAILS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Complaint details' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Your comments and suggestions' })).toBeTruthy();
    expect(screen.getByText('To be handled by')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    answer(ok(problemDetail()));
    expect(await screen.findByText('They called my mother twice at night.')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('opens a tapped image full size', async () => {
    stubFetch({ [COMPLAINT_PATHS.detail]: () => ok(problemDetail()) });
    const user = userEvent.setup();
    renderAt(routes, DETAILS);
    await user.click(await screen.findByRole('button', { name: 'View image 2 of 2' }));
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-slides')).not.toBeNull());
  });

  it('shows reply images whole in their square, and opens one full size', async () => {
    const removeStyles = applyStyles('complaint-details-page.css');
    try {
      stubFetch({ [COMPLAINT_PATHS.detail]: () => ok(problemDetail()) });
      const user = userEvent.setup();
      renderAt(routes, DETAILS);
      const result = await screen.findByRole('region', { name: 'Process Result' });
      const thumb = within(result).getByRole('button', { name: 'View reply image 1 of 1' });
      const image = thumb.querySelector('img')!;
      expect(image.getAttribute('src')).toBe('/img/reply.png');
      // Letterboxed, not cropped: a screenshot or receipt keeps its edges.
      expect(getComputedStyle(image).objectFit).toBe('contain');
      expect(getComputedStyle(image).width).toBe('100%');
      expect(getComputedStyle(image).height).toBe('100%');
      await user.click(thumb);
      await waitFor(() =>
        expect(document.querySelector('.adm-image-viewer-slides img')?.getAttribute('src')).toBe(
          '/img/reply.png',
        ),
      );
    } finally {
      removeStyles();
    }
  });

  it('hides the Process Result when the reply and its images are both empty', async () => {
    stubFetch({
      [COMPLAINT_PATHS.detail]: () =>
        ok(problemDetail({ status: 'processing', disposeDetail: '  ', disposeImages: [] })),
    });
    renderAt(routes, DETAILS);
    await screen.findByText('They called my mother twice at night.');
    expect(screen.queryByText('Process Result')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Process Result' })).toBeNull();
  });

  it('shows the Process Result when only images came back', async () => {
    stubFetch({ [COMPLAINT_PATHS.detail]: () => ok(problemDetail({ disposeDetail: '' })) });
    renderAt(routes, DETAILS);
    expect(await screen.findByRole('region', { name: 'Process Result' })).toBeTruthy();
  });

  it('asks for a rating exactly 3 s after loading, and only once', async () => {
    let loads = 0;
    const net = stubFetch({
      [COMPLAINT_PATHS.detail]: () => {
        loads += 1;
        return ok(problemDetail({ isScore: 1, disposeDetail: `Reply version ${loads}` }));
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { queryClient } = renderAt(routes, DETAILS);
    await settle(() => screen.queryByText('They called my mother twice at night.') !== null);
    await act(async () => {
      vi.advanceTimersByTime(RATING_DELAY_MS - 1);
    });
    expect(ratingShown()).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(ratingShown()).toBe(true);
    expect(RATING_DELAY_MS).toBe(3000);

    fireEvent.click(screen.getByText('Cancel'));
    // Closed: the page offers its own button again, and nothing brings the dialog back by itself, not
    // even fresh details that still say a rating is due.
    expect(screen.getByRole('button', { name: 'Rate this service' })).toBeTruthy();
    void queryClient.invalidateQueries();
    await settle(() => screen.queryByText('Reply version 2') !== null);
    expect(net.callsTo(COMPLAINT_PATHS.detail)).toHaveLength(2);
    await act(async () => {
      vi.advanceTimersByTime(10 * RATING_DELAY_MS);
    });
    expect(screen.getByRole('button', { name: 'Rate this service' })).toBeTruthy();
  });

  it('does not ask when no rating is due', async () => {
    stubFetch({ [COMPLAINT_PATHS.detail]: () => ok(problemDetail({ isScore: 0 })) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAt(routes, DETAILS);
    await settle(() => screen.queryByText('They called my mother twice at night.') !== null);
    await act(async () => {
      vi.advanceTimersByTime(2 * RATING_DELAY_MS);
    });
    expect(ratingShown()).toBe(false);
    expect(screen.queryByRole('button', { name: 'Rate this service' })).toBeNull();
  });

  it('sends the chosen score, thanks the borrower and reloads the details', async () => {
    let rated = false;
    const net = stubFetch({
      [COMPLAINT_PATHS.detail]: () => ok(problemDetail({ isScore: rated ? 0 : 1, score: rated ? 4 : null })),
      [COMPLAINT_PATHS.saveScore]: () => {
        rated = true;
        return ok(null, 'Thank you for rating our service!');
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderAt(routes, DETAILS);
    await settle(() => screen.queryByText('They called my mother twice at night.') !== null);
    await act(async () => {
      vi.advanceTimersByTime(RATING_DELAY_MS);
    });
    vi.useRealTimers();

    // No star yet: refused with the message, nothing sent.
    fireEvent.click(screen.getByText('Send'));
    expect(toasts).toEqual(['Please choose a rating.']);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars, good' }));
    // antd's action button shows a spinner while the previous press settles.
    fireEvent.click(await screen.findByText('Send'));
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.saveScore)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.saveScore)[0]!.body).toEqual({ problemId: 7, score: 4 });
    await waitFor(() => expect(toasts).toContain('Thank you for rating our service!'));
    expect(toasts).not.toContain('Successful demonstration！');
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.detail)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rate this service' })).toBeNull());
  });

  it('says what could not be loaded and why, in the borrower’s language, with a retry', async () => {
    setSessionParams({ market: 'ID', token: 't'.repeat(43), deviceId: 'd1' });
    // Busy until the borrower asks again (the query's own one retry of a busy reply fails too).
    let busy = true;
    stubFetch({
      [COMPLAINT_PATHS.detail]: () =>
        busy
          ? reply({ code: '503', data: null, message: 'Layanan sedang sibuk.' }, 503)
          : ok(problemDetail({ isScore: 0 })),
    });
    const user = userEvent.setup();
    renderAt(routes, DETAILS, 'id');
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe(
      'Pengaduan ini tidak dapat dimuat. Layanan sedang sibuk.',
    );
    busy = false;
    await user.click(within(alert).getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('They called my mother twice at night.')).toBeTruthy();
  });

  it('shows a friendly not-found state for a complaint that is not the borrower’s', async () => {
    stubFetch({
      [COMPLAINT_PATHS.detail]: () =>
        reply({ code: '404', data: null, message: 'We could not find what you were looking for.' }, 404),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, DETAILS);
    expect(await screen.findByText('We could not find this complaint.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to my complaints' }));
    expect(router.state.location.pathname).toBe(H5_PATHS.complaintList);
  });

  it('asks in Indonesian, with Silakan pilih when no star is chosen', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    stubFetch({ [COMPLAINT_PATHS.detail]: () => ok(problemDetail({ isScore: 1 })) });
    const user = userEvent.setup();
    renderAt(routes, DETAILS, 'id');
    await screen.findByText('They called my mother twice at night.');
    expect(screen.getByRole('region', { name: 'Hasil Penanganan' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nilai layanan ini' }));
    fireEvent.click(await screen.findByText('Kirim'));
    expect(toasts).toEqual(['Silakan pilih']);
  });
});
