import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Market } from '../../shared/markets.ts';
import type { Db } from './client.ts';
import { bankCards, borrowers } from './schema.ts';
import { DEMO_BORROWERS } from './seed-support.ts';

/**
 * Saved debit cards of the demo borrowers (the older card repayment flow, decision 032). The banks most
 * borrowers of each market hold; one card per market charges without an SMS code, so both paths of the
 * flow can be shown. The last four digits differ per borrower.
 */
const DEMO_CARDS: Record<
  Market,
  ReadonlyArray<{ bankName: string; bankCode: string; last4: string; needsSms: boolean }>
> = {
  IN: [
    { bankName: 'HDFC Bank', bankCode: 'HDFC', last4: '4821', needsSms: true },
    { bankName: 'State Bank of India', bankCode: 'SBI', last4: '0937', needsSms: false },
  ],
  ID: [
    { bankName: 'BCA', bankCode: 'BCA', last4: '1234', needsSms: true },
    { bankName: 'BRI', bankCode: 'BRI', last4: '5678', needsSms: true },
    { bankName: 'Bank Mandiri', bankCode: 'MANDIRI', last4: '9012', needsSms: false },
  ],
};

/** Idempotent: a demo borrower who has cards keeps them. */
export async function seedBankCards(db: Db): Promise<void> {
  for (const market of ['IN', 'ID'] as const) {
    const phones = DEMO_BORROWERS[market].map((b) => b.phone);
    const demo = await db
      .select({ id: borrowers.id, phone: borrowers.phone })
      .from(borrowers)
      .where(and(eq(borrowers.market, market), inArray(borrowers.phone, phones)));
    const holding = demo.length
      ? await db
          .selectDistinct({ borrowerId: bankCards.borrowerId })
          .from(bankCards)
          .where(
            inArray(
              bankCards.borrowerId,
              demo.map((b) => b.id),
            ),
          )
      : [];
    for (const b of demo.filter((d) => !holding.some((h) => h.borrowerId === d.id))) {
      const nth = phones.indexOf(b.phone);
      await db.insert(bankCards).values(
        DEMO_CARDS[market].map((c) => ({
          borrowerId: b.id,
          market,
          bankName: c.bankName,
          bankCode: c.bankCode,
          // Only the last four digits exist here; the rest was never stored.
          maskedNo: `${'*'.repeat(12)}${String((Number(c.last4) + nth * 1111) % 10_000).padStart(4, '0')}`,
          providerToken: `tok_${randomBytes(16).toString('hex')}`,
          needsSms: c.needsSms,
        })),
      );
    }
  }
}
