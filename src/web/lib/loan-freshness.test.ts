import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_AFTER_PAYMENT, listenForLoanChanges, loanChanged } from './loan-freshness.ts';

/** A payment's outcome reaches every screen of the loan (issue 29). */
function cache() {
  const client = new QueryClient();
  client.setQueryData(['loan-details', 'A1'], { n: 1 });
  client.setQueryData(['documents', 'receipts', 'A1'], { n: 1 });
  client.setQueryData(['loan-details', 'B2'], { n: 1 });
  // The pay code: asking for it again would issue the next bill.
  client
    .getQueryCache()
    .build(client, { queryKey: ['repayment-pay', 'vcode', 'A1'], meta: KEEP_AFTER_PAYMENT });
  client.setQueryData(['repayment-pay', 'vcode', 'A1'], { n: 1 });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('loanChanged', () => {
  it('marks stale every query naming the order, but not another order’s nor one kept after payment', () => {
    const client = cache();
    loanChanged(client, 'A1');
    expect(stale(client, ['loan-details', 'A1'])).toBe(true);
    expect(stale(client, ['documents', 'receipts', 'A1'])).toBe(true);
    expect(stale(client, ['loan-details', 'B2'])).toBe(false);
    expect(stale(client, ['repayment-pay', 'vcode', 'A1'])).toBe(false);
  });

  it('reaches a screen of the loan in another tab of the app', async () => {
    const here = cache();
    const there = cache();
    const stop = listenForLoanChanges(there);
    try {
      loanChanged(here, 'A1');
      await vi.waitFor(() => expect(stale(there, ['loan-details', 'A1'])).toBe(true));
      expect(stale(there, ['loan-details', 'B2'])).toBe(false);
    } finally {
      stop();
    }
  });
});
