import { and, count as countRows, desc, eq, gt, isNull } from 'drizzle-orm';
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

    async recordFailure(id: number, failedAttempts: number, lockedUntil: Date | null) {
      await db.update(staffUsers).set({ failedAttempts, lockedUntil }).where(eq(staffUsers.id, id));
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
