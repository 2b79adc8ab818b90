import type { FastifyServerOptions } from 'fastify';

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

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (!LOGGABLE_QUERY_KEYS.has(key.toLowerCase())) {
      params.set(key, '[REDACTED]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
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
    },
  };
}
