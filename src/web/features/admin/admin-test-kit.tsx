import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AdminComplaint, ComplaintQueue, QaNode, StaffSession } from '../../../shared/contract/admin.ts';
import type { Lang } from '../../../shared/markets.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setToaster } from '../../lib/toast.ts';
import { ShellProviders } from '../../ui/shell-providers.tsx';
import { adminKeys } from './admin-api.ts';

/** Test helpers of the back-office screens: a stubbed network edge (fetch and XHR), a session, a router. */

export function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ok = (data: unknown, message = '') => reply({ code: 0, data, message });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

type Handler = (call: Call) => Response | Promise<Response>;

/**
 * Replaces `fetch` with one answering by "METHOD path" (or just the path, for any method); every call is
 * recorded with its method, query, JSON body and headers.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`] ?? handlers[call.path];
    if (!handler)
      return reply({ code: '404', data: null, message: `no stub for ${call.method} ${call.path}` }, 404);
    return handler(call);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    callsTo: (path: string, method?: string) =>
      calls.filter((c) => c.path === path && (method === undefined || c.method === method)),
  };
}

/** Captures what the screens toast. */
export function captureToasts(): string[] {
  const shown: string[] = [];
  setToaster({ show: (m) => shown.push(m), loading: () => () => {} });
  return shown;
}

export const CSRF = 'csrf-token-of-this-session';

export function adminSession(overrides: Partial<StaffSession['staff']> = {}): StaffSession {
  return {
    staff: {
      id: 1,
      email: 'admin@kredito.test',
      name: 'Anita Admin',
      role: 'admin',
      markets: ['IN', 'ID'],
      ...overrides,
    },
    csrfToken: CSRF,
  };
}

export const agentSession = (): StaffSession =>
  adminSession({
    id: 2,
    email: 'agent.in@kredito.test',
    name: 'Rahul Agent',
    role: 'agent',
    markets: ['IN'],
  });

export function renderAt(
  routes: RouteObject[],
  path: string,
  { lang = 'en', session = adminSession() }: { lang?: Lang; session?: StaffSession | null } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No retries: a failure shows at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  // What the shell's session guard would have loaded before the screen renders.
  if (session) queryClient.setQueryData(adminKeys.session, session);
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

export const XSS = '<img src=x onerror=alert(1)>';

export function complaint(overrides: Partial<AdminComplaint> = {}): AdminComplaint {
  return {
    id: 7,
    market: 'IN',
    orderNo: 'IN001',
    borrowerName: 'Priya Sharma',
    type: 'Collection',
    subType: 'Calls to my contacts',
    status: 'processing',
    excerpt: 'They called my mother twice at night.',
    createdAt: '2026-11-20T04:30:00.000Z',
    deadline: '2026-11-25T18:29:59.999Z',
    overdue: true,
    imageCount: 2,
    score: null,
    detail: 'They called my mother twice at night.',
    images: ['/uploads/a1', '/uploads/b2'],
    replyText: '',
    replyImages: [],
    repliedAt: null,
    repliedBy: null,
    ratingDue: false,
    borrowerPhone: '98******10',
    order: {
      orderNo: 'IN001',
      productName: 'Salary Advance',
      status: 174,
      amount: '₹15,000',
      termDays: 91,
      collectionAllowed: true,
    },
    ...overrides,
  };
}

export function queue(overrides: Partial<ComplaintQueue> = {}): ComplaintQueue {
  const {
    detail: _d,
    images: _i,
    replyText: _r,
    replyImages: _ri,
    repliedAt: _ra,
    repliedBy: _rb,
    ratingDue: _rd,
    borrowerPhone: _p,
    order: _o,
    ...item
  } = complaint();
  return {
    items: [
      item,
      {
        ...item,
        id: 8,
        market: 'ID',
        overdue: false,
        status: 'processed',
        score: 4,
        excerpt: 'Dana belum masuk.',
        imageCount: 0,
      },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
    types: [
      { value: 1, title: 'Collection' },
      { value: 2, title: 'Repayment not credited' },
    ],
    ...overrides,
  };
}

export function qaNode(overrides: Partial<QaNode> & Pick<QaNode, 'id' | 'kind'>): QaNode {
  return {
    market: 'IN',
    parentId: 0,
    titleEn: `English ${overrides.id}`,
    titleId: `Indonesia ${overrides.id}`,
    aliasEn: null,
    aliasId: null,
    icon: null,
    actionType: 0,
    sort: 0,
    active: true,
    ...overrides,
  };
}
