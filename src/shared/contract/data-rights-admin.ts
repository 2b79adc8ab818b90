/**
 * The back office's side of privacy rights (decision 035): paths and limits, zod-free. Apart from
 * data-rights.ts on purpose: a module both the borrower's screen and the back office load at run time is
 * built into the code every borrower screen loads. The back office takes only types from data-rights.ts.
 */
import { ADMIN_BASE } from './constants.ts';

/** Staff session and CSRF token, as every `/admin-api` call. */
export const DATA_RIGHTS_ADMIN_PATHS = {
  queue: `${ADMIN_BASE}/data-rights`,
  one: (id: number | string) => `${ADMIN_BASE}/data-rights/${id}`,
  actions: (id: number | string) => `${ADMIN_BASE}/data-rights/${id}/actions`,
} as const;

/** The operator's answer, or the reason for a refusal (as long as the borrower's details). */
export const ANSWER_MAX = 1000;
