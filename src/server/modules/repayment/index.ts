/**
 * What other features may use of repayment (decision 055): the bank-card repayment pays into the same
 * ledger, so it locks an order as every money change does (decision 045) and asks what is payable now.
 */
export { lockOrder, type RepaymentRepository } from './repayment.repository.ts';
export { grouped, payableAmounts, type RepaymentService } from './repayment.service.ts';
