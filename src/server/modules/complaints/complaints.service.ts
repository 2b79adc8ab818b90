import type {
  OrderCard,
  ProblemDetail,
  ProblemInit,
  ProblemList,
  ProblemSave,
} from '../../../shared/contract/complaints.ts';
import {
  COLLECTION_TYPE,
  COMPLAINT_LIMITS,
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  LIST_PAGE,
} from '../../../shared/contract/constants.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { isBlankText } from '../../../shared/domain/text.ts';
import { formatDate, weekdaysLater } from '../../../shared/domain/time.ts';
import { fixedT, messageOf, translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { AppError, notFound } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { ReferenceData } from '../../reference-data.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { ComplaintsRepository } from './complaints.repository.ts';

const refuse = (key: string) => new AppError('400', `complaints:messages.${key}`);

type OrderRow = Awaited<ReturnType<ComplaintsRepository['entryOf']>>['orders'][number];

function orderCard(row: OrderRow, lang: Lang, market: Market): OrderCard {
  const t = fixedT(lang, 'orders');
  const rows = [
    { title: t('rows.amount'), value: formatMoney(row.amountMinor, market) },
    { title: t('rows.term'), value: translate(lang, 'orders', 'termDays', { count: row.termDays }) },
    ...(row.dueAt ? [{ title: t('rows.dueDate'), value: formatDate(row.dueAt, lang, market) }] : []),
    { title: t('rows.orderNo'), value: row.orderNo },
  ];
  return {
    orderNo: row.orderNo,
    productLogo: row.productLogo,
    productName: row.productName,
    status: messageOf(lang, `orders:status.${row.status}`),
    statusCode: row.status,
    rows,
    isShow: row.collectionAllowed ? 1 : 0,
  };
}

export function complaintsService(
  repo: ComplaintsRepository,
  uploads: UploadsService,
  reference: ReferenceData,
  opts: { now?: () => Date } = {},
) {
  const now = opts.now ?? (() => new Date());

  async function typeMaps(market: Market, lang: Lang) {
    const types = await reference.complaintTypes(market);
    const title = (t: (typeof types)[number]) => (lang === 'id' ? t.titleId : t.titleEn);
    return {
      top: types.filter((t) => t.parentValue === null).map((t) => ({ title: title(t), value: t.value })),
      sub: (parent: number) =>
        types.filter((t) => t.parentValue === parent).map((t) => ({ title: title(t), value: t.value })),
      titleOf: (value: number) => {
        const found = types.find((t) => t.value === value);
        return found ? title(found) : '';
      },
    };
  }

  return {
    async init(borrower: BorrowerIdentity, lang: Lang, orderNo: string | undefined): Promise<ProblemInit> {
      const [types, entry] = await Promise.all([typeMaps(borrower.market, lang), repo.entryOf(borrower.id)]);
      const cards = entry.orders.map((r) => orderCard(r, lang, borrower.market));
      let orderDetail = cards[0] ?? null;
      if (orderNo) {
        // Someone else's order number reads exactly like one that does not exist.
        orderDetail = cards.find((c) => c.orderNo === orderNo) ?? null;
        if (!orderDetail) throw notFound();
      }
      return {
        problemType: types.top,
        problemSonType: types.sub(COLLECTION_TYPE),
        orderDetail,
        orderList: cards,
        problemStatus: entry.counts,
      };
    },

    /**
     * Validates everything again (the screen's checks are a convenience) and stores the complaint with
     * its images in one statement: all of it, or nothing.
     */
    async save(borrower: BorrowerIdentity, body: ProblemSave) {
      const types = await reference.complaintTypes(borrower.market);
      const type = types.find((t) => t.value === body.problemType && t.parentValue === null);
      if (!type) throw refuse('typeInvalid');
      const subTypes = types.filter((t) => t.parentValue === type.value);
      const subType = body.problemSonType ?? 0;
      if (subTypes.length > 0 ? !subTypes.some((t) => t.value === subType) : subType !== 0) {
        throw refuse('subTypeInvalid');
      }

      const detail = body.problemDetail.trim();
      // Zero-width and other invisible characters alone read as empty on the handler's screen too.
      if (isBlankText(detail)) throw refuse('detailEmpty');
      if (detail.length > COMPLAINT_LIMITS.detailMax) throw refuse('detailTooLong');

      const urls = body.problemImage
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean);
      if (urls.length > COMPLAINT_LIMITS.imagesMax) throw refuse('tooManyImages');
      const ids = urls.map((u) => uploads.idFromUrl(u));
      if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) throw refuse('imageInvalid');
      const owned = await uploads.findUnusedOwned(ids as string[], { kind: 'borrower', id: borrower.id });
      // An image that is not this borrower's (or already used) is refused as if it did not exist.
      if (owned.length !== ids.length) throw notFound();

      const created = now();
      const deadline = weekdaysLater(created, COMPLAINT_LIMITS.handlingWeekdays, borrower.market);
      // The order's ownership (and, for collection, its permission) is checked by the insert itself.
      const problemId = await repo.insertForOrder(
        {
          borrowerId: borrower.id,
          market: borrower.market,
          orderNo: body.orderNo,
          typeValue: type.value,
          subTypeValue: subType,
          detail,
          deadlineAt: deadline,
          createdAt: created,
        },
        { collection: type.value === COLLECTION_TYPE, imageIds: ids as string[] },
      );
      if (problemId === null) {
        // Nothing was written; say why.
        const order = await repo.orderOf(borrower.id, body.orderNo);
        if (!order) throw notFound();
        throw refuse('collectionNotAllowed');
      }
      return { problemId, deadline: deadline.toISOString() };
    },

    /** One page of one tab, newest first, with both tabs' counts: one statement (decision 020). */
    async list(
      borrower: BorrowerIdentity,
      lang: Lang,
      q: { status?: ComplaintStatus; cursor?: string; limit?: number } = {},
    ): Promise<ProblemList> {
      const status = q.status ?? 'processing';
      const limit = q.limit ?? LIST_PAGE.default;
      // One more row than asked tells whether a next page exists without a second query.
      const [page, types] = await Promise.all([
        repo.page(borrower.id, status, limit + 1, q.cursor),
        typeMaps(borrower.market, lang),
      ]);
      const rows = page.rows.slice(0, limit);
      return {
        tabs: COMPLAINT_STATUSES.map((s) => ({
          status: s,
          title: translate(lang, 'complaints', `status.${s}`),
          count: page.counts[s],
        })),
        status,
        list: rows.map((r) => ({
          id: r.id!,
          time: r.time,
          type: types.titleOf(r.type_value),
          content: r.detail,
          isScore: r.is_score ? 1 : 0,
        })),
        nextCursor: page.rows.length > limit ? rows[rows.length - 1]!.cursor : null,
      };
    },

    async detail(borrower: BorrowerIdentity, lang: Lang, problemId: number): Promise<ProblemDetail> {
      const [row, types] = await Promise.all([
        repo.findOwnedWithImages(borrower.id, problemId),
        typeMaps(borrower.market, lang),
      ]);
      if (!row) throw notFound();
      const urls = (role: string) => row.images.filter((i) => i.role === role).map((i) => uploads.url(i.id));
      return {
        problemId: row.id,
        type: types.titleOf(row.type_value),
        sonType: row.sub_type_value ? types.titleOf(row.sub_type_value) : '',
        content: row.detail,
        images: urls('evidence'),
        disposeDetail: row.reply_text,
        disposeImages: urls('reply'),
        isScore: row.is_score ? 1 : 0,
        status: row.status === 'processed' ? 'processed' : 'processing',
        orderNo: row.order_no,
        createdAt: row.created_at,
        deadline: row.deadline_at,
        score: row.score,
      };
    },

    /** A rating only when the server asked for one (after handling), and only once. */
    async saveScore(borrower: BorrowerIdentity, problemId: number, score: number) {
      if (!Number.isInteger(score) || score < 1 || score > COMPLAINT_LIMITS.stars) throw refuse('pickStars');
      const saved = await repo.saveScore(borrower.id, problemId, score, now());
      if (saved) return;
      if (!(await repo.isOwned(borrower.id, problemId))) throw notFound();
      throw new AppError('409', 'complaints:messages.ratingNotDue', 409);
    },
  };
}
export type ComplaintsService = ReturnType<typeof complaintsService>;
