import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { complaintImages, complaints, orders, problemTypes, products } from '../../db/schema.ts';

export function complaintsRepository(db: Db) {
  return {
    async types(market: Market) {
      return db
        .select()
        .from(problemTypes)
        .where(and(eq(problemTypes.market, market), eq(problemTypes.active, true)))
        .orderBy(asc(problemTypes.sort), asc(problemTypes.value));
    },

    /** The borrower's orders with their product, newest first. */
    async ordersOf(borrowerId: number) {
      return db
        .select({
          orderNo: orders.orderNo,
          status: orders.status,
          amountMinor: orders.amountMinor,
          termDays: orders.termDays,
          dueAt: orders.dueAt,
          collectionAllowed: orders.collectionAllowed,
          productName: products.name,
          productLogo: products.logoUrl,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.borrowerId, borrowerId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    async orderOf(borrowerId: number, orderNo: string) {
      const [row] = await db
        .select({ orderNo: orders.orderNo, collectionAllowed: orders.collectionAllowed })
        .from(orders)
        .where(and(eq(orders.borrowerId, borrowerId), eq(orders.orderNo, orderNo)));
      return row ?? null;
    },

    async statusCounts(borrowerId: number) {
      const rows = await db
        .select({ status: complaints.status, ratingDue: complaints.ratingDue, n: count() })
        .from(complaints)
        .where(eq(complaints.borrowerId, borrowerId))
        .groupBy(complaints.status, complaints.ratingDue);
      return rows;
    },

    /** Inserts a complaint with its images in one transaction: all of it is stored, or none. */
    async insertWithImages(values: typeof complaints.$inferInsert, imageIds: string[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(complaints).values(values).returning({ id: complaints.id });
        if (imageIds.length) {
          await tx.insert(complaintImages).values(
            imageIds.map((uploadId, position) => ({
              complaintId: row!.id,
              uploadId,
              role: 'evidence',
              position,
            })),
          );
        }
        return row!.id;
      });
    },

    async listOf(borrowerId: number) {
      return db
        .select()
        .from(complaints)
        .where(eq(complaints.borrowerId, borrowerId))
        .orderBy(desc(complaints.createdAt), desc(complaints.id));
    },

    async findOwned(borrowerId: number, id: number) {
      const [row] = await db
        .select()
        .from(complaints)
        .where(and(eq(complaints.id, id), eq(complaints.borrowerId, borrowerId)));
      return row ?? null;
    },

    async imagesOf(complaintId: number) {
      return db
        .select({ uploadId: complaintImages.uploadId, role: complaintImages.role })
        .from(complaintImages)
        .where(eq(complaintImages.complaintId, complaintId))
        .orderBy(asc(complaintImages.role), asc(complaintImages.position));
    },

    /** Records a score only while one is due and none is set; returns whether it did. */
    async saveScore(borrowerId: number, id: number, score: number, now: Date) {
      const rows = await db
        .update(complaints)
        .set({ score, scoredAt: now, ratingDue: false })
        .where(
          and(
            eq(complaints.id, id),
            eq(complaints.borrowerId, borrowerId),
            eq(complaints.ratingDue, true),
            isNull(complaints.score),
          ),
        )
        .returning({ id: complaints.id });
      return rows.length === 1;
    },

    async typeTitles(market: Market, values: number[]) {
      if (values.length === 0) return [];
      return db
        .select()
        .from(problemTypes)
        .where(and(eq(problemTypes.market, market), inArray(problemTypes.value, values)));
    },
  };
}
export type ComplaintsRepository = ReturnType<typeof complaintsRepository>;
