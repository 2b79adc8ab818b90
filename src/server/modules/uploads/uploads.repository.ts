import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { complaintImages, uploads } from '../../db/schema.ts';

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
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
