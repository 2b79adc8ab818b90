import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import type { Lang } from '../../../shared/markets.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setToaster } from '../../lib/toast.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';

/** Test helpers of the product screens: a stubbed network edge (JSON and form bodies), toasts, a router. */

export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The `/indah` families' success (spec §8). */
export const ok00 = (data: unknown) => reply({ code: '00', data, message: '' });

export interface Call {
  path: string;
  method: string;
  query: URLSearchParams;
  /** The raw body as sent (a JSON text or a form-encoded string). */
  raw: string;
  /** The body read back: JSON parsed, or the form fields. */
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** Replaces `fetch` with one answering by path; every call is recorded with its body, read either way. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const raw = init?.body ? String(init.body) : '';
    const body: Record<string, unknown> = !raw
      ? {}
      : headers['content-type'] === 'application/x-www-form-urlencoded'
        ? Object.fromEntries(new URLSearchParams(raw))
        : (JSON.parse(raw) as Record<string, unknown>);
    const call: Call = {
      path: url.pathname,
      method: init?.method ?? 'GET',
      query: url.searchParams,
      raw,
      body,
      headers,
    };
    calls.push(call);
    const handler = handlers[url.pathname];
    if (!handler) return reply({ code: '404', data: null, message: `no stub for ${url.pathname}` }, 404);
    return handler(call);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** Captures what the screens toast. */
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

/** A native shell (the Android transport) that records what the page sends it. */
export function fakeNativeShell() {
  const postMessage = vi.fn<(json: string) => void>();
  (window as { AppBridge?: unknown }).AppBridge = { postMessage };
  return {
    postMessage,
    messages: () => postMessage.mock.calls.map(([json]) => JSON.parse(json) as Record<string, unknown>),
  };
}

export function removeNativeShell() {
  delete (window as { AppBridge?: unknown }).AppBridge;
}

export function product(id: number, overrides: Partial<RecommendedProduct> = {}): RecommendedProduct {
  return {
    id,
    productLogo: `/logos/${id}.png`,
    productName: `Product ${id}`,
    buttonStatus: 1,
    buttonText: 'Apply now',
    amountRange: '₹5,000 - ₹50,000',
    amountRangeDes: 'Loan amount',
    loan_rate: '0.08%/day',
    productDesc: `Description of product ${id}`,
    productTags: [`Tag ${id}a`, `Tag ${id}b`],
    ...overrides,
  };
}
