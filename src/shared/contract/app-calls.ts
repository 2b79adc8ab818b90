/**
 * The app's remaining calls (issue 30, decision 069): the home page, a product's detail, user delete, and
 * the older app's `-yd` paths. Spec §7 lists them without paths or payloads; these are ours, in the
 * families of the calls it does show (`/v3/…`, `/indah/v3/product/…`).
 */
import { z } from 'zod';
import { LOAN_PATHS } from './constants.ts';
import { DATA_RIGHTS_PATHS } from './data-rights.ts';
import { envelope } from './envelope.ts';
import { id } from './fields.ts';
import { keyFacts, orderListItem } from './loans.ts';

export const APP_PATHS = {
  /** What the app's first screen shows: the market's offer, the loan in progress, what to do next. */
  home: '/v3/home/home-page',
  /** A product's terms as its key facts state them, before the borrower applies. */
  productDetail: '/indah/v3/product/product-detail',
  /** Account cancellation (decision 035) under the name the app calls it by. */
  userDelete: '/v3/personal-center/user-delete',
} as const;

/**
 * The older app's paths: each the same route as its original (one handler, two paths), registered from
 * this one table by `plugins/route-aliases.ts`, so an alias cannot drift from what it stands for.
 * Alias → original.
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  [APP_PATHS.userDelete]: DATA_RIGHTS_PATHS.cancelAccount,
  '/v3/home/home-page-yd': APP_PATHS.home,
  '/indah/v3/product/recommend-product-list-yd': LOAN_PATHS.recommendList,
  '/indah/v3/product/apply-yd': LOAN_PATHS.apply,
  '/v3/loan-confirm/loan-detail-push-yd': LOAN_PATHS.push,
  '/v3/order/order-list-yd': LOAN_PATHS.orderList,
};

/** What the borrower should do next, in this order: finish a step, pay what is due, wait, or borrow. */
export const NEXT_ACTIONS = ['verify', 'repay', 'review', 'apply'] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

export const homeBody = z.strictObject({}).optional();
export const homeData = z.object({
  /** The market's offer (shared/domain/market-offer.ts): the range every product lends within, and times. */
  offer: z.object({
    amountMin: z.number().int(),
    amountMax: z.number().int(),
    amountMinText: z.string(),
    amountMaxText: z.string(),
    /** "1 day", "1 hari": the decision at the latest. */
    decision: z.string(),
    /** "1 to 3 calendar days": the money after approval. */
    payout: z.string(),
  }),
  /** The loan that needs the borrower first (My loans' first open order), or null. */
  loan: orderListItem.nullable(),
  next: z.object({
    action: z.enum(NEXT_ACTIONS),
    /** The first missing verification step (`verify` only), else null. */
    step: z.string().nullable(),
    /** What to do, in the borrower's language. */
    title: z.string(),
    /** The H5 screen that does it. */
    url: z.string(),
  }),
});
export type HomeData = z.infer<typeof homeData>;
export const homeReply = envelope(homeData);

export const productDetailBody = z.strictObject({ productId: id() });
export const productDetailData = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productLogo: z.string(),
  productDesc: z.string(),
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  amountStep: z.number().int(),
  amountRange: z.string(),
  /** The terms offered, in days, shortest first. */
  terms: z.array(z.number().int()),
  /** `Interest 0.08%/day` */
  pRateDsc: z.string(),
  /** The key facts of the largest amount over the longest term, as the confirmation shows them. */
  keyFacts,
});
export type ProductDetail = z.infer<typeof productDetailData>;
export const productDetailReply = envelope(productDetailData);
