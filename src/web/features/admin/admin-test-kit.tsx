import type { RouteObject } from 'react-router';
import type { AdminComplaint, ComplaintQueue, QaNode, StaffSession } from '../../../shared/contract/admin.ts';
import type { Lang } from '../../../shared/markets.ts';
import { renderAt as renderScreen, testQueryClient } from '../../test/screen-kit.tsx';
import { adminKeys } from './admin-api.ts';

/** Test helpers of the back-office screens: the shared network edge, toasts and router, a session, data. */

export { type FetchCall, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
export { captureToasts, Marker } from '../../test/screen-kit.tsx';

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
  const queryClient = testQueryClient();
  // What the shell's session guard would have loaded before the screen renders.
  if (session) queryClient.setQueryData(adminKeys.session, session);
  return renderScreen(routes, path, lang, queryClient);
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
