/** Request and reply schemas of the bank-account calls (paths in bank-account.ts; decision 065). */
import { z } from 'zod';
import { BANK_ACCOUNT_STATUSES } from './bank-account.ts';
import { envelope } from './envelope.ts';
import { text } from './fields.ts';
import { SMS_CODE } from './identity.ts';

/**
 * One body for both markets: India sends `ifsc`, Indonesia `bankCode` (the other is refused by the
 * service with a message per field). Text only: a number or an array is refused here, so an account
 * number past int32 (or past 2^53, where JSON numbers lose digits) is never read as a number.
 */
export const bindBankBody = z.strictObject({
  ifsc: text(32, { trim: true }).optional(),
  bankCode: text(32, { trim: true }).optional(),
  accountNo: text(40, { trim: true, min: 1 }),
  /** Required when the borrower already has an account: the code `bank-code` sent. */
  verifyCode: text(SMS_CODE.length, { trim: true }).regex(/^\d*$/, 'digits only').optional(),
  lang: z.enum(['en', 'id']).optional(),
});
export type BindBankBody = z.infer<typeof bindBankBody>;

export const bankOption = z.object({ code: z.string(), name: z.string() });

export const bankAccountData = z.object({
  /** `none` when the borrower has not bound one. */
  status: z.enum([...BANK_ACCOUNT_STATUSES, 'none']),
  /** India: the IFSC; Indonesia: the bank's code. */
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  /** `**** 1234`: the only form an account number ever leaves the server in. */
  accountMasked: z.string().nullable(),
  last4: z.string().nullable(),
  /** The name the bank holds for the account, for the borrower to confirm. */
  holderName: z.string().nullable(),
  /** Why the account waits for review, in the borrower's language. */
  reason: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Indonesia's banks to choose from (India types an IFSC: empty). */
  banks: z.array(bankOption),
  /** A change needs an SMS code (`bank-code`) when an account is bound. */
  changeNeedsCode: z.boolean(),
});
export type BankAccountData = z.infer<typeof bankAccountData>;
export const bankAccountReply = envelope(bankAccountData);

export const bankCodeBody = z.strictObject({ lang: z.enum(['en', 'id']).optional() }).optional();
export const bankCodeReply = envelope(z.object({ resendIn: z.number().int() }));
