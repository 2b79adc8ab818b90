import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Image URLs are capabilities: `<path>/<id>?exp=<unix seconds>&sig=<hmac>`. An `<img>` cannot send the
 * borrower's Authorization header, so the server hands the owner (and staff) short-lived signed links
 * instead, and serves an image only with a valid, unexpired signature.
 */
export const IMAGE_URL_TTL_SECONDS = 3600;

function mac(secret: string, id: string, exp: number): string {
  return createHmac('sha256', secret).update(`${id}.${exp}`).digest('base64url');
}

export function signImagePath(base: string, id: string, secret: string, nowMs = Date.now()): string {
  const exp = Math.floor(nowMs / 1000) + IMAGE_URL_TTL_SECONDS;
  return `${base}/${id}?exp=${exp}&sig=${mac(secret, id, exp)}`;
}

export function verifyImageSignature(
  id: string,
  exp: number,
  sig: string,
  secret: string,
  nowMs = Date.now(),
): boolean {
  if (!Number.isSafeInteger(exp) || exp * 1000 < nowMs) return false;
  const expected = Buffer.from(mac(secret, id, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The upload id inside one of our image URLs (signed or not), or null for anything else. */
export function uploadIdFromUrl(url: string, base: string): string | null {
  const path = url.trim().replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(`${base}/`)) return null;
  const id = path.slice(base.length + 1).split('?')[0]!;
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}
