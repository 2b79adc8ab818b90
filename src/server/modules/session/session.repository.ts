import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { borrowers, sessions } from '../../db/schema.ts';

export function sessionRepository(db: Db) {
  return {
    async findBorrowerByPhone(market: Market, phone: string) {
      const [row] = await db
        .select()
        .from(borrowers)
        .where(and(eq(borrowers.market, market), eq(borrowers.phone, phone)));
      return row ?? null;
    },

    async insertSession(values: {
      borrowerId: number;
      tokenHash: string;
      deviceId: string | null;
      expiresAt: Date;
    }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!;
    },

    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          borrowerId: borrowers.id,
          market: borrowers.market,
          name: borrowers.name,
        })
        .from(sessions)
        .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
        .where(
          and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        );
      return row ?? null;
    },

    async revokeSession(sessionId: number, now: Date) {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
