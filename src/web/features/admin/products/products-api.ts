import type {
  AdminProduct,
  ProductCreateBody,
  ProductUpdateBody,
} from '../../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../../shared/contract/constants.ts';
import type { Market } from '../../../../shared/markets.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { adminRequest } from '../admin-api.ts';

/** Loan products in the back office (contract: shared/contract/admin.ts, `/admin-api/products`). */
export const PRODUCT_PATHS = {
  list: `${ADMIN_BASE}/products`,
  one: (id: number) => `${ADMIN_BASE}/products/${id}`,
  enabled: (id: number) => `${ADMIN_BASE}/products/${id}/enabled`,
} as const;

export const productKeys = {
  all: ['admin', 'products'] as const,
  list: (market: Market) => ['admin', 'products', 'list', market] as const,
  one: (id: number) => ['admin', 'products', 'one', id] as const,
};

/** Reads are silent: the screens show a failed load in place, with a retry. */
export function fetchProducts(market: Market): Promise<AdminProduct[]> {
  return unwrap(
    adminRequest<{ items: AdminProduct[] }>(PRODUCT_PATHS.list, { data: { market }, silent: true }),
  ).then((d) => d.items);
}

export function fetchProduct(id: number): Promise<AdminProduct> {
  return unwrap(adminRequest<AdminProduct>(PRODUCT_PATHS.one(id), { silent: true }));
}

/** Silent: the editor shows the server's refusal at the form itself. */
export function createProduct(body: ProductCreateBody, csrf: string) {
  return adminRequest<AdminProduct>(PRODUCT_PATHS.list, {
    method: 'POST',
    data: { ...body },
    csrf,
    silent: true,
  });
}

export function updateProduct(id: number, body: ProductUpdateBody, csrf: string) {
  return adminRequest<AdminProduct>(PRODUCT_PATHS.one(id), {
    method: 'PUT',
    data: { ...body },
    csrf,
    silent: true,
  });
}

/** Not silent: a refusal (terms missing or over the market's caps) is toasted with the server's words. */
export function setProductEnabled(id: number, enabled: boolean, csrf: string) {
  return adminRequest<AdminProduct>(PRODUCT_PATHS.enabled(id), { method: 'POST', data: { enabled }, csrf });
}
