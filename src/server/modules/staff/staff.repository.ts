import { and, count as countRows, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, staffSessions, staffUsers } from '../../db/schema.ts';

export type AuditEntry = {
  staffId: number | null;
  action: string;
  target?: string;
  detail?: string;
  ip?: string;
};

export function staffRepository(db: Db) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
      return row ?? null;
    },

    /**
     * Takes one sign-in attempt from the account's budget, before the password is checked, in one
     * statement (decision 022): the row lock orders parallel attempts, so each sees the count the one
     * before it left. The attempt that reaches `limit` locks the account until `lockUntil` (a right
     * password on that attempt lifts the lock again through `clearFailures`). An expired lock starts
     * a fresh count. Returns the attempt's number, or null when the account is locked: no attempt left.
     */
    async takeAttempt(id: number, now: Date, limit: number, lockUntil: Date): Promise<number | null> {
      // SET reads the row as it was: an expired lock (the only kind the WHERE lets through) counts from 1.
      const attempt = sql`(case when ${staffUsers.lockedUntil} is null then ${staffUsers.failedAttempts} + 1 else 1 end)`;
      const [row] = await db
        .update(staffUsers)
        .set({
          failedAttempts: attempt,
          lockedUntil: sql`(case when ${attempt} >= ${limit} then ${lockUntil.toISOString()}::timestamptz end)`,
        })
        .where(
          and(eq(staffUsers.id, id), or(isNull(staffUsers.lockedUntil), lte(staffUsers.lockedUntil, now))),
        )
        .returning({ attempt: staffUsers.failedAttempts });
      return row ? row.attempt : null;
    },

    async clearFailures(id: number) {
      await db.update(staffUsers).set({ failedAttempts: 0, lockedUntil: null }).where(eq(staffUsers.id, id));
    },

    async insertSession(values: typeof staffSessions.$inferInsert) {
      const [row] = await db.insert(staffSessions).values(values).returning({ id: staffSessions.id });
      return row!;
    },

    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          sessionId: staffSessions.id,
          csrfToken: staffSessions.csrfToken,
          id: staffUsers.id,
          email: staffUsers.email,
          name: staffUsers.name,
          role: staffUsers.role,
          markets: staffUsers.markets,
        })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
            eq(staffUsers.active, true),
          ),
        );
      return row ?? null;
    },

    async revokeSession(id: number, now: Date) {
      await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, id));
    },

    async audit(entry: AuditEntry) {
      await db.insert(auditLog).values({
        staffId: entry.staffId,
        action: entry.action,
        target: entry.target ?? '',
        detail: entry.detail ?? '',
        ip: entry.ip ?? '',
      });
    },

    async auditPage(page: number, pageSize: number) {
      const rows = await db
        .select({
          id: auditLog.id,
          at: auditLog.createdAt,
          staff: staffUsers.email,
          action: auditLog.action,
          target: auditLog.target,
          detail: auditLog.detail,
        })
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
        .orderBy(desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: countRows() }).from(auditLog);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
