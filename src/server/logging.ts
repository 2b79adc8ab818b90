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

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SENSITIVE_KEYS.has(key.toLowerCase())) {
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
