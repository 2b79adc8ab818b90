import { signLink, unexpired, validSignature } from '../../signed-links.ts';

/**
 * Image URLs are capabilities: `<path>/<id>?exp=<unix seconds>&sig=<hmac>`. An `<img>` cannot send the
 * borrower's Authorization header, so the server hands the owner (and staff) short-lived signed links
 * instead, and serves an image only with a valid, unexpired signature.
 */
export const IMAGE_URL_TTL_SECONDS = 3600;

export function signImagePath(base: string, id: string, secret: string, nowMs = Date.now()): string {
  const { exp, sig } = signLink(secret, id, IMAGE_URL_TTL_SECONDS, nowMs);
  return `${base}/${id}?exp=${exp}&sig=${sig}`;
}

export function verifyImageSignature(
  id: string,
  exp: number,
  sig: string,
  secret: string,
  nowMs = Date.now(),
): boolean {
  return Number.isSafeInteger(exp) && unexpired(exp, nowMs) && validSignature(secret, id, exp, sig);
}

/** The upload id inside one of our image URLs (signed or not), or null for anything else. */
export function uploadIdFromUrl(url: string, base: string): string | null {
  const path = url.trim().replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(`${base}/`)) return null;
  const id = path.slice(base.length + 1).split('?')[0]!;
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? id : null;
}
