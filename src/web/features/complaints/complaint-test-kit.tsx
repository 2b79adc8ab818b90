import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { OrderCard, ProblemDetail, ProblemInit } from '../../../shared/contract/complaints.ts';
import type { Lang } from '../../../shared/markets.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setToaster } from '../../lib/toast.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';

/** Test helpers of the complaint screens: a stubbed network edge (fetch and XHR), toasts, a router. */

export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ok = (data: unknown, message = '') => reply({ code: 0, data, message });

export interface Call {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type Handler = (body: Record<string, unknown>) => Response | Promise<Response>;

/** Replaces `fetch` with one answering by path; every call is recorded with its JSON body. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = handlers[url.pathname];
    if (!handler) return reply({ code: '404', data: null, message: `no stub for ${url.pathname}` }, 404);
    return handler(body);
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
  // No retries: a failure shows at once, and a timer test is not disturbed by a retry's delay.
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

/**
 * Lets pending replies and renders through while the clock is faked. Testing Library's `findBy…`
 * cannot be used then (it waits on a `setTimeout` of its own), and TanStack Query tells React about
 * new data on a zero-delay timer: advancing by 0 runs it without moving the clock.
 */
export async function settle(until: () => boolean, rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    if (until()) return;
    await act(async () => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  throw new Error('the screen did not reach the expected state');
}

/** A marker page standing in for a screen we navigate to. */
export function Marker({ name }: { name: string }) {
  return <p data-testid="marker">{name}</p>;
}

export function orderCard(orderNo: string, isShow: 0 | 1, productName = `Product ${orderNo}`): OrderCard {
  return {
    orderNo,
    productLogo: '/logo.png',
    productName,
    status: isShow ? 'Repayment due' : 'Under review',
    statusCode: isShow ? 174 : 21,
    rows: [
      { title: 'Loan amount', value: '₹15,000' },
      { title: 'Order number', value: orderNo },
    ],
    isShow,
  };
}

export function problemInit(overrides: Partial<ProblemInit> = {}): ProblemInit {
  const orders = [orderCard('IN003', 0, 'Quick Cash'), orderCard('IN001', 1, 'Salary Advance')];
  return {
    problemType: [
      { title: 'Collection', value: 1 },
      { title: 'Repayment not credited', value: 2 },
      { title: 'App problem', value: 5 },
    ],
    problemSonType: [
      { title: 'Rude or threatening calls', value: 11 },
      { title: 'Calls to my contacts', value: 12 },
    ],
    orderDetail: orders[0]!,
    orderList: orders,
    problemStatus: { processing: 2, processed: 1, ratingDue: 1 },
    ...overrides,
  };
}

export function problemDetail(overrides: Partial<ProblemDetail> = {}): ProblemDetail {
  return {
    problemId: 7,
    type: 'Collection',
    sonType: 'Calls to my contacts',
    content: 'They called my mother twice at night.',
    images: ['/img/a.png', '/img/b.png'],
    disposeDetail: 'We have warned the agency and stopped the calls.',
    disposeImages: ['/img/reply.png'],
    isScore: 0,
    status: 'processed',
    orderNo: 'IN001',
    createdAt: '2026-11-20T04:30:00.000Z',
    deadline: '2026-11-25T18:29:59.999Z',
    score: null,
    ...overrides,
  };
}

/**
 * Puts real stylesheets into the test document, so a test can ask what the browser would compute
 * (happy-dom applies selectors, specificity and custom properties; it does no layout). Vitest empties
 * CSS imports, so the files are read from disk. Paths are relative to this folder; `@import`s are
 * dropped (list the imported file instead). Returns the cleanup.
 */
export function applyStyles(...files: string[]): () => void {
  const style = document.createElement('style');
  style.textContent = files
    .map((file) => readFileSync(path.resolve(import.meta.dirname, file), 'utf8'))
    .join('\n')
    .replace(/@import[^;]+;/g, '');
  document.head.append(style);
  return () => style.remove();
}

function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const n = Number.parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\((\d+)[ ,]+(\d+)[ ,]+(\d+)/.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not a colour: ${colour}`);
}

/** WCAG 2 contrast ratio of two colours (`#rrggbb` or `rgb(…)`). */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = channels(colour).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
