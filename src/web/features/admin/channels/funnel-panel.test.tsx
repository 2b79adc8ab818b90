import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS_ADMIN_PATHS, contrastRatio } from '../../../../shared/contract/channels-admin.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  captureToasts,
  type FetchCall,
  ok,
  renderAt,
  reply,
  stubFetch,
} from '../admin-test-kit.tsx';
import { emptyFunnel, funnelData } from './channels-test-kit.ts';
import { SERIES } from './funnel-chart.tsx';
import { FunnelPanel } from './funnel-panel.tsx';
import { MarketFunnelPage } from './market-funnel-page.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: `${ADMIN_ROUTES.channels}/funnel`, Component: MarketFunnelPage },
  { path: `${ADMIN_ROUTES.channels}/:id`, element: <FunnelPanel templateId={5} market="IN" /> },
];

beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const funnelCalls = (net: { callsTo: (p: string) => FetchCall[] }) =>
  net.callsTo(CHANNELS_ADMIN_PATHS.funnel);
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('FunnelPanel', () => {
  it('loads the server’s last 14 days, then shows totals, conversion, the chart with its legend and the table', async () => {
    let answer: (r: Response) => void = () => {};
    const net = stubFetch({
      [CHANNELS_ADMIN_PATHS.funnel]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAt(routes, ADMIN_ROUTES.channel(5));
    expect((await screen.findByRole('status')).textContent).toContain('Loading the funnel…');
    answer(ok(funnelData()));
    await screen.findByRole('heading', { level: 3, name: 'Totals, 10 Nov 2026 to 12 Nov 2026' });
    // No range asked: the server chose, and the inputs say which.
    const call = funnelCalls(net)[0]!;
    expect(call.query.get('templateId')).toBe('5');
    expect([call.query.get('from'), call.query.get('to'), call.query.get('market')]).toEqual([
      null,
      null,
      null,
    ]);
    expect(input('From').value).toBe('2026-11-10');
    expect(input('To').value).toBe('2026-11-12');
    expect(screen.getByText('Days are IST days.', { exact: false })).toBeTruthy();

    const totals = screen.getByRole('heading', { level: 3 }).nextElementSibling as HTMLElement;
    const fact = (label: string) =>
      within(totals).getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(fact('Visits')).toBe('1,203');
    expect(fact('Register taps')).toBe('302');
    expect(fact('SMS codes sent')).toBe('98');
    expect(fact('Registrations')).toBe('152');
    expect(fact('Conversion')).toBe('12.6%');

    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Bar chart of 3 days from 10 Nov 2026 to 12 Nov 2026: 1,203 visits, 302 register taps, 98 SMS codes sent, 152 registrations. The table below has every day.',
    );
    // Four bars for a day with all four counts, none for an empty day; each says what it is.
    expect(chart.querySelectorAll('rect')).toHaveLength(8);
    expect([...chart.querySelectorAll('rect title')].map((t) => t.textContent)).toContain(
      '10 Nov: 1,200 Visits',
    );
    expect(screen.getByRole('region', { name: 'Chart, scroll sideways for more days' }).tabIndex).toBe(0);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Visits', 'Register taps', 'SMS codes sent', 'Registrations']);

    const table = screen.getByRole('table', { name: 'Funnel per day, 10 Nov 2026 to 12 Nov 2026' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'DayVisitsRegister tapsSMS codes sentRegistrationsConversion',
      '10 Nov 20261,2003009615012.5%',
      '11 Nov 202600000.0%',
      '12 Nov 2026322266.7%',
    ]);
  });

  it('asks for the range typed, kept in the address bar', async () => {
    const net = stubFetch({ [CHANNELS_ADMIN_PATHS.funnel]: () => ok(funnelData()) });
    const { router } = renderAt(routes, ADMIN_ROUTES.channel(5));
    await screen.findByRole('img');
    fireEvent.input(input('From'), { target: { value: '2026-10-01' } });
    fireEvent.input(input('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(funnelCalls(net)).toHaveLength(2));
    const call = funnelCalls(net)[1]!;
    expect([call.query.get('from'), call.query.get('to')]).toEqual(['2026-10-01', '2026-10-31']);
    expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-31');
  });

  it('refuses a backward, missing or too long range at its field, without asking the server', async () => {
    const net = stubFetch({ [CHANNELS_ADMIN_PATHS.funnel]: () => ok(funnelData()) });
    renderAt(routes, ADMIN_ROUTES.channel(5));
    await screen.findByRole('img');
    fireEvent.input(input('From'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('The start date must not be after the end date.')).toBeTruthy();
    expect(input('From').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('From'));

    fireEvent.input(input('From'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Choose at most 92 days.')).toBeTruthy();
    expect(document.activeElement).toBe(input('To'));

    fireEvent.input(input('To'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Choose a date.')).toBeTruthy();
    expect(funnelCalls(net)).toHaveLength(1);
  });

  it('says when nothing happened in the range', async () => {
    stubFetch({ [CHANNELS_ADMIN_PATHS.funnel]: () => ok(emptyFunnel()) });
    renderAt(routes, `${ADMIN_ROUTES.channel(5)}?from=2026-11-10&to=2026-11-12`);
    expect(await screen.findByText('No visits in this range.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(input('From').value).toBe('2026-11-10');
  });

  it('shows a failed load with a retry that loads it', async () => {
    let fail = true;
    stubFetch({
      [CHANNELS_ADMIN_PATHS.funnel]: () =>
        fail ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503) : ok(funnelData()),
    });
    renderAt(routes, ADMIN_ROUTES.channel(5));
    expect((await screen.findByRole('alert')).textContent).toContain('The service is busy.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img')).toBeTruthy();
  });

  it('speaks Indonesian, with Indonesian numbers', async () => {
    stubFetch({ [CHANNELS_ADMIN_PATHS.funnel]: () => ok(funnelData()) });
    renderAt(routes, ADMIN_ROUTES.channel(5), { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Corong' })).toBeTruthy();
    await screen.findByRole('img');
    expect(screen.getByText(/Hari dihitung menurut waktu IST/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tampilkan' })).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('10 Nov 20261.2003009615012,5%');
    expect(screen.getByRole('list', { name: 'Keterangan' }).textContent).toContain('Kode SMS terkirim');
  });
});

describe('MarketFunnelPage', () => {
  it('shows all of a market’s templates together, for the operator’s own market only', async () => {
    const net = stubFetch({
      [CHANNELS_ADMIN_PATHS.funnel]: () => ok(funnelData({ templateId: null, market: 'IN' })),
    });
    // An agent of India asking for Indonesia gets India.
    renderAt(routes, `${ADMIN_ROUTES.channels}/funnel?market=ID`, { session: agentSession() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Funnel of all India templates' }),
    ).toBeTruthy();
    await screen.findByRole('img');
    const call = funnelCalls(net)[0]!;
    expect([call.query.get('market'), call.query.get('templateId')]).toEqual(['IN', null]);
  });
});

describe('the funnel’s rules', () => {
  it('draws each series in a colour that stands out from the white card (3:1 for graphics)', () => {
    for (const s of SERIES) expect(contrastRatio(s.colour, '#ffffff'), s.key).toBeGreaterThanOrEqual(3);
  });
});
