import { z } from 'zod';
import { COMPONENTS } from '../../shared/domain/ledger.ts';
import type { Installment, QuotedFee } from '../../shared/domain/pricing.ts';
import type { StoredTerms } from '../../shared/domain/product.ts';
import { MARKETS } from '../../shared/markets.ts';

/*
 * Schemas of the pieces several statements' rows share (statement.ts checks every row outside
 * production). Each is tied to its domain type with `satisfies`, so the schema and the type cannot
 * disagree either.
 */

export const marketColumn = z.enum(MARKETS);

/** `select pg_try_advisory_xact_lock(key) as got`: whether this transaction now holds the lock. */
export const TRY_LOCK_ROW = { got: z.boolean() };

export const componentColumn = z.enum([...COMPONENTS, 'extension_fee']);

export const installmentColumn = z.strictObject({
  period: z.number(),
  dueDay: z.number(),
  principal: z.number(),
  interest: z.number(),
  fees: z.number(),
  total: z.number(),
}) satisfies z.ZodType<Installment>;

export const quotedFeeColumn = z.strictObject({
  name: z.string(),
  amount: z.number(),
  timing: z.enum(['upfront', 'added']),
}) satisfies z.ZodType<QuotedFee>;

/**
 * A product's stored terms: a JSON document checked by `productProblems` when it is written. Here only
 * that the column holds an object, so a statement that sends something else (a number, text) fails.
 */
export const termsColumn = z.custom<StoredTerms>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected the terms object',
);
