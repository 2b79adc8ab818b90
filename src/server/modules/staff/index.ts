/**
 * What other features may use of staff (decision 055): the signed-in operator, and the audit trail every
 * back-office write joins (inside its own transaction, hence the repository).
 */
export { type AuditEntry, staffRepository } from './staff.repository.ts';
export type { StaffIdentity, StaffService } from './staff.service.ts';
