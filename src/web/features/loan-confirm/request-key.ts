import { REQUEST_KEY_PATTERN } from '../../../shared/contract/constants.ts';

/**
 * The idempotency key of a loan confirmation (security baseline: `Idempotency-Key` on order-creating
 * posts). One key per choice — product, amount and term — made the first time that choice is confirmed
 * and kept in the tab's session storage, so a retry after a timeout, a double tap or a reload of the page
 * sends the same key and the server answers with the order it already made instead of making a second.
 * Another amount or term is another loan, so it gets a key of its own.
 */
const PREFIX = 'loan-confirm:request-key:';
// Only where the tab's storage refuses (private modes): keys then live for this page, which still covers
// retries and double taps, though not a reload.
const memory = new Map<string, string>();

function slot(productId: number, amount: number, periods: number): string {
  return `${PREFIX}${productId}:${amount}:${periods}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** 32 hex characters from the platform's secure random source. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  // Older web views have getRandomValues but not randomUUID (and randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function requestKeyFor(productId: number, amount: number, periods: number): string {
  const name = slot(productId, amount, periods);
  const store = storage();
  let kept: string | null | undefined;
  try {
    kept = store?.getItem(name);
  } catch {
    kept = null;
  }
  kept ||= memory.get(name);
  if (kept && REQUEST_KEY_PATTERN.test(kept)) return kept;
  const key = newRequestKey();
  try {
    if (!store) throw new Error('no storage');
    store.setItem(name, key);
  } catch {
    memory.set(name, key);
  }
  return key;
}

/**
 * Once the server has answered with the order, the key has done its work: the page leaves, and a later
 * visit that confirms the same choice asks for a new loan, which the server judges on its own.
 */
export function forgetRequestKey(productId: number, amount: number, periods: number): void {
  const name = slot(productId, amount, periods);
  memory.delete(name);
  try {
    storage()?.removeItem(name);
  } catch {
    // nothing kept there
  }
}
