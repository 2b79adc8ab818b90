/**
 * What other features may use of verification (decision 055): the gate the loans service asks before an
 * application or a confirmation (decision 064).
 */
import { VERIFY_ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { AppError } from '../../errors.ts';
import type { VerificationService } from './verification.service.ts';

export type { VerificationService } from './verification.service.ts';

/** Refuses, naming the first missing required step in the borrower's language; passes otherwise. */
export function verificationGate(verification: Pick<VerificationService, 'missingStep'>) {
  return async (borrowerId: number): Promise<void> => {
    const missing = await verification.missingStep(borrowerId);
    if (missing) throw new AppError(VERIFY_ERROR_CODE.STEP_MISSING, `verification:missing.${missing}`, 409);
  };
}
export type VerificationGate = ReturnType<typeof verificationGate>;
