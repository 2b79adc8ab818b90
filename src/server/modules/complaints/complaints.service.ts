import type {
  OrderCard,
  ProblemDetail,
  ProblemInit,
  ProblemList,
  ProblemSave,
} from '../../../shared/contract/complaints.ts';
import { COLLECTION_TYPE, COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { formatDate, weekdaysLater } from '../../../shared/domain/time.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { AppError, notFound } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { ComplaintsRepository } from './complaints.repository.ts';

const refuse = (key: string) => new AppError('400', `complaints:messages.${key}`);

type OrderRow = Awaited<ReturnType<ComplaintsRepository['ordersOf']>>[number];

function orderCard(row: OrderRow, lang: Lang, market: Market): OrderCard {
  const t = (key: string) => translate(lang, 'orders', key);
  const rows = [
    { title: t('rows.amount'), value: formatMoney(row.amountMinor, market) },
    { title: t('rows.term'), value: t('termDays').replace('{{count}}', String(row.termDays)) },
    ...(row.dueAt ? [{ title: t('rows.dueDate'), value: formatDate(row.dueAt, lang, market) }] : []),
    { title: t('rows.orderNo'), value: row.orderNo },
  ];
  return {
    orderNo: row.orderNo,
    productLogo: row.productLogo,
    productName: row.productName,
    status: t(`status.${row.status}`),
    statusCode: row.status,
    rows,
    isShow: row.collectionAllowed ? 1 : 0,
  };
}

export function complaintsService(
  repo: ComplaintsRepository,
  uploads: UploadsService,
  opts: { now?: () => Date } = {},
) {
  const now = opts.now ?? (() => new Date());

  async function typeMaps(market: Market, lang: Lang) {
    const types = await repo.types(market);
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
      const [types, orderRows, counts] = await Promise.all([
        typeMaps(borrower.market, lang),
        repo.ordersOf(borrower.id),
        repo.statusCounts(borrower.id),
      ]);
      const cards = orderRows.map((r) => orderCard(r, lang, borrower.market));
      let orderDetail = cards[0] ?? null;
      if (orderNo) {
        // Someone else's order number reads exactly like one that does not exist.
        orderDetail = cards.find((c) => c.orderNo === orderNo) ?? null;
        if (!orderDetail) throw notFound();
      }
      const sum = (pred: (r: (typeof counts)[number]) => boolean) =>
        counts.filter(pred).reduce((n, r) => n + Number(r.n), 0);
      return {
        problemType: types.top,
        problemSonType: types.sub(COLLECTION_TYPE),
        orderDetail,
        orderList: cards,
        problemStatus: {
          processing: sum((r) => r.status === 'processing'),
          processed: sum((r) => r.status === 'processed'),
          ratingDue: sum((r) => r.ratingDue),
        },
      };
    },

    /**
     * Validates everything again (the screen's checks are a convenience) and stores the complaint with
     * its images in one transaction.
     */
    async save(borrower: BorrowerIdentity, body: ProblemSave) {
      const types = await repo.types(borrower.market);
      const type = types.find((t) => t.value === body.problemType && t.parentValue === null);
      if (!type) throw refuse('typeInvalid');
      const subTypes = types.filter((t) => t.parentValue === type.value);
      const subType = body.problemSonType ?? 0;
      if (subTypes.length > 0 ? !subTypes.some((t) => t.value === subType) : subType !== 0) {
        throw refuse('subTypeInvalid');
      }

      const order = await repo.orderOf(borrower.id, body.orderNo);
      if (!order) throw notFound();
      if (type.value === COLLECTION_TYPE && !order.collectionAllowed) throw refuse('collectionNotAllowed');

      const detail = body.problemDetail.trim();
      if (!detail) throw refuse('detailEmpty');
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
      const problemId = await repo.insertWithImages(
        {
          borrowerId: borrower.id,
          market: borrower.market,
          orderNo: order.orderNo,
          typeValue: type.value,
          subTypeValue: subType,
          detail,
          status: 'processing',
          deadlineAt: deadline,
          createdAt: created,
        },
        ids as string[],
      );
      return { problemId, deadline: deadline.toISOString() };
    },

    async list(borrower: BorrowerIdentity, lang: Lang): Promise<ProblemList> {
      const [rows, types] = await Promise.all([repo.listOf(borrower.id), typeMaps(borrower.market, lang)]);
      const item = (r: (typeof rows)[number]) => ({
        id: r.id,
        time: r.createdAt.toISOString(),
        type: types.titleOf(r.typeValue),
        content: r.detail,
        isScore: (r.ratingDue && r.score === null ? 1 : 0) as 0 | 1,
      });
      return {
        tabs: (['processing', 'processed'] as const).map((status) => ({
          status,
          title: translate(lang, 'complaints', `status.${status}`),
          list: rows.filter((r) => r.status === status).map(item),
        })),
      };
    },

    async detail(borrower: BorrowerIdentity, lang: Lang, problemId: number): Promise<ProblemDetail> {
      const row = await repo.findOwned(borrower.id, problemId);
      if (!row) throw notFound();
      const [types, images] = await Promise.all([typeMaps(borrower.market, lang), repo.imagesOf(row.id)]);
      const urls = (role: string) =>
        images.filter((i) => i.role === role).map((i) => uploads.url(i.uploadId));
      return {
        problemId: row.id,
        type: types.titleOf(row.typeValue),
        sonType: row.subTypeValue ? types.titleOf(row.subTypeValue) : '',
        content: row.detail,
        images: urls('evidence'),
        disposeDetail: row.replyText,
        disposeImages: urls('reply'),
        isScore: row.ratingDue && row.score === null ? 1 : 0,
        status: row.status === 'processed' ? 'processed' : 'processing',
        orderNo: row.orderNo,
        createdAt: row.createdAt.toISOString(),
        deadline: row.deadlineAt.toISOString(),
        score: row.score,
      };
    },

    /** A rating only when the server asked for one (after handling), and only once. */
    async saveScore(borrower: BorrowerIdentity, problemId: number, score: number) {
      if (!Number.isInteger(score) || score < 1 || score > COMPLAINT_LIMITS.stars) throw refuse('pickStars');
      const saved = await repo.saveScore(borrower.id, problemId, score, now());
      if (saved) return;
      if (!(await repo.findOwned(borrower.id, problemId))) throw notFound();
      throw new AppError('409', 'complaints:messages.ratingNotDue', 409);
    },
  };
}
export type ComplaintsService = ReturnType<typeof complaintsService>;
