import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEMO_DATA_KEY_FILE,
  DEMO_SIGNING_KEY_FILE,
  demoDataKey,
  demoSigningKey,
  loadConfig,
  startupNotice,
} from './config.ts';
import { newDataKey, sealer } from './crypto/sealed.ts';
import { signImagePath, verifyImageSignature } from './modules/uploads/signing.ts';

const DATA_KEY = newDataKey();

describe('configuration', () => {
  it('fails loudly with the name of a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PRIVACY_ALIAS_ROUTE: 'no-slash' })).toThrow(/PRIVACY_ALIAS_ROUTE/);
    for (const bad of ['0', '33', 'two', '1.5']) {
      expect(() => loadConfig({ DATABASE_READ_CONNECTIONS: bad }), bad).toThrow(/DATABASE_READ_CONNECTIONS/);
    }
  });

  it('needs a URL signing key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/URL_SIGNING_SECRET/);
    expect(() => loadConfig({ URL_SIGNING_SECRET: 'short' })).toThrow(/URL_SIGNING_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', URL_SIGNING_SECRET: 'x'.repeat(32), DATA_KEY }).urlSigningSecret,
    ).toBe('x'.repeat(32));
  });

  it('needs a 32-byte data key outside demo mode (personal numbers at rest)', () => {
    const production = { NODE_ENV: 'production', URL_SIGNING_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/DATA_KEY: required outside demo mode/);
    expect(() => loadConfig({ ...production, DATA_KEY: 'c2hvcnQ=' })).toThrow(/DATA_KEY: must be 32 bytes/);
    expect(loadConfig({ ...production, DATA_KEY }).dataKey).toBe(DATA_KEY);
    expect(loadConfig({}).dataKey).toBeUndefined();
  });

  it("gives demo mode a data key of the data folder's own, kept across restarts", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'data-key-'));
    try {
      const key = demoDataKey(dir);
      expect(Buffer.from(key, 'base64')).toHaveLength(32);
      expect(demoDataKey(dir)).toBe(key);
      expect(statSync(path.join(dir, DEMO_DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
      const s = sealer(key);
      expect(sealer(demoDataKey(dir)).open('pan', s.seal('pan', 'ABCPE1234F'))).toBe('ABCPE1234F');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shares state through Redis only when REDIS_URL names one (decision 071)', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:secret@10.0.0.5:6380/2' }).redisUrl).toBe(
      'redis://:secret@10.0.0.5:6380/2',
    );
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.com' }).redisUrl).toBe(
      'rediss://cache.example.com',
    );
    for (const bad of ['http://10.0.0.5:6379', '10.0.0.5:6379', 'redis:// space', ''])
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(/REDIS_URL/);
  });

  it("takes a deployment's own Redis prefix, so two deployments on one Redis never meet", () => {
    expect(loadConfig({}).redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_PREFIX: 'loan-staging:' }).redisPrefix).toBe('loan-staging:');
    for (const bad of ['', 'has space', 'a*', 'x'.repeat(65)])
      expect(() => loadConfig({ REDIS_PREFIX: bad })).toThrow(/REDIS_PREFIX/);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.databaseReadConnections).toBe(2);
    expect(loadConfig({ DATABASE_READ_CONNECTIONS: '4' }).databaseReadConnections).toBe(4);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.trustProxy).toEqual([]);
  });

  it('reads the trusted proxy list', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
  });

  it('has no image-signing key written in the source: demo mode makes one per data folder, kept there', () => {
    expect(loadConfig({}).urlSigningSecret).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: '0' })).toThrow(/URL_SIGNING_SECRET/);
    expect(() => loadConfig({ DEMO: '0' })).toThrow(/URL_SIGNING_SECRET/);
    const dir = mkdtempSync(path.join(tmpdir(), 'data-'));
    const other = mkdtempSync(path.join(tmpdir(), 'data-'));
    try {
      const key = demoSigningKey(path.join(dir, 'fresh'));
      expect(key.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dir, 'fresh', DEMO_SIGNING_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(key);
      // A restart reads the same key, so links signed before it still verify.
      const url = signImagePath('/img', 'a'.repeat(22), key);
      const again = demoSigningKey(path.join(dir, 'fresh'));
      expect(again).toBe(key);
      const params = new URL(url, 'http://x').searchParams;
      expect(verifyImageSignature('a'.repeat(22), Number(params.get('exp')), params.get('sig')!, again)).toBe(
        true,
      );
      // Another data folder, another key.
      expect(demoSigningKey(other)).not.toBe(key);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('listens on loopback in demo mode unless HOST says otherwise, and says so at start', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', URL_SIGNING_SECRET: 'x'.repeat(32), DATA_KEY }).host).toBe(
      '0.0.0.0',
    );
    const notice = startupNotice(loadConfig({}), 3000).join('\n');
    expect(notice).toMatch(/demo mode is on/i);
    expect(notice).toContain('127.0.0.1:3000');
    expect(notice).toMatch(/NODE_ENV=production/);
    expect(startupNotice(loadConfig({ HOST: '0.0.0.0' }), 3000).join('\n')).toMatch(/anyone/i);
    const production = startupNotice(
      loadConfig({ NODE_ENV: 'production', URL_SIGNING_SECRET: 'x'.repeat(32), DATA_KEY }),
      8080,
    ).join('\n');
    expect(production).not.toMatch(/demo/i);
  });

  it('takes test payments only in demo mode or when PAYMENT_GATEWAY=sandbox says so (decision 047)', () => {
    const production = { NODE_ENV: 'production', URL_SIGNING_SECRET: 'x'.repeat(32), DATA_KEY };
    expect(loadConfig({}).paymentGateway).toBe('sandbox');
    expect(loadConfig(production).paymentGateway).toBeNull();
    expect(loadConfig({ DEMO: '0', URL_SIGNING_SECRET: 'x'.repeat(32), DATA_KEY }).paymentGateway).toBeNull();
    expect(loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox' }).paymentGateway).toBe('sandbox');
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: 'stripe' })).toThrow(/PAYMENT_GATEWAY/);
    expect(startupNotice(loadConfig(production), 8080).join('\n')).toMatch(/no payment gateway/i);
    expect(startupNotice(loadConfig({ ...production, PAYMENT_GATEWAY: 'sandbox' }), 8080).join('\n')).toMatch(
      /sandbox payment gateway.*not money/i,
    );
  });

  it('bounds the shutdown drain by half the grace period', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(3000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '2' }).shutdownDrainMs).toBe(1000);
    expect(loadConfig({ UPLOAD_CLEANUP_MINUTES: '0' }).uploadCleanup.intervalMs).toBe(0);
  });
});
