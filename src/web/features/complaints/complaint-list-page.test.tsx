import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProblemList } from '../../../shared/contract/complaints.ts';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { COMPLAINT_PATHS } from './complaint-api.ts';
import { ComplaintListPage } from './complaint-list-page.tsx';
import { captureToasts, Marker, ok, renderAt, reply, stubFetch } from './complaint-test-kit.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.complaintList, Component: ComplaintListPage },
  { path: H5_PATHS.complaintDetails, element: <Marker name="details" /> },
  { path: H5_PATHS.complaint, element: <Marker name="entry" /> },
];

const TIME = '2026-11-20T20:00:00.000Z';
function list(
  processing: ProblemList['tabs'][number]['list'],
  processed: ProblemList['tabs'][number]['list'],
) {
  return {
    tabs: [
      { status: 'processing', title: 'Processing', list: processing },
      { status: 'processed', title: 'Processed', list: processed },
    ],
  };
}

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setSessionParams({});
});

describe('ComplaintListPage', () => {
  it('lists complaints in tabs with the market time, the type, the content and a Rate badge', async () => {
    stubFetch({
      [COMPLAINT_PATHS.list]: () =>
        ok(
          list(
            [{ id: 3, time: TIME, type: 'App problem', content: 'The app closes on start.', isScore: 0 }],
            [{ id: 1, time: TIME, type: 'Collection', content: 'Calls at night.', isScore: 1 }],
          ),
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

    await user.click(screen.getByRole('tab', { name: /Processed/ }));
    const handled = await screen.findByRole('link', { name: /Calls at night/ });
    expect(within(handled).getByText('Rate')).toBeTruthy();
    await user.click(handled);
    expect(router.state.location.pathname).toBe(H5_PATHS.complaintDetails);
    expect(router.state.location.search).toBe('?problemId=1');
  });

  it('shows an empty state per tab with a way to file a complaint', async () => {
    stubFetch({ [COMPLAINT_PATHS.list]: () => ok(list([], [])) });
    const user = userEvent.setup();
    const { router } = renderAt(routes, H5_PATHS.complaintList);
    expect(await screen.findByText('You have no complaints in progress.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Processed/ }));
    expect(await screen.findByText('You have no handled complaints yet.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'File a complaint' });
    await user.click(links.at(-1)!);
    expect(router.state.location.pathname).toBe(H5_PATHS.complaint);
  });

  it('shows a failure with a retry', async () => {
    let calls = 0;
    stubFetch({
      [COMPLAINT_PATHS.list]: () => {
        calls += 1;
        return calls === 1
          ? reply({ code: '500', data: null, message: 'Something went wrong on our side.' }, 500)
          : ok(list([], []));
      },
    });
    const user = userEvent.setup();
    renderAt(routes, H5_PATHS.complaintList);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no complaints in progress.')).toBeTruthy();
  });

  it('speaks Indonesian with Jakarta time', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    stubFetch({
      [COMPLAINT_PATHS.list]: () =>
        ok(
          list(
            [{ id: 3, time: TIME, type: 'Masalah aplikasi', content: 'Aplikasi tertutup.', isScore: 1 }],
            [],
          ),
        ),
    });
    renderAt(routes, H5_PATHS.complaintList, 'id');
    const item = await screen.findByRole('link', { name: /Masalah aplikasi/ });
    expect(item.textContent).toContain(formatDateTime(TIME, 'id', 'ID'));
    expect(within(item).getByText('Beri nilai')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Sedang diproses/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pengaduan saya' })).toBeTruthy();
  });
});
