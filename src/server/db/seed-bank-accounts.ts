import { and, eq, inArray } from 'drizzle-orm';
import type { Market } from '../../shared/markets.ts';
import type { Sealer } from '../crypto/sealed.ts';
import { sealedAccount } from '../modules/bank/index.ts';
import type { Db } from './client.ts';
import { bankAccounts, borrowers } from './schema.ts';
import { DEMO_BORROWERS } from './seed-support.ts';

/**
 * A verified bank account for a borrower, as a bind through the sandbox leaves it (issue 30, decision
 * 065): the demo borrowers' (so the demo journeys reach a payout) and test borrowers' that reach one.
 * The number is made from the borrower's id, so no two share one, and it never ends in a sandbox test
 * value (0000, 1111, 9999). Checked long ago, so no payout is held for a recent change.
 */
export async function giveVerifiedAccount(
  db: Db,
  sealed: Sealer,
  borrower: { id: number; market: Market; name: string },
): Promise<number> {
  const { id, market } = borrower;
  const [bankCode, account] =
    market === 'IN'
      ? ['HDFC0001234', `501002${String(id).padStart(6, '0')}48`]
      : ['BCA', `52${String(id).padStart(6, '0')}37`];
  const long = new Date(Date.now() - 90 * 86_400_000);
  const [row] = await db
    .insert(bankAccounts)
    .values({
      borrowerId: id,
      market,
      bankCode,
      ...sealedAccount(sealed, market, bankCode, account),
      holderName: borrower.name.toUpperCase(),
      status: 'verified',
      providerRef: `SEED-${market}-${id}`,
      verifiedAt: long,
      createdAt: long,
    })
    .returning({ id: bankAccounts.id });
  return row!.id;
}

/** Idempotent: each demo borrower without any bank account gets a verified one. */
export async function seedBankAccounts(db: Db, sealed: Sealer): Promise<void> {
  for (const market of ['IN', 'ID'] as const) {
    const phones = DEMO_BORROWERS[market].map((b) => b.phone);
    const demo = await db
      .select({ id: borrowers.id, name: borrowers.name })
      .from(borrowers)
      .where(and(eq(borrowers.market, market), inArray(borrowers.phone, phones)));
    if (demo.length === 0) continue;
    const holding = await db
      .selectDistinct({ borrowerId: bankAccounts.borrowerId })
      .from(bankAccounts)
      .where(
        inArray(
          bankAccounts.borrowerId,
          demo.map((b) => b.id),
        ),
      );
    for (const b of demo.filter((d) => !holding.some((h) => h.borrowerId === d.id)))
      await giveVerifiedAccount(db, sealed, { ...b, market });
  }
}
