/**
 * The borrower's bank account (issue 30; spec §7 "certify … bank"; decision 065): bind one (verified
 * through the bank), read the current one masked, ask the SMS code a change needs. Borrower session,
 * JSON or form bodies. Zod-free, so a screen can use the paths and the bank list; the schemas are in
 * bank-account-schema.ts.
 */
export const BANK_ACCOUNT_PATHS = {
  /** Binds (or, with an SMS code, changes) the account: checked through the bank, then kept sealed. */
  bind: '/v3/certify/bank',
  /** The current account, masked (the last four digits), its status and the holder's name. */
  info: '/v3/certify/bank-info',
  /** Sends the SMS code that changing a bound account needs. */
  code: '/v3/certify/bank-code',
} as const;

/** What a bound account's status is: checked and paid into, or waiting for staff (the name differed). */
export const BANK_ACCOUNT_STATUSES = ['verified', 'review'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
