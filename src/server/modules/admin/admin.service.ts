import {
  ADMIN_ERROR_CODE,
  type AdminComplaint,
  type ComplaintQueue,
  type ComplaintTypeBody,
  type ComplaintTypeNode,
  type QaNode,
  type QaNodeBody,
  type ReplyBody,
} from '../../../shared/contract/admin.ts';
import type { ComplaintStatus } from '../../../shared/contract/constants.ts';
import { PAGE_SIZE, REPLY_LIMITS } from '../../../shared/contract/constants.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { maskPhone } from '../../../shared/domain/phone.ts';
import { isMarket, type Lang, type Market } from '../../../shared/markets.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ReferenceData } from '../../reference-data.ts';
import type { AuditEntry, StaffIdentity } from '../staff/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { AdminRepository } from './admin.repository.ts';

const refuse = (key: string) => new AppError('400', `staff:errors.${key}`);
const forbidden = () => new AppError('403', 'staff:errors.forbidden', 403);
/**
 * A complaint that exists but in a market the staff member does not work on. Staff are told so (it is
 * not a borrower's secret that a complaint number exists); its content stays out of reach.
 */
const otherMarket = () => new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'admin:errors.otherMarket', 403);

/** The markets a query may look at: the staff member's, narrowed to one when asked for one of them. */
function marketsFor(staff: StaffIdentity, market: Market | undefined): Market[] {
  if (!market) return staff.markets;
  if (!staff.markets.includes(market)) throw forbidden();
  return [market];
}

export function adminService(
  repo: AdminRepository,
  uploads: UploadsService,
  audit: (entry: AuditEntry) => Promise<void>,
  /** Reference data that borrowers read from memory: an edit here drops this instance's copy at once. */
  changed: ReferenceData['changed'],
  opts: { now?: () => Date } = {},
) {
  const now = opts.now ?? (() => new Date());
  type TypeRows = Awaited<ReturnType<AdminRepository['types']>>;
  /** A type's title in the operator's language (the same title the borrower of that language sees). */
  const titleIn = (t: TypeRows[number], lang: Lang) => (lang === 'id' ? t.titleId : t.titleEn);
  const typeTitle = (types: TypeRows, market: string, value: number, lang: Lang) => {
    const type = types.find((t) => t.market === market && t.value === value);
    return type ? titleIn(type, lang) : '';
  };
  /** The complaint in the staff member's markets; one elsewhere is "another market's", not "not found". */
  const findComplaint = async (staff: StaffIdentity, id: number) => {
    const row = await repo.complaint(id, staff.markets);
    if (row) return row;
    if ((await repo.complaintMarket(id)) !== null) throw otherMarket();
    throw notFound();
  };

  return {
    async queue(
      staff: StaffIdentity,
      q: { market?: Market; status?: ComplaintStatus; type?: number; overdue?: '0' | '1'; page: number },
      lang: Lang = 'en',
    ): Promise<ComplaintQueue> {
      const markets = marketsFor(staff, q.market);
      const at = now();
      const [{ rows, total }, types] = await Promise.all([
        repo.queue({
          markets,
          status: q.status,
          type: q.type,
          overdue: q.overdue === '1',
          now: at,
          page: q.page,
          pageSize: PAGE_SIZE,
        }),
        repo.types(markets),
      ]);
      const seen = new Set<number>();
      return {
        items: rows.map(({ c, borrowerName, imageCount }) => ({
          id: c.id,
          market: isMarket(c.market) ? c.market : 'IN',
          orderNo: c.orderNo,
          borrowerName,
          type: typeTitle(types, c.market, c.typeValue, lang),
          subType: c.subTypeValue ? typeTitle(types, c.market, c.subTypeValue, lang) : '',
          status: c.status === 'processed' ? 'processed' : 'processing',
          excerpt: c.detail.length > 120 ? `${c.detail.slice(0, 119)}…` : c.detail,
          createdAt: c.createdAt.toISOString(),
          deadline: c.deadlineAt.toISOString(),
          overdue: c.status !== 'processed' && c.deadlineAt < at,
          imageCount: Number(imageCount ?? 0),
          score: c.score,
        })),
        total,
        page: q.page,
        pageSize: PAGE_SIZE,
        types: types
          .filter((t) => t.parentValue === null && !seen.has(t.value) && seen.add(t.value))
          .map((t) => ({ value: t.value, title: titleIn(t, lang) })),
      };
    },

    async complaint(staff: StaffIdentity, id: number, lang: Lang = 'en'): Promise<AdminComplaint> {
      const row = await findComplaint(staff, id);
      const { c } = row;
      const [types, images, order] = await Promise.all([
        repo.types([c.market as Market]),
        repo.images(c.id),
        repo.orderSummary(c.orderNo),
      ]);
      const urls = (role: string) =>
        images.filter((i) => i.role === role).map((i) => uploads.url(i.uploadId));
      const market = isMarket(c.market) ? c.market : 'IN';
      return {
        id: c.id,
        market,
        orderNo: c.orderNo,
        borrowerName: row.borrowerName,
        borrowerPhone: maskPhone(row.borrowerPhone),
        type: typeTitle(types, c.market, c.typeValue, lang),
        subType: c.subTypeValue ? typeTitle(types, c.market, c.subTypeValue, lang) : '',
        status: c.status === 'processed' ? 'processed' : 'processing',
        excerpt: c.detail.slice(0, 120),
        detail: c.detail,
        createdAt: c.createdAt.toISOString(),
        deadline: c.deadlineAt.toISOString(),
        overdue: c.status !== 'processed' && c.deadlineAt < now(),
        imageCount: urls('evidence').length,
        images: urls('evidence'),
        replyText: c.replyText,
        replyImages: urls('reply'),
        repliedAt: c.repliedAt?.toISOString() ?? null,
        repliedBy: row.repliedBy,
        ratingDue: c.ratingDue,
        score: c.score,
        order: order
          ? {
              orderNo: order.orderNo,
              productName: order.productName,
              status: order.status,
              amount: formatMoney(order.amountMinor, market),
              termDays: order.termDays,
              collectionAllowed: order.collectionAllowed,
            }
          : null,
      };
    },

    async reply(staff: StaffIdentity, id: number, body: ReplyBody, ip: string, lang: Lang = 'en') {
      // Only staff of the complaint's market may answer it; the row itself is read again after saving.
      await findComplaint(staff, id);
      const text = body.replyText.trim();
      if (!text) throw refuse('replyEmpty');
      if (text.length > REPLY_LIMITS.textMax) throw refuse('replyTooLong');
      const urls = body.replyImages
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      if (urls.length > REPLY_LIMITS.imagesMax) throw refuse('tooManyImages');
      const ids = urls.map((u) => uploads.idFromUrl(u));
      if (ids.some((x) => x === null) || new Set(ids).size !== ids.length) throw new AppError('400');
      const owned = await uploads.findUnusedOwned(ids as string[], { kind: 'staff', id: staff.id });
      if (owned.length !== ids.length) throw notFound();
      await repo.saveReply(
        id,
        { replyText: text, repliedBy: staff.id, repliedAt: now(), markProcessed: body.markProcessed },
        ids as string[],
        {
          staffId: staff.id,
          action: body.markProcessed ? 'complaint.reply+processed' : 'complaint.reply',
          target: `complaint:${id}`,
          detail: `images=${ids.length}`,
          ip,
        },
      );
      return this.complaint(staff, id, lang);
    },

    async qaTree(staff: StaffIdentity, market: Market) {
      marketsFor(staff, market);
      const rows = await repo.qaItems(market);
      return rows.map((r) => ({ ...r, market }) as QaNode);
    },

    /** The parent must fit the kind: categories at the top, questions under categories, answers under questions. */
    async checkParent(body: QaNodeBody) {
      if (body.kind === 'category') {
        if (body.parentId !== 0) throw refuse('qaParent');
        return;
      }
      const parent = await repo.qaItem(body.parentId);
      const want = body.kind === 'question' ? 'category' : 'question';
      if (!parent || parent.market !== body.market || parent.kind !== want) throw refuse('qaParent');
    },

    async createQa(staff: StaffIdentity, body: QaNodeBody, ip: string): Promise<QaNode> {
      marketsFor(staff, body.market);
      await this.checkParent(body);
      const row = await repo.insertQa(body);
      changed.qaItems(body.market);
      await audit({ staffId: staff.id, action: 'qa.create', target: `qa:${row.id}`, detail: body.kind, ip });
      return { ...row, market: body.market } as QaNode;
    },

    async updateQa(staff: StaffIdentity, id: number, body: QaNodeBody, ip: string): Promise<QaNode> {
      marketsFor(staff, body.market);
      const current = await repo.qaItem(id);
      if (!current || current.market !== body.market || current.kind !== body.kind) throw notFound();
      await this.checkParent(body);
      const row = await repo.updateQa(id, body);
      if (!row) throw notFound();
      changed.qaItems(body.market);
      await audit({ staffId: staff.id, action: 'qa.update', target: `qa:${id}`, ip });
      return { ...row, market: body.market } as QaNode;
    },

    async deactivateQa(staff: StaffIdentity, id: number, ip: string) {
      const current = await repo.qaItem(id);
      if (!current || !isMarket(current.market)) throw notFound();
      marketsFor(staff, current.market);
      await repo.updateQa(id, { active: false });
      changed.qaItems(current.market);
      await audit({ staffId: staff.id, action: 'qa.deactivate', target: `qa:${id}`, ip });
    },

    async complaintTypes(staff: StaffIdentity, market: Market): Promise<ComplaintTypeNode[]> {
      marketsFor(staff, market);
      const rows = await repo.complaintTypes(market);
      return rows.map((r) => ({ ...r, market }));
    },

    async updateComplaintType(
      staff: StaffIdentity,
      id: number,
      body: ComplaintTypeBody,
      ip: string,
    ): Promise<ComplaintTypeNode> {
      const current = await repo.complaintType(id);
      if (!current || !isMarket(current.market)) throw notFound();
      marketsFor(staff, current.market);
      const row = await repo.updateComplaintType(id, body);
      if (!row) throw notFound();
      changed.complaintTypes(current.market);
      await audit({ staffId: staff.id, action: 'complaintType.update', target: `complaintType:${id}`, ip });
      return { ...row, market: current.market };
    },

    async messages(staff: StaffIdentity, q: { market?: Market; handled?: '0' | '1'; page: number }) {
      const { rows, total } = await repo.messages(
        marketsFor(staff, q.market),
        q.handled === undefined ? undefined : q.handled === '1',
        q.page,
        PAGE_SIZE,
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          market: isMarket(r.market) ? r.market : ('IN' as const),
          name: r.name,
          telephone: r.telephone,
          email: r.email,
          suggestion: r.suggestion,
          createdAt: r.createdAt.toISOString(),
          handledAt: r.handledAt?.toISOString() ?? null,
        })),
        total,
        page: q.page,
        pageSize: PAGE_SIZE,
      };
    },

    async markHandled(staff: StaffIdentity, id: number, ip: string) {
      if (!(await repo.markMessageHandled(id, staff.markets, now()))) throw notFound();
      await audit({ staffId: staff.id, action: 'message.handled', target: `message:${id}`, ip });
    },
  };
}
export type AdminService = ReturnType<typeof adminService>;
