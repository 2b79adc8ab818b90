/**
 * Values the H5 screens read from their address, checked before any request is made with them. Here, not
 * in one screen's queries, because several features read the same params (decision 055).
 */

/** A positive whole number from the address, or null. */
export function positiveIntParam(params: URLSearchParams, name: string): number | null {
  const n = Number(params.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The order number of the address (`orderId`), or null when it is not letters and digits. */
export function orderIdParam(params: URLSearchParams): string | null {
  const v = params.get('orderId') ?? '';
  return /^[A-Za-z0-9]{1,32}$/.test(v) ? v : null;
}
