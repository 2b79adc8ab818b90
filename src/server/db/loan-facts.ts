import { z } from 'zod';
import { ORDER_STATUS } from '../../shared/domain/order-status.ts';
import { componentColumn, installmentColumn, marketColumn, quotedFeeColumn, termsColumn } from './rows.ts';
import { isoSql as iso } from './statement.ts';

/**
 * The loan account's facts (`LoanFacts`, decision 048) of the order aliased `o`, as `json_build_object`
 * pairs: one fragment for every statement that builds a loan account (the crediting's ledger read, the
 * late-charge job), so they cannot drift apart. `repeat`: the borrower has settled a loan before (the
 * returning borrower's late fee).
 */
export const LOAN_FACTS_FIELDS = `'status', o.status, 'market', o.market, 'amountMinor', o.amount_minor,
    'termDays', o.term_days, 'terms', o.terms, 'schedule', o.quote->'schedule', 'quoteFees', o.quote->'fees',
    'extensionDays', o.extension_days, 'disbursedAt', ${iso('o.disbursed_at')},
    'lateFee', coalesce((select sum(c.amount_minor) from order_charges c
                          where c.order_id = o.id and c.kind = 'late_fee'), 0),
    'lateCharge', coalesce((select sum(c.amount_minor) from order_charges c
                             where c.order_id = o.id and c.kind = 'late_charge'), 0),
    'allocations', coalesce((select json_agg(json_build_object(
                               'period', a.period, 'component', a.component, 'amount', a.amount_minor)
                               order by a.id)
                               from payment_allocations a where a.order_id = o.id), '[]'::json),
    'repeat', exists (select 1 from orders s
                       where s.borrower_id = o.borrower_id and s.status = ${ORDER_STATUS.SETTLED})`;

/** The schema of `LOAN_FACTS_FIELDS`, for the statements that use it (statement.ts checks rows). */
export const LOAN_FACTS_ROW = {
  status: z.number(),
  market: marketColumn,
  amountMinor: z.number(),
  termDays: z.number(),
  terms: termsColumn.nullable(),
  schedule: z.array(installmentColumn).nullable(),
  quoteFees: z.array(quotedFeeColumn).nullable(),
  extensionDays: z.number(),
  disbursedAt: z.string().nullable(),
  lateFee: z.number(),
  lateCharge: z.number(),
  allocations: z.array(
    z.strictObject({ period: z.number().nullable(), component: componentColumn, amount: z.number() }),
  ),
  repeat: z.boolean(),
};
