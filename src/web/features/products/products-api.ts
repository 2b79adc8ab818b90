import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { SiteConfig } from '../../../shared/contract/site.ts';
import { products } from '../../../shared/i18n/products.ts';
import type { Market } from '../../../shared/markets.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';

// The product screens' copy loads with them (every product page imports this module).
addCopy({ products });

/**
 * The product screens' calls (spec §7, contract in shared/contract/loans.ts). The first queries of the
 * list screens live in product-queries.ts (the H5 entry holds it for the route loaders); the rest are
 * here. `/indah/…` calls succeed with '00', which the request helper counts as success (reply-codes.ts).
 */
export * from './product-queries.ts';

/** Analytics of a tap: silent, and nobody waits for it (a lost event must not slow the borrower down). */
export function savePageEvent(productId: number, moduleId: number, positionId: number) {
  return request<null>(LOAN_PATHS.pageEvent, { data: { productId, moduleId, positionId }, silent: true });
}

/** Not silent: a refusal (a live loan, full today, …) is toasted with the server's words. */
export function applyProduct(productId: number, moduleId: number, scene: string) {
  return request<{ url: string }>(LOAN_PATHS.apply, {
    data: { product_id: productId, module_id: moduleId, ...(scene ? { scene } : {}) },
  });
}

/** The joint-login failure's click event (form-encoded); silent like every analytics call. */
export function standClick(productId: number, position: number) {
  return request<null>(LOAN_PATHS.standClick, {
    data: { productId, position },
    flavour: 'form',
    silent: true,
  });
}

/** "Go to product" from the joint-login failure (form-encoded): the target URL, or a toasted refusal. */
export function standJump(productId: number, moduleId: number, position: number) {
  return request<{ url: string }>(LOAN_PATHS.standJump, {
    data: { productId, moduleId, position },
    flavour: 'form',
  });
}

/** The company's details for a market (name, licence, address, phone, e-mail), as operators set them. */
export const SITE_CONFIG_PATH = '/vdthg/v1/site/config';

export function siteConfigQuery(market: Market) {
  return {
    queryKey: ['site', 'config', market] as const,
    queryFn: () =>
      unwrap(request<SiteConfig>(SITE_CONFIG_PATH, { method: 'GET', data: { market }, silent: true })),
    // Operators rarely change these: no need to ask again while the borrower moves between screens.
    staleTime: 5 * 60_000,
    retry: false,
    retryOnMount: false,
  };
}
