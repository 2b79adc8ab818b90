import { describe, expect, it } from 'vitest';
import { newDataKey, SealError, sealer } from './sealed.ts';

describe('sealed fields', () => {
  const s = sealer(newDataKey());

  it('opens what it sealed, and the sealed text holds nothing of the value', () => {
    const sealed = s.seal('bank-account', '123456789012');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('123456789012');
    expect(s.open('bank-account', sealed)).toBe('123456789012');
    // A fresh nonce each time: equal values do not look equal at rest.
    expect(s.seal('bank-account', '123456789012')).not.toBe(sealed);
  });

  it('refuses another purpose, another key, and a value tampered with', () => {
    const sealed = s.seal('pan', 'ABCPE1234F');
    expect(() => s.open('nik', sealed)).toThrow(SealError);
    expect(() => sealer(newDataKey()).open('pan', sealed)).toThrow(SealError);
    const [v, n, body, tag] = sealed.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => s.open('pan', [v, n, flipped, tag].join('.'))).toThrow(SealError);
    expect(() => s.open('pan', 'ABCPE1234F')).toThrow(SealError);
  });

  it('finds equal values by a keyed hash that differs per purpose and per key', () => {
    expect(s.lookup('bank-account', '123456789012')).toBe(s.lookup('bank-account', '123456789012'));
    expect(s.lookup('bank-account', '123456789012')).not.toBe(s.lookup('pan', '123456789012'));
    expect(sealer(newDataKey()).lookup('bank-account', '123456789012')).not.toBe(
      s.lookup('bank-account', '123456789012'),
    );
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealer('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});
