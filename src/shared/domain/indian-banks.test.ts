import { describe, expect, it } from 'vitest';
import { bankOfIfsc } from './indian-banks.ts';

describe('the bank of an IFSC', () => {
  it('is named by the first four letters, whatever the branch', () => {
    expect(bankOfIfsc('HDFC0001234')).toBe('HDFC Bank');
    expect(bankOfIfsc('SBIN0005943')).toBe('State Bank of India');
    expect(bankOfIfsc('sbin0005943')).toBe('State Bank of India');
  });
  it('is unknown (null) for a bank not listed', () => {
    expect(bankOfIfsc('ZZZZ0001234')).toBeNull();
  });
});
