import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ADMIN_ERROR_CODE,
  type AdminProduct,
  adminProductReply,
  adminProductsReply,
  productCreateBody,
  productEnabledBody,
  productIdParams,
  productsQuery,
  productUpdateBody,
} from '../../../shared/contract/admin.ts';
import { ADMIN_BASE } from '../../../shared/contract/constants.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import {
  MARKET_CAPS,
  PRODUCT_BOUNDS,
  type ProductProblem,
  percentText,
  productProblems,
  type StoredTerms,
} from '../../../shared/domain/product.ts';
import { fixedT } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import type { Db } from '../../db/client.ts';
import { products, productVersions } from '../../db/schema.ts';
import { AppError, withVars } from '../../errors.ts';
import { langOf } from '../../lang.ts';
import { uniqueViolation } from '../../plugins/errors.ts';
import { ok } from '../../reply.ts';
import type { AuditEntry, StaffIdentity } from '../staff/index.ts';

type CreateBody = z.output<typeof productCreateBody>;
type UpdateBody = z.output<typeof productUpdateBody>;
type Row = typeof products.$inferSelect;

const forbidden = () => new AppError('403', 'staff:errors.forbidden', 403);
const otherMarket = () =>
  new AppError(ADMIN_ERROR_CODE.OTHER_MARKET, 'admin:errors.product.otherMarket', 403);
const refused = (key: string, vars: Record<string, string> = {}) =>
  withVars(new AppError(ERROR_CODE.VALIDATION, `admin:errors.product.${key}`), vars);

/** The markets a list may show: the staff member's, narrowed to one when asked for one of them. */
function marketsFor(staff: StaffIdentity, market: Market | undefined): Market[] {
  if (!market) return staff.markets;
  if (!staff.markets.includes(market)) throw forbidden();
  return [market];
}

/**
 * One problem of `productProblems` as a sentence in the operator's language, with the figures that make
 * it actionable: which loan (amount and term) breaks which cap, written in the market's money.
 */
export function problemText(problem: ProductProblem, market: Market, lang: Lang): string {
  const say = fixedT(lang, 'admin', 'errors.product');
  switch (problem.code) {
    case 'noTerms':
      return say('noTerms', {
        max: String(PRODUCT_BOUNDS.termsMax),
        days: String(PRODUCT_BOUNDS.termDaysMax),
      });
    case 'installments':
      return say('installments', { max: String(PRODUCT_BOUNDS.installmentsMax) });
    case 'coolingOff':
      return say('coolingOff', {
        min: String(PRODUCT_BOUNDS.coolingOffDaysMin),
        max: String(PRODUCT_BOUNDS.coolingOffDaysMax),
      });
    case 'lateChargeTiers': {
      // The same problem covers the tiers' order and, where the market caps late charges, their rate.
      const cap = MARKET_CAPS[market].lateChargePerDayPpm;
      return cap === undefined
        ? say('lateChargeTiers')
        : say('lateChargeTiersCapped', { cap: percentText(cap / 100, lang) });
    }
    case 'outsideOffer':
      return say('outsideOffer', {
        min: formatMoney(problem.min, market),
        max: formatMoney(problem.max, market),
      });
    case 'extensionOverCap':
      return say('extensionOverCap', {
        cap: percentText(problem.capPpm / 100, lang),
        max: percentText((problem.capPpm * problem.days) / 100, lang),
        days: String(problem.days),
      });
    case 'overCap': {
      const loan = { amount: formatMoney(problem.amount, market), days: String(problem.termDays) };
      const r = problem.refusal;
      if (r.code === 'costOverDailyCap')
        return say('overDailyCap', { ...loan, cap: percentText(r.capPpm / 100, lang) });
      if (r.code === 'costOverTotalCap')
        return say('overTotalCap', { ...loan, cap: percentText(r.capPpm / 100, lang) });
      return say('overCap', loan);
    }
    default:
      return say(problem.code);
  }
}

/**
 * Loan products in the back office (issue 8): per market, with their terms, the card's words in both
 * languages, the display order, a daily quota, and whether borrowers are offered them. Terms are judged by
 * `productProblems` (the market's caps) on every write, and a product is offered only with terms that
 * pass. Every change is audited and drops the borrower side's cached products of that market.
 */
export function productsAdminService(
  db: Db,
  audit: (entry: AuditEntry) => Promise<void>,
  /** The borrower side reads products from memory: a change here drops that market's copy at once. */
  onChange: (market: Market) => void,
  opts: { now?: () => Date } = {},
) {
  const now = opts.now ?? (() => new Date());

  const present = (r: Row): AdminProduct => ({
    id: r.id,
    market: r.market as Market,
    code: r.code,
    name: r.name,
    logoUrl: r.logoUrl,
    terms: r.terms
      ? {
          ...r.terms,
          termDays: [...r.terms.termDays],
          fees: [...r.terms.fees],
          lateChargeTiers: [...r.terms.lateChargeTiers],
        }
      : null,
    copy: r.copy,
    enabled: r.enabled,
    sort: r.sort,
    dailyQuota: r.dailyQuota,
    termsVersion: r.termsVersion,
    updatedAt: r.updatedAt.toISOString(),
  });

  /** The product in the staff member's markets; one elsewhere is "another market's", not "not found". */
  async function find(staff: StaffIdentity, id: number): Promise<Row> {
    const [row] = await db.select().from(products).where(eq(products.id, id));
    if (!row) throw new AppError(ERROR_CODE.NOT_FOUND);
    if (!staff.markets.includes(row.market as Market)) throw otherMarket();
    return row;
  }

  /** Refuses terms the market does not allow, naming every problem in the operator's language. */
  function check(market: Market, terms: StoredTerms, lang: Lang) {
    const problems = productProblems(market, terms);
    if (problems.length === 0) return;
    throw refused('invalid', { problems: problems.map((p) => problemText(p, market, lang)).join(' ') });
  }

  /** Terms as stored: optional parts left out rather than kept as `undefined`. */
  function stored(terms: NonNullable<UpdateBody['terms']>): StoredTerms {
    const { lateFee, extension, fees, ...rest } = terms;
    return {
      ...rest,
      fees: fees.map(({ rateBp, fixed, ...fee }) => ({
        ...fee,
        ...(rateBp === undefined ? {} : { rateBp }),
        ...(fixed === undefined ? {} : { fixed }),
      })),
      ...(lateFee ? { lateFee } : {}),
      ...(extension ? { extension } : {}),
    };
  }

  const fields = (body: UpdateBody) => ({
    name: body.name,
    logoUrl: body.logoUrl,
    terms: body.terms ? stored(body.terms) : null,
    copy: body.copy,
    sort: body.sort,
    dailyQuota: body.dailyQuota,
  });

  /**
   * Writes `terms` as the product's next version (decision 046), in the caller's transaction, after the
   * product's row lock: the first terms a product has are version 1. Returns the version.
   */
  async function newVersion(tx: Db, productId: number, terms: StoredTerms, staffId: number) {
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${productVersions.version}), 0)::int` })
      .from(productVersions)
      .where(eq(productVersions.productId, productId));
    const version = (last?.version ?? 0) + 1;
    await tx.insert(productVersions).values({ productId, version, terms, createdBy: staffId });
    return version;
  }

  /** Terms as JSON keeps them (no `undefined` members), to compare with the stored ones. */
  const asJson = (terms: StoredTerms | null) => (terms === null ? null : JSON.parse(JSON.stringify(terms)));

  /** A second product with the market's code: said plainly (409), nothing written. */
  async function unique<T>(code: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error))
        throw withVars(new AppError(ERROR_CODE.CONFLICT, 'admin:errors.product.duplicateCode'), { code });
      throw error;
    }
  }

  return {
    async list(staff: StaffIdentity, market: Market | undefined): Promise<AdminProduct[]> {
      const rows = await db
        .select()
        .from(products)
        .where(inArray(products.market, marketsFor(staff, market)))
        .orderBy(asc(products.market), asc(products.sort), asc(products.id));
      return rows.map(present);
    },

    view: async (staff: StaffIdentity, id: number) => present(await find(staff, id)),

    async create(staff: StaffIdentity, body: CreateBody, ip: string, lang: Lang): Promise<AdminProduct> {
      if (!staff.markets.includes(body.market)) throw forbidden();
      const values = fields(body);
      if (values.terms) check(body.market, values.terms, lang);
      // New products start off offer: an operator switches one on when its card is ready.
      const row = await unique(body.code, () =>
        db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const [inserted] = await tx
            .insert(products)
            .values({ market: body.market, code: body.code, ...values, enabled: false, updatedAt: now() })
            .returning();
          if (values.terms) await newVersion(tx, inserted!.id, values.terms, staff.id);
          return inserted!;
        }),
      );
      await audit({
        staffId: staff.id,
        action: 'product.create',
        target: `product:${row.id}`,
        detail: `${row.market}/${row.code}`,
        ip,
      });
      onChange(body.market);
      return present(row);
    },

    async update(
      staff: StaffIdentity,
      id: number,
      body: UpdateBody,
      ip: string,
      lang: Lang,
    ): Promise<AdminProduct> {
      const current = await find(staff, id);
      const market = current.market as Market;
      const values = fields(body);
      if (values.terms) check(market, values.terms, lang);
      // One transaction with the product's row lock: the terms compared are the ones replaced, and a new
      // version and `terms_version` move together (two simultaneous edits make two versions, in turn).
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [locked] = await tx
          .select({ terms: products.terms, enabled: products.enabled, version: products.termsVersion })
          .from(products)
          .where(eq(products.id, id))
          .for('update');
        // A product switched on meanwhile cannot lose its terms.
        if (!locked || (!values.terms && locked.enabled)) return null;
        const changed =
          values.terms !== null && !isDeepStrictEqual(asJson(values.terms), asJson(locked.terms));
        const version = changed ? await newVersion(tx, id, values.terms!, staff.id) : locked.version;
        const [updated] = await tx
          .update(products)
          .set({ ...values, termsVersion: version, updatedAt: now() })
          .where(eq(products.id, id))
          .returning();
        return updated ?? null;
      });
      if (!row) throw refused('termsWhileOffered');
      await audit({
        staffId: staff.id,
        action: 'product.update',
        target: `product:${id}`,
        detail: `${market}/${current.code}`,
        ip,
      });
      onChange(market);
      return present(row);
    },

    async setEnabled(
      staff: StaffIdentity,
      id: number,
      enabled: boolean,
      ip: string,
      lang: Lang,
    ): Promise<AdminProduct> {
      const current = await find(staff, id);
      const market = current.market as Market;
      if (enabled) {
        if (!current.terms) throw refused('needsTerms');
        check(market, current.terms, lang);
      }
      // Switching on requires the terms that were checked: an edit that cleared them meanwhile wins.
      const [row] = await db
        .update(products)
        .set({ enabled, updatedAt: now() })
        .where(enabled ? and(eq(products.id, id), sql`${products.terms} is not null`) : eq(products.id, id))
        .returning();
      if (!row) throw refused('needsTerms');
      await audit({
        staffId: staff.id,
        action: enabled ? 'product.enable' : 'product.disable',
        target: `product:${id}`,
        detail: `${market}/${current.code}`,
        ip,
      });
      onChange(market);
      return present(row);
    },
  };
}
export type ProductsAdminService = ReturnType<typeof productsAdminService>;

const staffOnly = { access: 'staff' } as const;
/** Terms are prices: staff of the market read them, administrators change them. */
const adminOnly = { access: 'staff', roles: ['admin'] } as const;
const tags = ['admin'];

export const productsAdminRoutes: FastifyPluginAsyncZod<{ products: ProductsAdminService }> = async (
  app,
  { products: service },
) => {
  app.get(
    `${ADMIN_BASE}/products`,
    {
      config: staffOnly,
      schema: { tags, querystring: productsQuery, response: { 200: adminProductsReply } },
    },
    async (req) => ok({ items: await service.list(req.staff!, req.query.market) }),
  );
  app.get(
    `${ADMIN_BASE}/products/:id`,
    { config: staffOnly, schema: { tags, params: productIdParams, response: { 200: adminProductReply } } },
    async (req) => ok(await service.view(req.staff!, req.params.id)),
  );
  app.post(
    `${ADMIN_BASE}/products`,
    { config: adminOnly, schema: { tags, body: productCreateBody, response: { 200: adminProductReply } } },
    async (req) => ok(await service.create(req.staff!, req.body, req.ip, langOf(req))),
  );
  app.put(
    `${ADMIN_BASE}/products/:id`,
    {
      config: adminOnly,
      schema: {
        tags,
        params: productIdParams,
        body: productUpdateBody,
        response: { 200: adminProductReply },
      },
    },
    async (req) => ok(await service.update(req.staff!, req.params.id, req.body, req.ip, langOf(req))),
  );
  app.post(
    `${ADMIN_BASE}/products/:id/enabled`,
    {
      config: adminOnly,
      schema: {
        tags,
        params: productIdParams,
        body: productEnabledBody,
        response: { 200: adminProductReply },
      },
    },
    async (req) =>
      ok(await service.setEnabled(req.staff!, req.params.id, req.body.enabled, req.ip, langOf(req))),
  );
};
