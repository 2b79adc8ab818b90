import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('fails loudly with the name of a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PRIVACY_ALIAS_ROUTE: 'no-slash' })).toThrow(/PRIVACY_ALIAS_ROUTE/);
  });

  it('needs a URL signing key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/URL_SIGNING_SECRET/);
    expect(() => loadConfig({ URL_SIGNING_SECRET: 'short' })).toThrow(/URL_SIGNING_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', URL_SIGNING_SECRET: 'x'.repeat(32) }).urlSigningSecret).toBe(
      'x'.repeat(32),
    );
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.trustProxy).toEqual([]);
  });

  it('reads the trusted proxy list', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
  });
});
