import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { normalizePhone } from '../../../shared/domain/phone.ts';
import type { Market } from '../../../shared/markets.ts';
import { AppError } from '../../errors.ts';

/** The market's own number as stored, or the phone refusal in the reader's language (registration, sign-in). */
export function marketPhone(market: Market, input: string): string {
  const phone = normalizePhone(market, input);
  if (!phone) throw new AppError(ERROR_CODE.VALIDATION, `registration:refusals.phone.${market}`, 400);
  return phone;
}
