import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Query and body keys whose values never reach a log line (security baseline: 16.2.5). */
const SENSITIVE_KEYS = new Set([
  'token',
  'phone',
  'mobile',
  'telephone',
  'smscode',
  'capcode',
  'imgvalidate',
  'verifycode',
  'code',
  'password',
  'cardno',
  'email',
  'idno',
  'accountno',
]);

/**
 * Query keys whose values may be logged: the shell's launch parameters that name no person or device,
 * screen and paging choices, and our own order and product numbers (what support reads a log for). Every
 * other key's value is redacted, by rule rather than by name: a search box (`q`, a phone number), a link's
 * signature (`sig`), a device id, a code, and whatever key a later route adds until it is judged harmless
 * here (issue 29).
 */
const LOGGABLE_QUERY_KEYS = new Set([
  'market',
  'version',
  'type',
  'devicename',
  'osversion',
  'platform',
  'appversion',
  'isneedpop',
  'lang',
  'productid',
  'orderid',
  'orderno',
  'position',
  'embed',
  'id',
  'status',
  'after',
  'cursor',
  'page',
  'kind',
]);

const REDACTED = '[REDACTED]';

/**
 * A path segment that is itself personal data or a credential: a phone number (nine digits or more,
 * however spelled), an e-mail address, or a token (twenty characters or more of letters and digits
 * mixed, as signed ids, session tokens and hashes are). Our own ids and order numbers are shorter
 * (`IN20261101001`) and stay readable. No route puts such a value in its path today: the rule is for the
 * one that will (issue 29).
 */
const PHONE_SEGMENT = /^\+?[\d\s().-]+$/;
const TOKEN_SEGMENT = /^(?=[^/]*\d)(?=[^/]*[A-Za-z])[\w~%-]{20,}$/;
function sensitiveSegment(segment: string): boolean {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape: judged as written.
  }
  if (text.includes('@')) return true;
  if (PHONE_SEGMENT.test(text) && text.replace(/\D/g, '').length >= 9) return true;
  return TOKEN_SEGMENT.test(segment);
}

/**
 * The address as a log may hold it: every query value redacted but those of the harmless keys above,
 * and every path segment that is a phone number, an e-mail address or a token masked.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const segments = path.split('/');
  const masked = segments.some(sensitiveSegment)
    ? segments.map((s) => (sensitiveSegment(s) ? REDACTED : s)).join('/')
    : path;
  if (q < 0) return masked;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (!LOGGABLE_QUERY_KEYS.has(key.toLowerCase())) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${masked}?${params.toString()}` : `${masked}${url.slice(q)}`;
}

/**
 * A logged object of request fields (`body`, `query`): the same rule as the address, every value
 * redacted but those of the harmless keys, whatever a later route names its fields.
 */
function redactFields(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return value === undefined ? value : REDACTED;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      LOGGABLE_QUERY_KEYS.has(k.toLowerCase()) && (typeof v !== 'object' || v === null) ? v : REDACTED,
    ]),
  );
}

/**
 * An error's words as a log may hold them. A failed query's message names its parameters (Drizzle writes
 * `Failed query: … params: 9876543210,…`), and a driver's message can quote a value it refused; so the
 * parameters are cut and every run of six digits or more, spaces or dashes between them allowed (a phone
 * however written, a code, a UTR, an account number; a date too, the price of the rule), and every e-mail
 * address is masked, in the message and in the stack (which repeats the message).
 */
export function scrubErrorText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, `\nparams: ${REDACTED}`)
    .replace(/\+?\d(?:[\s-]?\d){5,}/g, REDACTED)
    .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g, REDACTED);
}

function scrubError<T>(serialized: T): T {
  if (!serialized || typeof serialized !== 'object') return serialized;
  const err = serialized as Record<string, unknown>;
  for (const key of ['message', 'stack'] as const) {
    if (typeof err[key] === 'string') err[key] = scrubErrorText(err[key] as string);
  }
  if ('params' in err) err.params = REDACTED;
  if (Array.isArray(err.aggregateErrors)) err.aggregateErrors = err.aggregateErrors.map(scrubError);
  return serialized;
}

/**
 * Explicit paths only: wildcard paths made every request's child logger several times dearer to build,
 * whether or not anything was logged (decision 020). What we log is known: the request (url, headers),
 * small objects of our own, and errors. `code` is redacted only inside a body or query, where it is a
 * verification code; a database error's `code` stays visible.
 */
const SENSITIVE_FIELDS = [...SENSITIVE_KEYS, 'smsCode', 'verifyCode', 'cardNo', 'tokenHash'];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-id"]',
  'res.headers["set-cookie"]',
  ...SENSITIVE_FIELDS.filter((k) => k !== 'code'),
  ...SENSITIVE_FIELDS.flatMap((k) => [`body.${k}`, `query.${k}`]),
  // A failed query's parameters and the row values in a constraint error's detail are borrowers' data.
  'err.params',
  'err.detail',
  'err.cause.params',
  'err.cause.detail',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      err: (err: Error) => scrubError(pino.stdSerializers.err(err)),
      body: redactFields,
      query: redactFields,
    },
  };
}
