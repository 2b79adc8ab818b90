import { ADMIN_BASE } from '../../../../shared/contract/constants.ts';
import type { LedgerCheckRun, LedgerChecksData } from '../../../../shared/contract/ledger-check.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { adminRequest } from '../admin-api.ts';

/** The ledger check in the back office (contract: shared/contract/ledger-check.ts, decision 049). */
export const LEDGER_CHECK_PATHS = {
  latest: `${ADMIN_BASE}/ledger-checks`,
  run: `${ADMIN_BASE}/ledger-checks/run`,
} as const;

export const ledgerCheckKeys = {
  latest: ['admin', 'ledger-checks'] as const,
};

/** The latest runs and the latest run's breaches, in the staff member's markets. */
export function fetchLedgerChecks(): Promise<LedgerChecksData> {
  return unwrap(adminRequest<LedgerChecksData>(LEDGER_CHECK_PATHS.latest, { silent: true }));
}

/** A run now (administrators). Silent: the page says how it went. */
export function runLedgerCheck(csrf: string, loadingText: string) {
  return adminRequest<LedgerCheckRun>(LEDGER_CHECK_PATHS.run, {
    method: 'POST',
    csrf,
    silent: true,
    loadingText,
  });
}
