import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import type { BankAccountData } from '../../../shared/contract/bank-account-schema.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/** The bank account screen's calls (decision 065). */
export const bankAccountKey = ['bank-account'] as const;

export function bankAccountQuery() {
  return {
    queryKey: bankAccountKey,
    queryFn: () =>
      unwrap(request<BankAccountData>(BANK_ACCOUNT_PATHS.info, { method: 'POST', silent: true })),
    retryOnMount: false,
  };
}

export interface BindVars {
  ifsc?: string;
  bankCode?: string;
  accountNo: string;
  verifyCode?: string;
}

/** Silent: the form shows the server's refusal (no such account, taken, wrong code) beside itself. */
export const bindAccount = (vars: BindVars) =>
  request<BankAccountData>(BANK_ACCOUNT_PATHS.bind, { method: 'POST', data: { ...vars }, silent: true });

export const sendChangeCode = () =>
  request<{ resendIn: number }>(BANK_ACCOUNT_PATHS.code, { method: 'POST', data: {} });
