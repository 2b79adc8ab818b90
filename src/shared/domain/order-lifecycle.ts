import { ORDER_STATUS, type OrderStatus } from './order-status.ts';

/**
 * How a loan order moves (product brief §4): only through these named operations, each from the states
 * it names. The server applies one as one transaction that writes the order and an event row (who,
 * when, from, to, why); anything else is refused. The legacy codes 3/4/5 are shown, never entered.
 */
export const ORDER_OPERATIONS = {
  /** The borrower confirmed the loan: it goes to review. */
  submit: { from: [] as const, to: ORDER_STATUS.UNDER_REVIEW },
  /** Review passed: the payout is being made. */
  approve: { from: [ORDER_STATUS.UNDER_REVIEW], to: ORDER_STATUS.DISBURSING },
  /** Review refused (a reason is required). */
  reject: { from: [ORDER_STATUS.UNDER_REVIEW], to: ORDER_STATUS.REJECTED },
  /** The payout provider confirmed the money reached the borrower. */
  disburse: { from: [ORDER_STATUS.DISBURSING], to: ORDER_STATUS.DISBURSED },
  /** The due date arrived (the market's local midnight). */
  fallDue: { from: [ORDER_STATUS.DISBURSED], to: ORDER_STATUS.DUE },
  /**
   * The day after the due date, unpaid. Also from "disbursed": a due-date job that did not run (an
   * outage) must not keep an unpaid loan from being overdue.
   */
  goOverdue: { from: [ORDER_STATUS.DISBURSED, ORDER_STATUS.DUE], to: ORDER_STATUS.OVERDUE },
  /**
   * The periods that were due are paid and the next one is not due yet: the loan is current again
   * (the due date moves to the next period's; the repayment issue's crediting applies it).
   */
  cure: { from: [ORDER_STATUS.DUE, ORDER_STATUS.OVERDUE], to: ORDER_STATUS.DISBURSED },
  /** The extension fee was paid: the due date moves by the product's extension days. */
  extend: { from: [ORDER_STATUS.DUE, ORDER_STATUS.OVERDUE], to: ORDER_STATUS.DISBURSED },
  /** Everything owed was paid (or the cooling-off exit was paid). */
  settle: {
    from: [ORDER_STATUS.DISBURSED, ORDER_STATUS.DUE, ORDER_STATUS.OVERDUE],
    to: ORDER_STATUS.SETTLED,
  },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderOperation = keyof typeof ORDER_OPERATIONS;
export const ORDER_OPERATION_NAMES = Object.keys(ORDER_OPERATIONS) as OrderOperation[];

/** Operations that must say why (kept in the event row and shown to staff). */
export const NEEDS_REASON: ReadonlySet<OrderOperation> = new Set(['reject']);

export type TransitionRefusal =
  | { code: 'illegalTransition'; operation: OrderOperation; from: number | null }
  | { code: 'reasonRequired'; operation: OrderOperation };

/**
 * The state an operation leads to from `from` (null: the order does not exist yet), or why it may not.
 * Pure: the server's engine asks this inside the transaction, after locking the order.
 */
export function transition(
  operation: OrderOperation,
  from: number | null,
  reason?: string,
): { to: OrderStatus } | { refused: TransitionRefusal } {
  const rule = ORDER_OPERATIONS[operation];
  const allowed = from === null ? rule.from.length === 0 : (rule.from as readonly number[]).includes(from);
  if (!allowed) return { refused: { code: 'illegalTransition', operation, from } };
  if (NEEDS_REASON.has(operation) && !reason?.trim())
    return { refused: { code: 'reasonRequired', operation } };
  return { to: rule.to };
}
