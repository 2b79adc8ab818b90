import type {
  AdminOrder,
  AdminOrders,
  AdminPayment,
  OrderActionBody,
} from '../../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../../shared/contract/constants.ts';
import type { Market } from '../../../../shared/markets.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { adminRequest } from '../admin-api.ts';

/** Orders in the back office (contract: shared/contract/admin.ts, `/admin-api/orders`). */
export const ORDER_PATHS = {
  search: `${ADMIN_BASE}/orders`,
  one: (orderNo: string) => `${ADMIN_BASE}/orders/${encodeURIComponent(orderNo)}`,
  actions: (orderNo: string) => `${ADMIN_BASE}/orders/${encodeURIComponent(orderNo)}/actions`,
  payments: (orderNo: string) => `${ADMIN_BASE}/orders/${encodeURIComponent(orderNo)}/payments`,
} as const;

export interface OrderFilters {
  q?: string;
  status?: number;
  market?: Market;
}

export const orderKeys = {
  all: ['admin', 'orders'] as const,
  search: (filters: OrderFilters) => ['admin', 'orders', 'search', filters] as const,
  one: (orderNo: string) => ['admin', 'orders', 'one', orderNo] as const,
  payments: (orderNo: string) => ['admin', 'orders', 'payments', orderNo] as const,
};

/** Only the filters in use become query params: an empty one would be a filter for "". */
export function searchOrders(filters: OrderFilters, cursor: string | null): Promise<AdminOrders> {
  const data: Record<string, string> = {};
  if (filters.q) data.q = filters.q;
  if (filters.status !== undefined) data.status = String(filters.status);
  if (filters.market) data.market = filters.market;
  if (cursor) data.cursor = cursor;
  return unwrap(adminRequest<AdminOrders>(ORDER_PATHS.search, { data, silent: true }));
}

export function fetchOrder(orderNo: string): Promise<AdminOrder> {
  return unwrap(adminRequest<AdminOrder>(ORDER_PATHS.one(orderNo), { silent: true }));
}

/** An order's payments with their allocations, newest first (issue 9). */
export function fetchOrderPayments(orderNo: string): Promise<AdminPayment[]> {
  return unwrap(adminRequest<AdminPayment[]>(ORDER_PATHS.payments(orderNo), { silent: true }));
}

/** Silent: the order page shows a refusal next to the decision it is about. */
export function decideOrder(orderNo: string, body: OrderActionBody, csrf: string, loadingText: string) {
  return adminRequest<AdminOrder>(ORDER_PATHS.actions(orderNo), {
    method: 'POST',
    data: { ...body },
    csrf,
    silent: true,
    loadingText,
  });
}
