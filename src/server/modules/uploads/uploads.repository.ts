import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { complaintImages, uploads, verificationSteps } from '../../db/schema.ts';
import { rowShape, rowsOf } from '../../db/statement.ts';

const DOOMED_ROW = rowShape('uploads_swept', { stored_name: z.string() });

export type UploadOwner = { kind: 'borrower' | 'staff'; id: number };

export function uploadsRepository(db: Db) {
  return {
    async insert(values: typeof uploads.$inferInsert) {
      await db.insert(uploads).values(values);
    },

    async find(id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      return row ?? null;
    },

    /** Those of `ids` that belong to the owner and are not attached to anything yet. */
    async findUnusedOwned(ids: string[], owner: UploadOwner) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: uploads.id, usedBy: complaintImages.complaintId })
        .from(uploads)
        .leftJoin(complaintImages, eq(complaintImages.uploadId, uploads.id))
        .where(
          and(inArray(uploads.id, ids), eq(uploads.ownerKind, owner.kind), eq(uploads.ownerId, owner.id)),
        );
      return rows.filter((r) => r.usedBy === null).map((r) => r.id);
    },

    /**
     * Deletes up to `limit` uploads created before `olderThan` that nothing uses, calling
     * `removeObjects` with their stored names before the deletion commits: if removing an object fails,
     * the rows stay for the next run, and a crash after it leaves rows whose objects are already gone,
     * which the next run deletes (object deletes are idempotent). `skip locked` lets several instances
     * run this at once: each row is claimed, and deleted, by one of them.
     */
    async deleteUnattached(
      olderThan: Date,
      limit: number,
      removeObjects: (storedNames: string[]) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          with doomed as (
            select u.id from ${uploads} u
             where u.created_at < ${olderThan.toISOString()}::timestamptz
               and not exists (select 1 from ${complaintImages} ci where ci.upload_id = u.id)
               -- A selfie the identity check used is kept with its step (decision 067).
               and not exists (select 1 from ${verificationSteps} vs
                                where vs.step = 'identity' and vs.data->>'selfieUpload' = u.id)
             order by u.created_at
             limit ${limit}
             for update of u skip locked
          )
          delete from ${uploads} d using doomed where d.id = doomed.id
          returning d.stored_name`);
        const rows = rowsOf(result, DOOMED_ROW);
        if (rows.length > 0) await removeObjects(rows.map((r) => r.stored_name));
        return rows.length;
      });
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
