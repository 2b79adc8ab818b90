import { BANK_ACCOUNT_PATHS } from '../../../shared/contract/bank-account.ts';
import type { BankAccountData } from '../../../shared/contract/bank-account-schema.ts';
import { CERTIFY_PATHS } from '../../../shared/contract/constants.ts';
import type { StepsData, StepView } from '../../../shared/contract/verification.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/** The bank step's status as the steps name theirs. */
const BANK_STATUS = { verified: 'done', review: 'review', none: 'missing' } as const;

export interface Progress {
  steps: StepView[];
  /** The first step not done, highlighted. */
  next: string | null;
}

/**
 * The steps exactly as `/v3/certify/steps` lists them, and the bank account as one more step when the list
 * does not carry it yet (its status from `/v3/certify/bank-info`, asked at the same time).
 */
async function progress(): Promise<Progress> {
  const [steps, bank] = await Promise.all([
    unwrap(request<StepsData>(CERTIFY_PATHS.steps, { method: 'POST', data: {}, silent: true })),
    unwrap(request<BankAccountData>(BANK_ACCOUNT_PATHS.info, { method: 'POST', silent: true })),
  ]);
  const list = steps.steps.some((s) => s.step === 'bank')
    ? steps.steps
    : [
        ...steps.steps,
        {
          step: 'bank',
          status: BANK_STATUS[bank.status],
          title: '',
          reason: bank.status === 'review' ? (bank.reason ?? '') : '',
          version: 0,
          data: {},
          masked: {},
          updatedAt: null,
        } satisfies StepView,
      ];
  return { steps: list, next: steps.next ?? list.find((s) => s.status !== 'done')?.step ?? null };
}

export function progressQuery() {
  return { queryKey: ['verification-progress'] as const, queryFn: progress, retryOnMount: false };
}
