import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { LoanConfirm } from '../../../shared/contract/loans.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setToaster } from '../../lib/toast.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';

/** Test helpers of the loan confirmation: a stubbed network edge, toasts, a router, offers. */

export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ok = (data: unknown, message = '') => reply({ code: 0, data, message });

/** What a handler returns to make the call fail as a lost connection does (fetch rejects). */
export const NETWORK_DOWN = Symbol('network down');

export interface Call {
  path: string;
  method: string;
  /** The JSON body of a POST. */
  body: Record<string, unknown>;
  /** The query string, for GET calls' parameters. */
  query: Record<string, string>;
}

type Handler = (
  input: Record<string, unknown>,
) => Response | typeof NETWORK_DOWN | Promise<Response | typeof NETWORK_DOWN>;

/**
 * Replaces `fetch` with one answering by path. A handler gets the POST body, or for a GET its query
 * parameters; every call is recorded.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const query = Object.fromEntries(url.searchParams);
    const method = init?.method ?? 'GET';
    calls.push({ path: url.pathname, method, body, query });
    const handler = handlers[url.pathname];
    if (!handler) return reply({ code: '404', data: null, message: `no stub for ${url.pathname}` }, 404);
    const answer = await handler(method === 'GET' ? query : body);
    if (answer === NETWORK_DOWN) throw new TypeError('Failed to fetch');
    return answer;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function captureToasts(): string[] {
  const shown: string[] = [];
  setToaster({ show: (m) => shown.push(m), loading: () => () => {} });
  return shown;
}

export function renderAt(routes: RouteObject[], path: string, lang: Lang = 'en') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const view = render(
    <ShellProviders i18n={createI18n(lang)} queryClient={queryClient}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
  return { ...view, router, queryClient };
}

/** A marker page standing in for a screen we navigate to. */
export function Marker({ name }: { name: string }) {
  return <p data-testid="marker">{name}</p>;
}

/** A promise whose settling the test decides. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending replies and renders through. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export const PRODUCT = {
  amountMin: 200_000,
  amountMax: 8_000_000,
  amountStep: 100_000,
  terms: [91, 120, 180],
};

/**
 * An offer as the server writes it, its figures following the amount and term (so a test can tell a new
 * quote from the old one): interest 0.08 %/day, a 5 % processing fee kept from the disbursal.
 */
export function offer(
  amount: number = PRODUCT.amountMax,
  periods: number = Math.max(...PRODUCT.terms),
  overrides: Partial<LoanConfirm> = {},
  market: Market = 'IN',
): LoanConfirm {
  const money = (minor: number) => formatMoney(minor, market);
  const fee = Math.round(amount * 0.05);
  const interest = Math.round((amount * periods * 8) / 10_000);
  const total = amount + interest;
  return {
    productId: 7,
    productLogo: '/logo/quick-cash.png',
    productName: 'Quick Cash',
    amount,
    amountText: money(amount),
    periods,
    termUnit: 'day',
    choices: {
      amountMin: PRODUCT.amountMin,
      amountMax: PRODUCT.amountMax,
      amountStep: PRODUCT.amountStep,
      amountMinText: money(PRODUCT.amountMin),
      amountMaxText: money(PRODUCT.amountMax),
      terms: PRODUCT.terms,
    },
    pRateDsc: 'Interest 0.08%/day',
    details: [
      { title: 'Loan amount', value: money(amount) },
      { title: 'Term', value: `${periods} days` },
    ],
    repay_plans: [
      {
        title: 'Single repayment',
        description: `Principal ${money(amount)} + interest ${money(interest)}`,
        amount: money(total),
        pay_time: `Due day ${periods}`,
      },
    ],
    keyFacts: {
      title: 'Key fact statement',
      rows: [
        { key: 'principal', title: 'Loan amount', value: money(amount) },
        { key: 'disbursed', title: 'Amount disbursed to you', value: money(amount - fee) },
        { key: 'fee.processing', title: 'Processing fee (kept from the disbursal)', value: money(fee) },
        { key: 'interest', title: 'Interest', value: money(interest) },
        { key: 'total', title: 'Total repayable', value: money(total) },
        { key: 'apr', title: 'Annual percentage rate (APR)', value: '48.12%' },
        { key: 'dueDate', title: 'Due date', value: `day ${periods}` },
        { key: 'coolingOff', title: 'Cooling-off period', value: '3 days' },
        { key: 'lateCharges', title: 'Late charges', value: 'Late fee ₹1,000; 5%/day from day 1' },
      ],
      principal: amount,
      disbursed: amount - fee,
      interest,
      fees: [{ name: 'processing', title: 'Processing fee', amount: fee, timing: 'upfront' }],
      totalRepayable: total,
      aprBp: 4812,
      dueDates: ['2027-05-20'],
      coolingOffDays: 3,
    },
    isPopType: 0,
    popTitle: '',
    popContent: '',
    popAgreementUrl: '',
    languageType: 1,
    note: 'Figures if the loan were disbursed today.',
    ...overrides,
  };
}
