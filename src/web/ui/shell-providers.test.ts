import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE } from '../../shared/contract/reply-codes.ts';
import { NETWORK_ERROR_CODE } from '../lib/api-client.ts';
import { ApiFailure } from '../lib/api-query.ts';
import { createQueryClient } from './shell-providers.tsx';

/** Runs one query on a shell's query client whose every try fails with the code; returns the tries. */
async function triesFailingWith(code: string | number): Promise<number> {
  const client = createQueryClient();
  let tries = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['failing', code],
    queryFn: () => {
      tries += 1;
      return Promise.reject(new ApiFailure({ ok: false, code, data: null, message: 'no' }));
    },
  });
  const stop = observer.subscribe(() => {});
  // Long past the default retry delay (one second for the first retry).
  await vi.advanceTimersByTimeAsync(60_000);
  expect(observer.getCurrentResult().status).toBe('error');
  stop();
  client.clear();
  return tries;
}

describe('the shells’ query client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['offline or timed out', NETWORK_ERROR_CODE],
    ['a server failure', ERROR_CODE.INTERNAL],
    ['a busy server', ERROR_CODE.UNAVAILABLE],
  ])('tries once more after %s', async (_what, code) => {
    expect(await triesFailingWith(code)).toBe(2);
  });

  it.each([
    ['not found (or another borrower’s)', ERROR_CODE.NOT_FOUND],
    ['invalid input', ERROR_CODE.VALIDATION],
    ['a refusal', ERROR_CODE.FORBIDDEN],
    ['a conflict', ERROR_CODE.CONFLICT],
    ['too many tries', ERROR_CODE.RATE_LIMITED],
    ['an ended session', ERROR_CODE.UNAUTHENTICATED],
    ['another market’s record (back office)', '40301'],
  ])('shows the server’s answer at once after %s', async (_what, code) => {
    expect(await triesFailingWith(code)).toBe(1);
  });
});
