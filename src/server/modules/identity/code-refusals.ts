import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { AppError, withVars } from '../../errors.ts';
import type { IssueOutcome, VerifyOutcome } from './one-time-codes.ts';

/**
 * How a refused send is told (429 with Retry-After, decision 036), in the words of the feature that
 * sends: a code asked for again within the minute, or a sixth in the hour.
 */
export function sendRefusal(
  outcome: Extract<IssueOutcome, { sent: false }>,
  keys: { tooSoon: string; tooMany: string },
): AppError {
  return withVars(
    new AppError(ERROR_CODE.RATE_LIMITED, outcome.reason === 'tooSoon' ? keys.tooSoon : keys.tooMany, 429),
    { retryAfter: String(outcome.retryIn) },
  );
}

/**
 * How a refused code is told on registration and sign-in: wrong (try again), locked after the fifth
 * wrong try, or no longer usable (expired, used, or never sent: ask for a new one).
 */
export function checkRefusal(check: Exclude<VerifyOutcome, { outcome: 'ok' }>): AppError {
  const key =
    check.outcome === 'wrong'
      ? check.locked
        ? 'lockedCode'
        : 'wrongCode'
      : check.outcome === 'locked'
        ? 'lockedCode'
        : 'expiredCode';
  return new AppError(ERROR_CODE.VALIDATION, `registration:refusals.${key}`, 400);
}
