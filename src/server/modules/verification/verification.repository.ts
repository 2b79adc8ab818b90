import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { statusSql } from '../../../shared/domain/order-status.ts';
import type { Database, Db } from '../../db/client.ts';
import { consents, verificationEvents, verificationSteps } from '../../db/schema.ts';
import { isoSql as iso, statement } from '../../db/statement.ts';

const OPEN = statusSql('pending', 'live');

/** A step's row as the service reads it (the sealed value never leaves the repository's callers' tx). */
export interface StepRow {
  step: string;
  status: 'done' | 'review' | 'refused';
  data: Record<string, unknown>;
  masked: Record<string, string | string[]>;
  reason: string | null;
  version: number;
  updatedAt: string;
}

const stepRow = z.strictObject({
  step: z.string(),
  status: z.enum(['done', 'review', 'refused']),
  data: z.record(z.string(), z.unknown()),
  masked: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  reason: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});

/** Every step of the borrower, without the sealed numbers: one statement. */
const stepsOf = statement.read(
  'verification_steps_of',
  `select coalesce(json_agg(json_build_object(
            'step', step, 'status', status, 'data', data, 'masked', masked, 'reason', reason,
            'version', version, 'updatedAt', ${iso('updated_at')}) order by id), '[]'::json) as steps
     from verification_steps where borrower_id = $1`,
  { steps: z.array(stepRow) },
);

/** The steps the borrower has done (the gate of apply and push): one statement. */
const doneSteps = statement.read(
  'verification_done_steps',
  `select coalesce(array_agg(step), '{}') as done
     from verification_steps where borrower_id = $1 and status = 'done'`,
  { done: z.array(z.string()) },
);

export interface StepWrite {
  borrowerId: number;
  market: string;
  step: string;
  status: 'done' | 'review' | 'refused';
  data: Record<string, unknown>;
  sealed: string | null;
  masked: Record<string, string | string[]>;
  reason: string | null;
  actor: string;
  /** What the history keeps of the change: never a personal number. */
  detail: Record<string, unknown>;
}

export function verificationRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
  return {
    async steps(borrowerId: number): Promise<StepRow[]> {
      const [row] = await run(stepsOf, [borrowerId]);
      return row!.steps;
    },

    async doneSteps(borrowerId: number): Promise<string[]> {
      const [row] = await run(doneSteps, [borrowerId]);
      return row!.done;
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /**
     * Takes the borrower's row lock for the rest of `tx` (as a loan push does, decision 046), so a change
     * of details and a push take turns: a correction is judged against the orders a push just made.
     * Answers the borrower's own phone, whether a loan is pending or live, and whether `step` was saved.
     */
    async lockBorrower(
      tx: Db,
      borrowerId: number,
      step: string,
    ): Promise<{ phone: string; openLoan: boolean; hasStep: boolean }> {
      const result = await tx.execute(sql`
        select phone,
               exists (select 1 from orders where borrower_id = ${borrowerId}
                          and status in ${sql.raw(OPEN)}) as open_loan,
               exists (select 1 from verification_steps where borrower_id = ${borrowerId}
                          and step = ${step}) as has_step
          from borrowers where id = ${borrowerId} for no key update`);
      type Row = { phone: string; open_loan: boolean; has_step: boolean };
      const [row] = (result as unknown as { rows: Row[] }).rows;
      return { phone: row!.phone, openLoan: row!.open_loan, hasStep: row!.has_step };
    },

    /** The step's new state (upsert, version + 1) and its history row, in `tx`. */
    async saveStep(tx: Db, w: StepWrite): Promise<StepRow> {
      const now = new Date();
      const [saved] = await tx
        .insert(verificationSteps)
        .values({
          borrowerId: w.borrowerId,
          market: w.market,
          step: w.step,
          status: w.status,
          data: w.data,
          sealed: w.sealed,
          masked: w.masked,
          reason: w.reason,
        })
        .onConflictDoUpdate({
          target: [verificationSteps.borrowerId, verificationSteps.step],
          set: {
            status: w.status,
            data: w.data,
            sealed: w.sealed,
            masked: w.masked,
            reason: w.reason,
            version: sql`${verificationSteps.version} + 1`,
            updatedAt: now,
          },
        })
        .returning();
      await tx.insert(verificationEvents).values({
        borrowerId: w.borrowerId,
        step: w.step,
        status: w.status,
        reason: w.reason,
        actor: w.actor,
        detail: { ...w.detail, version: saved!.version },
      });
      return {
        step: saved!.step,
        status: saved!.status as StepRow['status'],
        data: saved!.data,
        masked: saved!.masked,
        reason: saved!.reason,
        version: saved!.version,
        updatedAt: saved!.updatedAt.toISOString(),
      };
    },

    /** Those of `steps` the borrower saved, with their sealed values, in `tx` (under the borrower's lock). */
    async stepsForUpdate(
      tx: Db,
      borrowerId: number,
      steps: string[],
    ): Promise<
      Array<{
        step: string;
        status: string;
        data: Record<string, unknown>;
        sealed: string | null;
        version: number;
      }>
    > {
      return tx
        .select({
          step: verificationSteps.step,
          status: verificationSteps.status,
          data: verificationSteps.data,
          sealed: verificationSteps.sealed,
          version: verificationSteps.version,
        })
        .from(verificationSteps)
        .where(and(eq(verificationSteps.borrowerId, borrowerId), inArray(verificationSteps.step, steps)));
    },

    /** A history row that changes no step (an OTP asked, a selfie taken: decision 067). */
    async addEvent(
      borrowerId: number,
      e: { step: string; status: string; detail: Record<string, unknown> },
      tx: Db = db,
    ): Promise<void> {
      await tx.insert(verificationEvents).values({ borrowerId, ...e, reason: null, actor: 'borrower' });
    },

    /**
     * The borrower's latest event of `status` on `step` (with `detail.reference` = `reference` when given),
     * and whether a result of the identity check already used that reference or upload.
     */
    async latestEvent(
      borrowerId: number,
      step: string,
      status: string,
      reference?: string,
      tx: Db = db,
    ): Promise<{ detail: Record<string, unknown> } | null> {
      const [row] = await tx
        .select({ detail: verificationEvents.detail })
        .from(verificationEvents)
        .where(
          and(
            eq(verificationEvents.borrowerId, borrowerId),
            eq(verificationEvents.step, step),
            eq(verificationEvents.status, status),
            reference === undefined
              ? undefined
              : sql`${verificationEvents.detail}->>'reference' = ${reference}`,
          ),
        )
        .orderBy(desc(verificationEvents.id))
        .limit(1);
      return row ?? null;
    },

    /** Whether a result of `step` was already reached with this `key` (`value`): a one-time token spent. */
    async resultUsed(tx: Db, borrowerId: number, step: string, key: string, value: string): Promise<boolean> {
      const rows = await tx
        .select({ id: verificationEvents.id })
        .from(verificationEvents)
        .where(
          and(
            eq(verificationEvents.borrowerId, borrowerId),
            eq(verificationEvents.step, step),
            inArray(verificationEvents.status, ['done', 'review', 'refused']),
            sql`${verificationEvents.detail}->>${key} = ${value}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async hasConsent(tx: Db, borrowerId: number, purpose: string): Promise<boolean> {
      const rows = await tx
        .select({ id: consents.id })
        .from(consents)
        .where(
          and(eq(consents.borrowerId, borrowerId), eq(consents.purpose, purpose), eq(consents.granted, true)),
        )
        .limit(1);
      return rows.length > 0;
    },

    async recordConsent(
      tx: Db,
      c: { borrowerId: number; purpose: string; textVersion: string; data: Record<string, unknown> },
    ): Promise<Date> {
      const [row] = await tx
        .insert(consents)
        .values({ ...c, granted: true })
        .returning({ createdAt: consents.createdAt });
      return row!.createdAt;
    },
  };
}
export type VerificationRepository = ReturnType<typeof verificationRepository>;
