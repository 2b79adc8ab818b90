import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import type {
  LedgerBreach,
  LedgerCheckRun,
  LedgerChecksData,
} from '../../../../shared/contract/ledger-check.ts';
import { formatDateTime } from '../../../../shared/domain/time.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
  XSS,
} from '../admin-test-kit.tsx';
import { LEDGER_CHECK_PATHS } from './ledger-check-api.ts';
import { LedgerCheckPage } from './ledger-check-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.ledgerCheck, Component: LedgerCheckPage },
  { path: `${ADMIN_ROUTES.orders}/:orderNo`, element: <Marker name="order" /> },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const run = (overrides: Partial<LedgerCheckRun> = {}): LedgerCheckRun => ({
  id: 7,
  startedAt: '2026-11-26T19:30:05.000Z',
  finishedAt: '2026-11-26T19:30:09.000Z',
  ordersChecked: 1234,
  breachCount: 2,
  ...overrides,
});
const breaches: LedgerBreach[] = [
  {
    orderNo: 'IN20261101001',
    market: 'IN',
    rule: 'allocationOverOwed',
    detail: 'period 1 principal: ₹10,001 paid of ₹10,000',
  },
  {
    orderNo: 'ID20261101001',
    market: 'ID',
    rule: 'dueDateMismatch',
    detail: 'due 2026-11-28, plan says 2026-11-27',
  },
];
const data = (over: Partial<LedgerChecksData> = {}): LedgerChecksData => ({
  runs: [run(), run({ id: 6, startedAt: '2026-11-25T19:30:04.000Z', breachCount: 0 })],
  breaches,
  ...over,
});

describe('LedgerCheckPage', () => {
  it('lists the latest run’s breaches, rule in words, order linked, and the runs', async () => {
    stubFetch({ [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok(data()) });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledger check' })).toBeTruthy();
    const found = await screen.findByRole('table', { name: 'Breaches of the latest run' });
    const rows = within(found).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('More allocated than was owed');
    expect(rows[0]!.textContent).toContain('period 1 principal: ₹10,001 paid of ₹10,000');
    expect(rows[1]!.textContent).toContain('Indonesia');
    expect(rows[1]!.textContent).toContain('The due date is not the plan’s');
    const link = within(rows[0]!).getByRole('link', { name: 'Open order IN20261101001' });
    expect(link.getAttribute('href')).toBe(ADMIN_ROUTES.order('IN20261101001'));

    const runs = screen.getByRole('table', { name: 'Latest runs' });
    expect(within(runs).getByRole('columnheader', { name: 'Started (IST)' })).toBeTruthy();
    const first = within(runs).getAllByRole('row')[1]!;
    expect(first.textContent).toContain(formatDateTime('2026-11-26T19:30:05.000Z', 'en', 'IN'));
    expect(first.textContent).toContain('1234');
    expect(first.textContent).toContain('2');

    await userEvent.click(link);
    expect((await screen.findByTestId('marker')).textContent).toBe('order');
  });

  it('says when the latest run was clean, and when there is no run yet', async () => {
    const net = stubFetch({ [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok(data({ breaches: [] })) });
    const { unmount } = renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    expect(await screen.findByText('The latest run found no breach.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Breaches of the latest run' })).toBeNull();
    expect(net.callsTo(LEDGER_CHECK_PATHS.latest)).toHaveLength(1);
    unmount();

    stubFetch({ [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok({ runs: [], breaches: [] }) });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    expect(await screen.findByText(/The check has not run yet\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says it is loading until the runs arrive', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({ [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => new Promise<Response>((r) => (answer = r)) });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck, { lang: 'id' });
    expect((await screen.findByRole('status')).textContent).toContain('Memuat');
    answer(ok(data()));
    expect(await screen.findByRole('table', { name: 'Pelanggaran pada pemeriksaan terakhir' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    stubFetch({
      [`GET ${LEDGER_CHECK_PATHS.latest}`]: () =>
        fail ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503) : ok(data()),
    });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    expect(await screen.findByText('The service is busy.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Breaches of the latest run' })).toBeTruthy();
  });

  it('runs the check for an administrator, with the session’s CSRF token, and shows the new run', async () => {
    let ran = false;
    const net = stubFetch({
      [`GET ${LEDGER_CHECK_PATHS.latest}`]: () =>
        ok(ran ? data({ runs: [run({ id: 8, breachCount: 0 }), run()], breaches: [] }) : data()),
      [`POST ${LEDGER_CHECK_PATHS.run}`]: () => {
        ran = true;
        return ok(run({ id: 8, breachCount: 0 }));
      },
    });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    await screen.findByRole('table', { name: 'Breaches of the latest run' });
    await userEvent.click(screen.getByRole('button', { name: 'Run the check now' }));
    expect(await screen.findByText('The latest run found no breach.')).toBeTruthy();
    expect(toasts).toContain('Checked 1234 orders: 0 breaches.');
    expect(net.callsTo(LEDGER_CHECK_PATHS.run)[0]!.headers[CSRF_HEADER]).toBe(CSRF);
  });

  it('says why a run was refused', async () => {
    stubFetch({
      [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok(data()),
      [`POST ${LEDGER_CHECK_PATHS.run}`]: () =>
        reply({ code: '409', data: null, message: 'A ledger check is already running.' }, 409),
    });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    await screen.findByRole('table', { name: 'Breaches of the latest run' });
    await userEvent.click(screen.getByRole('button', { name: 'Run the check now' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'A ledger check is already running.',
      ),
    );
  });

  it('offers an agent no run button', async () => {
    stubFetch({ [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok(data({ breaches: [breaches[0]!] })) });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck, { session: agentSession() });
    await screen.findByRole('table', { name: 'Breaches of the latest run' });
    expect(screen.queryByRole('button', { name: 'Run the check now' })).toBeNull();
    expect(screen.getByText('Only administrators can run the check.')).toBeTruthy();
  });

  it('shows a detail as text, never as markup', async () => {
    stubFetch({
      [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok(data({ breaches: [{ ...breaches[0]!, detail: XSS }] })),
    });
    const { container } = renderAt(routes, ADMIN_ROUTES.ledgerCheck);
    expect(await screen.findByText(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('speaks Indonesian', async () => {
    stubFetch({ [`GET ${LEDGER_CHECK_PATHS.latest}`]: () => ok(data()) });
    renderAt(routes, ADMIN_ROUTES.ledgerCheck, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pemeriksaan buku besar' })).toBeTruthy();
    const found = await screen.findByRole('table', { name: 'Pelanggaran pada pemeriksaan terakhir' });
    expect(found.textContent).toContain('Alokasi melebihi yang terutang');
    expect(screen.getByRole('button', { name: 'Jalankan pemeriksaan sekarang' })).toBeTruthy();
  });
});
