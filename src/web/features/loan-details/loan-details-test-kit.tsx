import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { LoanDetails, RecommendedProduct } from '../../../shared/contract/loans.ts';
import type { Lang } from '../../../shared/markets.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setToaster } from '../../lib/toast.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';

/** Test helpers of the loan-details screens: the network edge (fetch), toasts, the bridge, a router. */

export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ok = (data: unknown, message = '') => reply({ code: 0, data, message });

export interface Call {
  path: string;
  /** The body as sent: JSON, or form fields (all strings) for form-encoded calls. */
  body: Record<string, unknown>;
  contentType: string;
}

/** Answers a call; `signal` is the helper's abort (its timeout), which a real fetch obeys. */
type Handler = (body: Record<string, unknown>, signal?: AbortSignal) => Response | Promise<Response>;

/** Replaces `fetch` with one answering by path; every call is recorded with its decoded body. */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const contentType = headers['content-type'] ?? '';
    const raw = init?.body ? String(init.body) : '';
    const body: Record<string, unknown> = !raw
      ? {}
      : contentType.includes('x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : (JSON.parse(raw) as Record<string, unknown>);
    calls.push({ path: url.pathname, body, contentType });
    const handler = handlers[url.pathname];
    if (!handler) return reply({ code: '404', data: null, message: `no stub for ${url.pathname}` }, 404);
    return handler(body, init?.signal ?? undefined);
  }) as unknown as typeof fetch;
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** Captures what the screens toast. */
export function captureToasts(): string[] {
  const shown: string[] = [];
  setToaster({ show: (m) => shown.push(m), loading: () => () => {} });
  return shown;
}

/** Stands in for the Android shell: every bridge message the page sends, parsed. */
export function captureBridge(): { messages: Record<string, unknown>[]; remove: () => void } {
  const messages: Record<string, unknown>[] = [];
  (window as { AppBridge?: unknown }).AppBridge = {
    postMessage: (json: string) => messages.push(JSON.parse(json) as Record<string, unknown>),
  };
  return { messages, remove: () => delete (window as { AppBridge?: unknown }).AppBridge };
}

export function renderAt(routes: RouteObject[], entries: string[], lang: Lang = 'en') {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
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
 * Lets pending replies and renders through while the clock is faked (Testing Library's `findBy…` waits
 * on a timer of its own); TanStack Query tells React about new data on a zero-delay timer.
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

export function product(id: number, overrides: Partial<RecommendedProduct> = {}): RecommendedProduct {
  return {
    id,
    productLogo: `/logo-${id}.png`,
    productName: `Product ${id}`,
    buttonStatus: 1,
    buttonText: 'Apply',
    amountRange: '₹5,000 - ₹50,000',
    amountRangeDes: 'Loan amount',
    loan_rate: '0.08%/day',
    productDesc: 'Money in 2 hours',
    productTags: ['Fast'],
    ...overrides,
  };
}

export function loanDetails(overrides: Partial<LoanDetails> = {}): LoanDetails {
  return {
    orderNo: 'IN001',
    orderStatus: 21,
    noticeStatusText: 'Under review',
    noticeDesText: 'We are checking your application.',
    productId: 9,
    productName: 'Salary Advance',
    productLogo: '/logo.png',
    userOrderDetail: {
      detail: [
        { text: 'Loan amount', value: '₹15,000' },
        { text: 'Due date', value: '12 Dec 2026' },
      ],
    },
    recProducts: [product(3), product(4)],
    h5Url: '/installment?orderId=IN001&productId=9',
    delayUrl: '/repaymentDelay?orderId=IN001&productId=9',
    isDelay: '0',
    isScore: '0',
    telephone: '1800 123 456',
    coolingOff: null,
    ...overrides,
  };
}
