/** Browser paths of the back office (served with admin.html: shared/routes.ts, prefix `/admin`). */
export const ADMIN_ROUTES = {
  root: '/admin',
  login: '/admin/login',
  complaints: '/admin/complaints',
  complaint: (id: number | string) => `/admin/complaints/${id}`,
  chatbot: '/admin/chatbot',
  complaintTypes: '/admin/complaint-types',
  messages: '/admin/messages',
  products: '/admin/products',
  product: (id: number | string) => `/admin/products/${id}`,
  /** A new product, for `market` when given. */
  newProduct: (market?: string) => `/admin/products/new${market ? `?market=${market}` : ''}`,
  channels: '/admin/channels',
  channel: (id: number | string) => `/admin/channels/${id}`,
  /** A new landing template, for `market` when given. */
  newChannel: (market?: string) => `/admin/channels/new${market ? `?market=${market}` : ''}`,
  /** The funnel of all of a market's templates together. */
  channelsFunnel: (market?: string) => `/admin/channels/funnel${market ? `?market=${market}` : ''}`,
  orders: '/admin/orders',
  order: (orderNo: string) => `/admin/orders/${encodeURIComponent(orderNo)}`,
  payments: '/admin/payments',
  ledgerCheck: '/admin/ledger-check',
  jobs: '/admin/jobs',
  audit: '/admin/audit',
  dataRights: '/admin/data-rights',
  dataRightsRequest: (id: number | string) => `/admin/data-rights/${id}`,
  borrowers: '/admin/borrowers',
  borrower: (id: number | string) => `/admin/borrowers/${id}`,
  verification: '/admin/verification',
} as const;

/** The sign-in page, remembering where the operator was going. */
export function loginPath(next: string): string {
  return next && next !== ADMIN_ROUTES.root
    ? `${ADMIN_ROUTES.login}?${new URLSearchParams({ next })}`
    : ADMIN_ROUTES.login;
}

/**
 * Where to go after signing in. Only our own back-office paths: `next` comes from the address bar, and an
 * open redirect on a sign-in page is a phishing tool (`//evil.example`, `https://…`, `/\evil`).
 */
export function safeNext(next: string | null): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.startsWith(ADMIN_ROUTES.login)) {
    return ADMIN_ROUTES.complaints;
  }
  return next;
}
