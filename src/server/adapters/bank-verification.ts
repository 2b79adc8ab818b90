import { createHash } from 'node:crypto';
import type { Market } from '../../shared/markets.ts';

/**
 * Checking that a bank account exists and whose it is, before any money is sent to it (issue 30). India:
 * a penny drop (₹1 sent by IMPS to the IFSC and account; the beneficiary bank answers with the holder's
 * name). Indonesia: an account inquiry (the bank code and account; the bank answers with the holder's
 * name, no money moves). Either answers the name the bank holds, or that there is no such account; a
 * provider that cannot answer now throws `BankVerificationUnavailable` (the caller answers 503 and keeps
 * nothing).
 */
export interface BankVerificationRequest {
  market: Market;
  /** India: the IFSC; Indonesia: the bank's code. */
  bankCode: string;
  /** The account number, digits only (never logged: the adapter's errors never carry it). */
  account: string;
  /**
   * The name we hold for the borrower. A real provider is not told it (the bank answers its own); only
   * the sandbox uses it, to answer with the borrower's own name for most test accounts.
   */
  nameOnFile: string;
}

export type BankVerificationResult =
  | { outcome: 'found'; holderName: string; reference: string }
  | { outcome: 'noAccount'; reference: string };

export interface BankVerifier {
  verify(request: BankVerificationRequest): Promise<BankVerificationResult>;
}

/** The provider could not answer (down, timed out): nothing is known about the account. */
export class BankVerificationUnavailable extends Error {
  constructor() {
    super('bank verification unavailable');
  }
}

/**
 * The sandbox's test values (decision 065), by the account number's last four digits:
 * - `0000`: no such account;
 * - `9999`: the provider is unavailable (the call answers 503 and nothing is saved);
 * - `1111`: an account held by someone else (a name that does not match: the account goes to review);
 * - anything else: the borrower's own account (the name on file, as a bank prints it: in capitals).
 * The reference is derived from the request, so the same check gives the same reference.
 */
export const SANDBOX_BANK_ACCOUNTS = {
  noAccount: '0000',
  unavailable: '9999',
  otherHolder: '1111',
} as const;

/** The other holder's name per market (the 1111 accounts). */
export const SANDBOX_OTHER_HOLDER: Record<Market, string> = {
  IN: 'PRIYA VENKATARAMAN',
  ID: 'DEWI KARTIKA SARI',
};

export function sandboxBankVerifier(): BankVerifier {
  return {
    async verify(request) {
      const last4 = request.account.slice(-4);
      if (last4 === SANDBOX_BANK_ACCOUNTS.unavailable) throw new BankVerificationUnavailable();
      const digest = createHash('sha256')
        .update(`${request.market}:${request.bankCode}:${request.account}`)
        .digest('hex')
        .slice(0, 16)
        .toUpperCase();
      const reference = `${request.market === 'IN' ? 'PENNY' : 'INQ'}-SANDBOX-${digest}`;
      if (last4 === SANDBOX_BANK_ACCOUNTS.noAccount) return { outcome: 'noAccount', reference };
      const holderName =
        last4 === SANDBOX_BANK_ACCOUNTS.otherHolder
          ? SANDBOX_OTHER_HOLDER[request.market]
          : request.nameOnFile.toUpperCase();
      return { outcome: 'found', holderName, reference };
    },
  };
}

/**
 * No provider configured (outside demo mode without the sandbox): nothing can be checked, so every bind
 * answers 503 and nothing is saved. Never a silent "verified".
 */
export function noBankVerifier(): BankVerifier {
  return {
    async verify() {
      throw new BankVerificationUnavailable();
    },
  };
}
