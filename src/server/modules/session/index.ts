/** What other features may use of borrower sessions (decision 055): opening and ending them. */
export type { SessionRepository } from './session.repository.ts';
export type { SessionService } from './session.service.ts';
