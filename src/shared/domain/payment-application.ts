import {
  type Allocation,
  allocateCoolingOffExit,
  allocatePayment,
  applyAllocations,
  nextWaiting,
  type OrderBalance,
  type PeriodBalance,
  totalOutstanding,
} from './ledger.ts';
import type { Minor } from './money.ts';
import { daysBetween, type MarketDay } from './time.ts';

/**
 * What a payment does to a loan, decided once for both crediting paths (the gateway's callback and
 * staff crediting a reviewed payment, decision 045). Pure: the server reads the order under its lock,
 * asks this, and writes what it says.
 */

/** What the bill was issued for (pay codes' purposes). */
export type PaymentPurpose = 'repay' | 'extension' | 'payoff';

/** The order moved after the allocations are booked. */
export type PaymentOperation =
  /**
   * The loan is settled: nothing is left, or (`exit`) the cooling-off exit was paid and what the schedule
   * still shows is waived.
   */
  | { kind: 'settle'; exit: boolean }
  /** The periods due are paid: the loan is current again, due on the next waiting period's day. */
  | { kind: 'cure'; dueDay: MarketDay }
  /** Still due or overdue (or not yet due): only the due date follows the next waiting period. */
  | { kind: 'moveDue'; dueDay: MarketDay }
  /** The extension fee: every due date moves by `days`, the next to `dueDay`. */
  | { kind: 'extend'; days: number; dueDay: MarketDay }
  /** Only late charges are left to pay: nothing moves. */
  | { kind: 'none' };

export interface PaymentApplication {
  allocations: Allocation[];
  /** What the order did not owe: never booked (a refund for staff). Zero for an exact payment. */
  excess: Minor;
  operation: PaymentOperation;
}

/** Why a payment cannot be applied as the borrower's bill asked (it goes to review with this reason). */
export type ApplicationRefusal = 'underpaid' | 'overpaid' | 'closed';

/** What the loan account says about the order on the day the payment is applied. */
export interface AccountFacts {
  balance: OrderBalance;
  /** The loan is due or overdue (a payment of the periods due cures it). */
  dueOrOverdue: boolean;
  /** The market day the payment is applied on. */
  today: MarketDay;
  /** A period's due day in the market (its day from disbursement, moved by every paid extension). */
  dueDayOf(period: PeriodBalance): MarketDay;
  /** The extension offered today, if any (fee and days). */
  extension: { fee: Minor; days: number; newDue: MarketDay } | null;
  /** The cooling-off exit on the day the payment was made, if open: what it asks. */
  exit: { due: Minor } | null;
}

/**
 * Applies a payment of `amount` made to a bill of `purpose`.
 *
 * - `exact` (the gateway's callback): the payment must be exactly what its bill asks for what the order
 *   owes now, or it is refused with the reason staff see: a payoff must equal what the exit asks; an
 *   extension fee the extension offered at that fee; a repayment no more than everything owed.
 * - not `exact` (staff crediting a reviewed payment): a payoff of at least what the exit asks is the
 *   exit and an extension fee still offered at that price is the extension; anything else is a
 *   repayment in the ledger's order, and what the order does not owe is the excess.
 *
 * Allocations never exceed what a component owed, they plus the excess are exactly the payment, and a
 * repayment settles the loan exactly when nothing is left.
 */
export function applyPayment(
  account: AccountFacts,
  payment: { purpose: PaymentPurpose; amount: Minor },
  mode: { exact: boolean },
): PaymentApplication | { refused: ApplicationRefusal } {
  const { balance, exit, extension } = account;
  const { amount } = payment;

  if (payment.purpose === 'payoff') {
    if (mode.exact) {
      // A payment credited meanwhile lowers what the exit asks: this bill is then more than that.
      if (!exit || exit.due < amount) return { refused: 'overpaid' };
      if (exit.due > amount) return { refused: 'underpaid' };
    }
    if (exit && exit.due <= amount) {
      const { allocations, left } = allocateCoolingOffExit(balance, exit.due);
      if (mode.exact && left > 0) return { refused: 'overpaid' };
      // Settled on the exit's terms: what the schedule still shows unpaid is waived, never booked.
      return { allocations, excess: amount - (exit.due - left), operation: { kind: 'settle', exit: true } };
    }
  } else if (payment.purpose === 'extension') {
    if (extension && extension.fee === amount)
      return {
        allocations: [{ period: null, component: 'extension_fee', amount }],
        excess: 0,
        operation: { kind: 'extend', days: extension.days, dueDay: extension.newDue },
      };
    // Paid after the loan stopped being extendable (repaid meanwhile, or the window passed).
    if (mode.exact) return { refused: 'closed' };
  }

  const { allocations, left } = allocatePayment(balance, amount);
  // More than the whole loan (paid meanwhile by another bill): kept for a refund, never booked.
  if (mode.exact && left > 0) return { refused: 'overpaid' };
  const after = applyAllocations(balance, allocations);
  return { allocations, excess: left, operation: afterRepayment(account, after) };
}

function afterRepayment(account: AccountFacts, after: OrderBalance): PaymentOperation {
  if (totalOutstanding(after) === 0) return { kind: 'settle', exit: false };
  const next = nextWaiting(after);
  if (!next) return { kind: 'none' };
  const dueDay = account.dueDayOf(next);
  // Cured only when the next due date is still ahead: otherwise the loan is due again at once.
  if (account.dueOrOverdue && daysBetween(account.today, dueDay) > 0) return { kind: 'cure', dueDay };
  return { kind: 'moveDue', dueDay };
}

/**
 * How a payment compares with the bill it was made to (issue 29: the reconciliation screen shows why a
 * payment waits): what it fell short of the bill, or what it paid over, in minor units; both zero when
 * it paid the bill exactly.
 */
export function billDifference(paid: Minor, billed: Minor): { shortfall: Minor; excess: Minor } {
  return { shortfall: Math.max(billed - paid, 0), excess: Math.max(paid - billed, 0) };
}
