import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
   * Key for signing image URLs (≥ 32 characters). Several API instances must share it; production
   * refuses to start without it.
   */
  URL_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Seconds a graceful shutdown may take before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
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
  /** Demo mode: demo sign-in and the shell simulator exist. On unless production, or forced by DEMO. */
  demo: boolean;
  logLevel: string;
  trustProxy: string[];
  webDist: string;
  sessionTtlMs: number;
  privacyAliasRoute: string;
  shutdownGraceMs: number;
  uploadDir: string;
  urlSigningSecret: string;
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
  if (e.NODE_ENV === 'production' && !e.URL_SIGNING_SECRET) {
    throw new ConfigError('Invalid configuration:\n  URL_SIGNING_SECRET: required in production');
  }
  const demo = e.DEMO ?? e.NODE_ENV !== 'production';
  if (e.RATE_LIMITS === 'off' && !demo) {
    throw new ConfigError('Invalid configuration:\n  RATE_LIMITS: off is for benchmarks on demo data only');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    demo,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    privacyAliasRoute: e.PRIVACY_ALIAS_ROUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    // Outside production a fixed development key keeps links working across restarts; it is public.
    urlSigningSecret: e.URL_SIGNING_SECRET ?? 'development-only-url-signing-key-not-for-production',
    rateLimits: e.RATE_LIMITS === 'on',
  };
}
