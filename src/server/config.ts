import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { StorageSettings } from './adapters/storage.ts';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where to listen; by default every interface, but only loopback in demo mode (password-less sign-in). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL: how many pipelined connections carry the hot reads (decision 020, rule 3). Two suit a
   * database on a few cores; a larger server can take more (each runs its reads one after another).
   */
  DATABASE_READ_CONNECTIONS: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Redis (`redis://` or `rediss://`, optionally with a password and a database number), for what several
   * instances must share: rate-limit counters, cache invalidation, the demo clock and outboxes (decision
   * 071). Without it the process keeps all of that to itself, which is right for one instance.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// address')
    .optional(),
  /**
   * What every Redis key and channel of this deployment starts with (`loan:` by default): two
   * deployments on one Redis set different ones and never meet; the instances of one share it.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -')
    .optional(),
  DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses/CIDRs whose X-Forwarded-For we believe; empty trusts none. */
  TRUST_PROXY: z.string().default(''),
  WEB_DIST: z.string().default('./dist/web'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 30),
  /** The one further privacy route the spec mentions, configured per deployment. */
  PRIVACY_ALIAS_ROUTE: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+$/, 'must be a single path segment such as /privacy')
    .default('/privacy'),
  /** Where uploaded images are kept (local storage adapter); default `<DATA_DIR>/uploads`. */
  UPLOAD_DIR: z.string().optional(),
  /**
   * `s3://<bucket>` or `s3://<bucket>/<prefix>`: uploaded images go to that S3-compatible bucket, which
   * every instance shares (decision 072). Without it, the local folder (UPLOAD_DIR), for one process.
   * Credentials come from AWS's default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a role).
   */
  STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/(?!\.\.?(\/|$))[A-Za-z0-9_.-]+)*\/?$/,
      'must be s3://bucket or s3://bucket/prefix',
    )
    .optional(),
  /** The S3-compatible service's address (`http://minio:9000`); AWS itself when absent. */
  STORAGE_ENDPOINT: z.string().url().optional(),
  /** The bucket's region; `us-east-1` for an endpoint, AWS's default chain (AWS_REGION) otherwise. */
  STORAGE_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/)
    .optional(),
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: on by default with an endpoint. */
  STORAGE_PATH_STYLE: bool,
  /**
   * Key for signing image URLs (≥ 32 characters). Several API instances must share it; outside demo
   * mode the server refuses to start without it. Demo mode makes one per data folder (demoSigningKey).
   */
  URL_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key personal numbers are sealed with at rest (bank accounts, PAN, NIK: crypto/sealed.ts), 32
   * bytes in base64 (`node -e "console.log(require('crypto').randomBytes(32).toString('base64'))"`).
   * Several instances share it; outside demo mode the server refuses to start without it. Demo mode makes
   * one per data folder (demoDataKey). Losing it loses every sealed value.
   */
  DATA_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /**
   * The payment gateway and payout provider. `sandbox`: the built-in test ones, whose payments and
   * payouts are not money (decision 047); the default in demo mode only. Outside demo mode nothing is
   * assumed: without it no payment is taken (pay codes are refused) and payouts wait for staff to record
   * them by hand.
   */
  PAYMENT_GATEWAY: z.enum(['sandbox']).optional(),
  /** The payment gateway's callback signing key (derived from URL_SIGNING_SECRET when absent). */
  GATEWAY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The public site's address (`https://…`, no trailing slash), printed on documents: a certificate's
   * verification link. Without it, the address the borrower's request came to.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+$/, 'must be a scheme and host such as https://example.com')
    .optional(),
  /** An SMS provider's HTTP endpoint (`POST`, JSON); without it codes go to the in-process outbox. */
  SMS_PROVIDER_URL: z.string().url().optional(),
  /** The provider's bearer token (required with SMS_PROVIDER_URL). */
  SMS_PROVIDER_TOKEN: z.string().min(8).optional(),
  /** Registration SMS codes sent per market an hour at most; past it sending stops and an alert is logged. */
  SMS_HOURLY_CAP: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** Seconds a graceful shutdown may take before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * Seconds, after a stop begins, during which requests on open keep-alive connections are still read
   * and answered 503 with `Connection: close` (so a client knows its request was not processed) before
   * idle connections are closed. At most half the grace period.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(30).default(3),
  /** Minutes between clean-ups of stale upload temp files and never-attached uploads; 0 turns it off. */
  UPLOAD_CLEANUP_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  /** An upload never attached to a complaint is deleted once it is this many hours old. */
  UPLOAD_UNATTACHED_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /** A storage temp file (left by a crash mid-write) is deleted once it is this many minutes old. */
  UPLOAD_TEMP_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  /**
   * `off` lifts every per-route rate limit. Only for the throughput bench on loopback, which would
   * otherwise measure 429s; refused in production unless DEMO is set (a bench runs demo data).
   */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseReadConnections: number;
  /** Shared state for several instances (decision 071); none for one process. */
  redisUrl?: string | undefined;
  /** Where the keys and channels of this deployment start in Redis; `loan:` when absent. */
  redisPrefix?: string | undefined;
  /** Demo mode: demo sign-in and the shell simulator exist. On unless production, or forced by DEMO. */
  demo: boolean;
  logLevel: string;
  trustProxy: string[];
  webDist: string;
  sessionTtlMs: number;
  privacyAliasRoute: string;
  shutdownGraceMs: number;
  shutdownDrainMs: number;
  uploadDir: string;
  /** Where uploaded images are kept: the local folder (uploadDir) or a shared bucket. */
  storage: StorageSettings;
  /**
   * Set whenever the environment gives one, and always outside demo mode. In demo mode without one the
   * process uses the data folder's own key (demoSigningKey in server.ts).
   */
  urlSigningSecret: string | undefined;
  /** Set whenever the environment gives one, and always outside demo mode (demoDataKey otherwise). */
  dataKey?: string | undefined;
  gatewaySecret?: string | undefined;
  /**
   * The gateway money goes through: `sandbox` (demo mode, or PAYMENT_GATEWAY=sandbox) takes test
   * payments and offers staff "mark paid"; null takes none (decision 047).
   */
  paymentGateway: 'sandbox' | null;
  publicUrl?: string | undefined;
  smsHourlyCap: number;
  smsProvider?: { url: string; token: string } | undefined;
  uploadCleanup: { intervalMs: number; unattachedMs: number; tempMs: number };
  /** False only for the bench (RATE_LIMITS=off). */
  rateLimits: boolean;
}

export class ConfigError extends Error {}

/** Validates the environment once at boot; a bad value fails loudly with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const demo = e.DEMO ?? e.NODE_ENV !== 'production';
  if (!demo && !e.URL_SIGNING_SECRET) {
    throw new ConfigError('Invalid configuration:\n  URL_SIGNING_SECRET: required outside demo mode');
  }
  if (!demo && !e.DATA_KEY) {
    throw new ConfigError('Invalid configuration:\n  DATA_KEY: required outside demo mode');
  }
  if (e.SMS_PROVIDER_URL && !e.SMS_PROVIDER_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  SMS_PROVIDER_TOKEN: required with SMS_PROVIDER_URL');
  }
  if (e.RATE_LIMITS === 'off' && !demo) {
    throw new ConfigError('Invalid configuration:\n  RATE_LIMITS: off is for benchmarks on demo data only');
  }
  if ((e.STORAGE_ENDPOINT || e.STORAGE_REGION || e.STORAGE_PATH_STYLE !== undefined) && !e.STORAGE_URL) {
    throw new ConfigError('Invalid configuration:\n  STORAGE_URL: required with the other STORAGE_ settings');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const uploadDir = path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Demo mode signs anyone in without a password: reachable from this machine only unless asked.
    host: e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadConnections: e.DATABASE_READ_CONNECTIONS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    demo,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    privacyAliasRoute: e.PRIVACY_ALIAS_ROUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDrainMs: Math.round(Math.min(e.SHUTDOWN_DRAIN_SECONDS, e.SHUTDOWN_GRACE_SECONDS / 2) * 1000),
    uploadDir,
    storage: e.STORAGE_URL ? bucketSettings(e.STORAGE_URL, e) : { kind: 'local', dir: uploadDir },
    urlSigningSecret: e.URL_SIGNING_SECRET,
    dataKey: e.DATA_KEY,
    gatewaySecret: e.GATEWAY_SECRET,
    // Test payments are never the silent default of a real deployment: only demo mode assumes them.
    paymentGateway: e.PAYMENT_GATEWAY ?? (demo ? 'sandbox' : null),
    publicUrl: e.PUBLIC_URL,
    smsHourlyCap: e.SMS_HOURLY_CAP,
    smsProvider: e.SMS_PROVIDER_URL
      ? { url: e.SMS_PROVIDER_URL, token: e.SMS_PROVIDER_TOKEN ?? '' }
      : undefined,
    uploadCleanup: {
      intervalMs: e.UPLOAD_CLEANUP_MINUTES * 60_000,
      unattachedMs: e.UPLOAD_UNATTACHED_HOURS * 3600_000,
      tempMs: e.UPLOAD_TEMP_GRACE_MINUTES * 60_000,
    },
    rateLimits: e.RATE_LIMITS === 'on',
  };
}

function bucketSettings(
  url: string,
  e: {
    STORAGE_ENDPOINT?: string | undefined;
    STORAGE_REGION?: string | undefined;
    STORAGE_PATH_STYLE?: boolean | undefined;
  },
): StorageSettings {
  const [bucket = '', ...rest] = url.slice('s3://'.length).split('/').filter(Boolean);
  return {
    kind: 's3',
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    endpoint: e.STORAGE_ENDPOINT,
    region: e.STORAGE_REGION,
    forcePathStyle: e.STORAGE_PATH_STYLE ?? Boolean(e.STORAGE_ENDPOINT),
  };
}

/** Name of the demo signing key inside the data folder. */
export const DEMO_SIGNING_KEY_FILE = 'url-signing-key';
/** Name of the demo data key (sealed personal numbers) inside the data folder. */
export const DEMO_DATA_KEY_FILE = 'data-key';

/**
 * Demo mode's image-URL key: random, made once per data folder and kept there (owner-only), so signed
 * links survive a restart but nobody can mint them from a key written in the source.
 */
export function demoSigningKey(dataDir: string): string {
  return demoSecret(dataDir, DEMO_SIGNING_KEY_FILE, 'URL_SIGNING_SECRET', () =>
    randomBytes(32).toString('base64url'),
  );
}

/** Demo mode's data key, the same way: sealed values survive a restart of the same data folder. */
export function demoDataKey(dataDir: string): string {
  return demoSecret(dataDir, DEMO_DATA_KEY_FILE, 'DATA_KEY', () => randomBytes(32).toString('base64'));
}

function demoSecret(dataDir: string, name: string, variable: string, make: () => string): string {
  const file = path.join(dataDir, name);
  const read = () => {
    try {
      const key = readFileSync(file, 'utf8').trim();
      return key.length >= 32 ? key : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  const existing = read();
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: if two processes start on one folder at once, the second keeps the first one's key.
    writeFileSync(file, `${make()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const created = read();
  if (!created) throw new ConfigError(`Invalid configuration:\n  ${variable}: ${file} is unreadable`);
  return created;
}

/** What the process prints once it listens: where, and whether demo mode is on and how to turn it off. */
export function startupNotice(
  config: Pick<Config, 'demo' | 'host' | 'env'> & Partial<Pick<Config, 'paymentGateway'>>,
  port: number,
): string[] {
  const shown = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${shown === '0.0.0.0' || shown === '[::]' ? 'localhost' : shown}:${port}`;
  const where =
    shown === '0.0.0.0' || shown === '[::]' ? `every network interface (port ${port})` : `${shown}:${port}`;
  if (!config.demo)
    return [
      `Serving on ${where}: ${url}`,
      // Said at every start: which money the process takes (decision 047).
      config.paymentGateway === 'sandbox'
        ? 'The sandbox payment gateway is on (PAYMENT_GATEWAY=sandbox): its payments and payouts are not money.'
        : 'No payment gateway is configured: pay codes are refused and payouts wait for staff to record them.',
    ];
  return [
    `DEMO MODE is on: password-less demo sign-in, demo staff accounts and the developer pages exist.`,
    `Listening on ${where}: ${url}/simulator`,
    config.host === '127.0.0.1' || config.host === '::1' || config.host === 'localhost'
      ? 'Only this machine can reach it; set HOST (e.g. HOST=0.0.0.0) to listen elsewhere.'
      : 'Anyone who can reach this address can sign in as a demo borrower.',
    config.env === 'production'
      ? 'Turn it off by removing DEMO=1.'
      : 'Turn it off with NODE_ENV=production (and URL_SIGNING_SECRET and DATA_KEY), or DEMO=0 with both.',
  ];
}
