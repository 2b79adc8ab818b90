import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, max, ne, type SQL } from 'drizzle-orm';
import type { Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  borrowers,
  complaintImages,
  complaints,
  contactMessages,
  orders,
  problemTypes,
  products,
  qaItems,
  staffUsers,
} from '../../db/schema.ts';
import type { AuditEntry } from '../staff/index.ts';

export interface QueueFilter {
  markets: Market[];
  status?: string;
  type?: number;
  overdue?: boolean;
  now: Date;
  page: number;
  pageSize: number;
}

export function adminRepository(db: Db) {
  return {
    async queue(f: QueueFilter) {
      const where: SQL[] = [inArray(complaints.market, f.markets)];
      if (f.status) where.push(eq(complaints.status, f.status));
      if (f.type !== undefined) where.push(eq(complaints.typeValue, f.type));
      if (f.overdue) where.push(lt(complaints.deadlineAt, f.now), ne(complaints.status, 'processed'));
      const cond = and(...where);
      const imageCounts = db
        .select({ complaintId: complaintImages.complaintId, n: count().as('n') })
        .from(complaintImages)
        .where(eq(complaintImages.role, 'evidence'))
        .groupBy(complaintImages.complaintId)
        .as('image_counts');
      const rows = await db
        .select({
          c: complaints,
          borrowerName: borrowers.name,
          imageCount: imageCounts.n,
        })
        .from(complaints)
        .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
        .leftJoin(imageCounts, eq(imageCounts.complaintId, complaints.id))
        .where(cond)
        // Oldest deadline first: the queue is worked in the order complaints fall due.
        .orderBy(asc(complaints.status), asc(complaints.deadlineAt), asc(complaints.id))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize);
      const [total] = await db.select({ n: count() }).from(complaints).where(cond);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async types(markets: Market[]) {
      return db
        .select()
        .from(problemTypes)
        .where(inArray(problemTypes.market, markets))
        .orderBy(asc(problemTypes.sort));
    },

    /** The market of a complaint, whatever it is: only to tell staff that it belongs to another one. */
    async complaintMarket(id: number) {
      const [row] = await db
        .select({ market: complaints.market })
        .from(complaints)
        .where(eq(complaints.id, id));
      return row?.market ?? null;
    },

    async complaint(id: number, markets: Market[]) {
      const [row] = await db
        .select({
          c: complaints,
          borrowerName: borrowers.name,
          borrowerPhone: borrowers.phone,
          repliedBy: staffUsers.name,
        })
        .from(complaints)
        .innerJoin(borrowers, eq(borrowers.id, complaints.borrowerId))
        .leftJoin(staffUsers, eq(staffUsers.id, complaints.repliedBy))
        .where(and(eq(complaints.id, id), inArray(complaints.market, markets)));
      return row ?? null;
    },

    async orderSummary(orderNo: string) {
      const [row] = await db
        .select({
          orderNo: orders.orderNo,
          productName: products.name,
          status: orders.status,
          amountMinor: orders.amountMinor,
          termDays: orders.termDays,
          collectionAllowed: orders.collectionAllowed,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.orderNo, orderNo));
      return row ?? null;
    },

    async images(complaintId: number) {
      return db
        .select()
        .from(complaintImages)
        .where(eq(complaintImages.complaintId, complaintId))
        .orderBy(asc(complaintImages.role), asc(complaintImages.position));
    },

    /** The reply, its images and the audit entry in one transaction. */
    async saveReply(
      id: number,
      values: { replyText: string; repliedBy: number; repliedAt: Date; markProcessed: boolean },
      imageIds: string[],
      audit: AuditEntry,
    ) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
        if (!current) throw new Error('complaint vanished');
        await tx
          .update(complaints)
          .set({
            replyText: values.replyText,
            repliedBy: values.repliedBy,
            repliedAt: values.repliedAt,
            ...(values.markProcessed && current.status !== 'processed'
              ? { status: 'processed', ratingDue: current.score === null }
              : {}),
          })
          .where(eq(complaints.id, id));
        if (imageIds.length) {
          const [last] = await tx
            .select({ m: max(complaintImages.position) })
            .from(complaintImages)
            .where(and(eq(complaintImages.complaintId, id), eq(complaintImages.role, 'reply')));
          const start = last?.m === null || last?.m === undefined ? 0 : last.m + 1;
          await tx.insert(complaintImages).values(
            imageIds.map((uploadId, i) => ({
              complaintId: id,
              uploadId,
              role: 'reply',
              position: start + i,
            })),
          );
        }
        await tx.insert(auditLog).values({
          staffId: audit.staffId,
          action: audit.action,
          target: audit.target ?? '',
          detail: audit.detail ?? '',
          ip: audit.ip ?? '',
        });
      });
    },

    async complaintTypes(market: Market) {
      return db
        .select()
        .from(problemTypes)
        .where(eq(problemTypes.market, market))
        .orderBy(asc(problemTypes.parentValue), asc(problemTypes.sort), asc(problemTypes.value));
    },

    async updateComplaintType(
      id: number,
      values: Pick<typeof problemTypes.$inferInsert, 'titleEn' | 'titleId' | 'sort' | 'active'>,
    ) {
      const [row] = await db.update(problemTypes).set(values).where(eq(problemTypes.id, id)).returning();
      return row ?? null;
    },

    async complaintType(id: number) {
      const [row] = await db.select().from(problemTypes).where(eq(problemTypes.id, id));
      return row ?? null;
    },

    async qaItems(market: Market) {
      return db
        .select()
        .from(qaItems)
        .where(eq(qaItems.market, market))
        .orderBy(asc(qaItems.parentId), asc(qaItems.sort), asc(qaItems.id));
    },

    async qaItem(id: number) {
      const [row] = await db.select().from(qaItems).where(eq(qaItems.id, id));
      return row ?? null;
    },

    async insertQa(values: typeof qaItems.$inferInsert) {
      const [row] = await db.insert(qaItems).values(values).returning();
      return row!;
    },

    async updateQa(id: number, values: Partial<typeof qaItems.$inferInsert>) {
      const [row] = await db.update(qaItems).set(values).where(eq(qaItems.id, id)).returning();
      return row ?? null;
    },

    async messages(markets: Market[], handled: boolean | undefined, page: number, pageSize: number) {
      const where: SQL[] = [inArray(contactMessages.market, markets)];
      if (handled === true) where.push(isNotNull(contactMessages.handledAt));
      if (handled === false) where.push(isNull(contactMessages.handledAt));
      const cond = and(...where);
      const rows = await db
        .select()
        .from(contactMessages)
        .where(cond)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(contactMessages).where(cond);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async markMessageHandled(id: number, markets: Market[], now: Date) {
      const rows = await db
        .update(contactMessages)
        .set({ handledAt: now })
        .where(and(eq(contactMessages.id, id), inArray(contactMessages.market, markets)))
        .returning({ id: contactMessages.id });
      return rows.length === 1;
    },
  };
}
export type AdminRepository = ReturnType<typeof adminRepository>;
