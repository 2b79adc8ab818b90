import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that are capabilities (decision 013): a browser or a web view opens them without the session
 * header (an `<img>`, a PDF or a download), so the link itself carries `exp` (unix seconds) and `sig`, an
 * HMAC of what it opens and until when. One mechanism for image links, certificate links and data
 * exports; each use has a key of its own (`purposeKey`), so one kind of link can never open another.
 */
export function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

const mac = (key: string | Buffer, subject: string, exp: number) =>
  createHmac('sha256', key).update(`${subject}.${exp}`).digest('base64url');

/** `exp` and `sig` for `subject`, valid for `ttlSeconds` from `nowMs`. */
export function signLink(
  key: string | Buffer,
  subject: string,
  ttlSeconds: number,
  nowMs: number,
): { exp: number; sig: string } {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  return { exp, sig: mac(key, subject, exp) };
}

/** Whether `sig` was made for this subject and `exp` (compared in constant time). */
export function validSignature(key: string | Buffer, subject: string, exp: number, sig: string): boolean {
  return Number.isSafeInteger(exp) && sameToken(mac(key, subject, exp), sig);
}

/** Same-length constant-time comparison of two secrets as text (tokens, signatures, hashes). */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether the link's time is still running at `nowMs`. */
export const unexpired = (exp: number, nowMs: number) => exp * 1000 >= nowMs;
