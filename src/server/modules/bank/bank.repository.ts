import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bankAccounts, borrowers, verificationSteps } from '../../db/schema.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
const CURRENT = ['verified', 'review'];

/** What a new account is stored as: the number only sealed, its last four and its keyed hash. */
export interface NewBankAccount {
  borrowerId: number;
  market: string;
  bankCode: string;
  accountSealed: string;
  accountLast4: string;
  accountLookup: string;
  holderName: string;
  status: 'verified' | 'review';
  reason: string | null;
  providerRef: string;
  now: Date;
}

export type SaveOutcome =
  | { saved: BankAccountRow }
  /** Another borrower's current account has the same number at the same bank. */
  | { taken: true }
  /** The borrower's current account is not the one the request was checked against (a bind raced it). */
  | { changedMeanwhile: true };

/** The SQL of bank accounts (issue 30; decision 065). */
export function bankRepository(db: Db) {
  return {
    async current(borrowerId: number): Promise<BankAccountRow | null> {
      const [row] = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.borrowerId, borrowerId), inArray(bankAccounts.status, CURRENT)));
      return row ?? null;
    },

    /**
     * The borrower's newest account, whatever its status: the current one (at most one is verified or in
     * review, and it is the newest), or the one staff refused last, whose reason the borrower must read.
     */
    async latest(borrowerId: number): Promise<BankAccountRow | null> {
      const [row] = await db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.borrowerId, borrowerId))
        .orderBy(desc(bankAccounts.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * The name the borrower's identity was verified under: the identity check's (decision 067: the
     * UIDAI's record in India, the base step's name Dukcapil agreed with in Indonesia) once that step is
     * done, else the `base` step's full name once that is done, else the name the borrower row holds
     * (registration's, or the demo's). And their phone, for the change's SMS code.
     */
    async person(borrowerId: number): Promise<{ name: string; phone: string } | null> {
      const identity = alias(verificationSteps, 'identity_step');
      const [row] = await db
        .select({
          name: sql<string>`coalesce(${identity.data}->>'verifiedName', ${verificationSteps.data}->>'fullName', ${borrowers.name})`,
          phone: borrowers.phone,
        })
        .from(borrowers)
        .leftJoin(
          verificationSteps,
          and(
            eq(verificationSteps.borrowerId, borrowers.id),
            eq(verificationSteps.step, 'base'),
            eq(verificationSteps.status, 'done'),
          ),
        )
        .leftJoin(
          identity,
          and(
            eq(identity.borrowerId, borrowers.id),
            eq(identity.step, 'identity'),
            eq(identity.status, 'done'),
          ),
        )
        .where(eq(borrowers.id, borrowerId));
      return row ?? null;
    },

    /** Whether another borrower holds this account now (verified or waiting for review). */
    async takenByOther(lookup: string, borrowerId: number, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(
          and(
            eq(bankAccounts.accountLookup, lookup),
            ne(bankAccounts.borrowerId, borrowerId),
            inArray(bankAccounts.status, CURRENT),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * The new account becomes the current one, the one it replaces (if any) `replaced`: one transaction.
     * The borrower's row is locked first (two binds of one borrower take turns, and the second sees the
     * first's account), then the account number's keyed hash by an advisory lock (two borrowers binding
     * one account at once take turns, and the second finds it taken).
     */
    async save(account: NewBankAccount, expectedCurrentId: number | null): Promise<SaveOutcome> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await tx
          .select({ id: borrowers.id })
          .from(borrowers)
          .where(eq(borrowers.id, account.borrowerId))
          .for('update');
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${account.accountLookup}, 65))`);
        const [current] = await tx
          .select({ id: bankAccounts.id })
          .from(bankAccounts)
          .where(and(eq(bankAccounts.borrowerId, account.borrowerId), inArray(bankAccounts.status, CURRENT)));
        if ((current?.id ?? null) !== expectedCurrentId) return { changedMeanwhile: true };
        if (await this.takenByOther(account.accountLookup, account.borrowerId, tx)) return { taken: true };
        if (current)
          await tx
            .update(bankAccounts)
            .set({ status: 'replaced', replacedAt: account.now })
            .where(eq(bankAccounts.id, current.id));
        const { now, ...values } = account;
        const [saved] = await tx
          .insert(bankAccounts)
          .values({
            ...values,
            verifiedAt: account.status === 'verified' ? now : null,
            createdAt: now,
          })
          .returning();
        return { saved: saved! };
      });
    },
  };
}
export type BankRepository = ReturnType<typeof bankRepository>;

/**
 * What a payout may be sent to (issue 30): the borrower's current account, and when they last replaced
 * one (an account changed within a day holds the payout). Run inside the approval's transaction.
 */
export async function payoutAccountOf(
  tx: Db,
  borrowerId: number,
  since: Date,
): Promise<{ account: { id: number; status: string } | null; changedAt: Date | null }> {
  const [account] = await tx
    .select({ id: bankAccounts.id, status: bankAccounts.status })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.borrowerId, borrowerId), inArray(bankAccounts.status, CURRENT)));
  const [change] = await tx
    .select({ at: bankAccounts.replacedAt })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.borrowerId, borrowerId),
        eq(bankAccounts.status, 'replaced'),
        gt(bankAccounts.replacedAt, since),
      ),
    )
    .orderBy(desc(bankAccounts.replacedAt))
    .limit(1);
  return { account: account ?? null, changedAt: change?.at ?? null };
}
