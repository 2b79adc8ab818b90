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

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-device-id"]',
  'res.headers["set-cookie"]',
  ...[...SENSITIVE_KEYS].flatMap((k) => [`*.${k}`, `body.${k}`]),
  '*.smsCode',
  '*.verifyCode',
  '*.cardNo',
  '*.tokenHash',
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
