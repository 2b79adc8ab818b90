import { CONTRACT_SCENE, LOAN_PATHS } from '../../../shared/contract/constants.ts';
import { loanConfirm } from '../../../shared/i18n/loan-confirm.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { withSessionParams } from '../../lib/session-params.ts';
import { loanConfirmKeys } from './loan-confirm-queries.ts';
import { requestKeyFor } from './request-key.ts';

// The loan confirmation's and the agreement's copy loads with their screens (both import this module).
addCopy({ loanConfirm });

/**
 * The loan confirmation's calls besides its first query (spec §7, contract in shared/contract/loans.ts):
 * the agreements list, the jump to one agreement, and the push that makes the order.
 */
export * from './loan-confirm-queries.ts';

export interface ContractItem {
  title: string;
  position: number;
}

export function contractsQuery(productId: number) {
  return {
    queryKey: [...loanConfirmKeys.all, 'contracts', productId] as const,
    // Silent: the screen says in place that the list is missing, with a retry.
    queryFn: () =>
      unwrap(
        request<ContractItem[]>(LOAN_PATHS.contracts, {
          method: 'GET',
          data: { productId, scene: CONTRACT_SCENE },
          silent: true,
        }),
      ),
    staleTime: 5 * 60_000,
  };
}

/** Not silent: a refusal is toasted with the server's words and the borrower stays on the page. */
export function contractJump(productId: number, position: number) {
  return request<{ contract_url: string }>(LOAN_PATHS.contractJump, {
    method: 'GET',
    data: { productId, scene: CONTRACT_SCENE, position },
  });
}

export interface PushChoice {
  productId: number;
  /** Minor units, as the quote on screen says. */
  amount: number;
  /** Days, as the quote on screen says. */
  periods: number;
  /** The quote on screen (`quote.id`): the server books exactly it, or refuses (decision 046). */
  quoteId: string;
}

/**
 * The confirmation (spec §7 loan-detail-push), with the choice's request key: the same choice always
 * sends the same key (request-key.ts). Not silent: a refusal is toasted in the borrower's language.
 */
export function pushLoan(choice: PushChoice) {
  return request<{ lendDetailsUrl: string; orderNo: string }>(LOAN_PATHS.push, {
    data: {
      productId: choice.productId,
      amount: choice.amount,
      periods: choice.periods,
      termUnit: 'day',
      agreed: true,
      requestKey: requestKeyFor(choice.productId, choice.amount, choice.periods),
      quoteId: choice.quoteId,
    },
  });
}

/** A path of our own (`/x`, not `//host` nor `/\host`, which browsers read as another host). */
export function isOwnPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** `url` with one more query parameter, before any hash; `?` or `&` as the URL needs. */
export function addParam(url: string, name: string, value: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`;
}

/**
 * Where a confirmed loan goes (spec §4): the order's details with `from=confirm`, and the borrower's
 * identity as the app opens pages (never the credentials). Null for anything that is neither our own
 * path nor a web address (a `javascript:` URL must never reach `location`).
 */
export function confirmedUrl(lendDetailsUrl: string): string | null {
  const url = lendDetailsUrl.trim();
  if (!isOwnPath(url) && !isWebUrl(url)) return null;
  return withSessionParams(addParam(url, 'from', 'confirm'));
}

/**
 * What may be shown in the agreement popup's frame: our own agreement page (embedded: no page header)
 * or a web address. Null for anything else.
 */
export function popupFrameUrl(url: string): string | null {
  const target = url.trim();
  if (isOwnPath(target)) {
    const embedded = /[?&]embed=/.test(target) ? target : addParam(target, 'embed', '1');
    return withSessionParams(embedded);
  }
  return isWebUrl(target) ? target : null;
}

/** The page's own navigation, one object so that tests can watch it. */
export const pageLocation = {
  replace(url: string): void {
    window.location.replace(url);
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
