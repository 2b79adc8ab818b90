import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Market } from '../../../shared/markets.ts';
import type { Database } from '../../db/client.ts';
import { borrowers, sessions } from '../../db/schema.ts';
import { statement } from '../../db/statement.ts';

const liveSession = statement.read(
  'session_live',
  `select s.id as session_id, b.id as borrower_id, b.market, b.name,
          to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at
     from sessions s join borrowers b on b.id = s.borrower_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2::timestamptz`,
  {
    session_id: z.number(),
    borrower_id: z.number(),
    market: z.string(),
    name: z.string(),
    expires_at: z.string(),
  },
);

export function sessionRepository({ db, run }: Pick<Database, 'db' | 'run'>) {
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
      const [row] = await run(liveSession, [tokenHash, now.toISOString()]);
      return row
        ? {
            sessionId: row.session_id,
            borrowerId: row.borrower_id,
            market: row.market,
            name: row.name,
            expiresAt: new Date(row.expires_at),
          }
        : null;
    },

    async revokeSession(sessionId: number, now: Date) {
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
