/**
 * What other features may use of bank accounts (decision 055): the account a payout may go to (the
 * order engine's approval), and how a verified account row is made (the demo seed).
 */
export { payoutAccountOf } from './bank.repository.ts';
export { sealedAccount } from './bank.service.ts';
