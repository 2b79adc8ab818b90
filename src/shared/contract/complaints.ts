/** Complaint schemas (`/h5-api/v3/user-problem/…`); paths, limits and codes are in constants.ts. */
import { z } from 'zod';
import { COMPLAINT_LIMITS, COMPLAINT_STATUSES, LIST_PAGE } from './constants.ts';
import { envelope } from './envelope.ts';
import { INT4_MAX, id, int, multiline, text } from './fields.ts';

export const option = z.object({ title: z.string(), value: z.number().int() });
export type Option = z.infer<typeof option>;

/** The order card of spec §3. `isShow` 1 means collection-type complaints are allowed for the order. */
export const orderCard = z.object({
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  /** Status text in the borrower's language. */
  status: z.string(),
  statusCode: z.number().int(),
  rows: z.array(z.object({ title: z.string(), value: z.string() })),
  isShow: z.union([z.literal(0), z.literal(1)]),
});
export type OrderCard = z.infer<typeof orderCard>;

// problem-init
export const problemInitBody = z.strictObject({ orderNo: text(64).optional() });
export const problemInitData = z.object({
  problemType: z.array(option),
  /** Sub-types of the collection type. */
  problemSonType: z.array(option),
  /** The chosen order (the one asked for, else the latest), or null when the borrower has none. */
  orderDetail: orderCard.nullable(),
  orderList: z.array(orderCard),
  /** Counts for the "My complaints" link. */
  problemStatus: z.object({
    processing: z.number().int(),
    processed: z.number().int(),
    ratingDue: z.number().int(),
  }),
});
export type ProblemInit = z.infer<typeof problemInitData>;
export const problemInitReply = envelope(problemInitData);

// upload-problem-img (multipart, field `problemImage`)
export const uploadData = z.object({ id: z.string(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadData>;
export const uploadReply = envelope(uploadData);

// problem-save
export const problemSaveBody = z.strictObject({
  /** A type value; 0 (none chosen) and unknown values are refused by the service with its own message. */
  problemType: int(0, INT4_MAX),
  /** 0 (or absent) when the type has no sub-type. */
  problemSonType: int(0, INT4_MAX).optional(),
  problemDetail: multiline(2000),
  /** Comma-joined image URLs returned by upload-problem-img, or empty. */
  problemImage: text(4000).default(''),
  orderNo: text(64),
});
export type ProblemSave = z.infer<typeof problemSaveBody>;
export const problemSaveData = z.object({ problemId: z.number().int(), deadline: z.string() });
export const problemSaveReply = envelope(problemSaveData);

// problem-list
export const problemListItem = z.object({
  id: z.number().int(),
  /** ISO-8601 UTC; the screen shows it in the market's time zone. */
  time: z.string(),
  type: z.string(),
  content: z.string(),
  /** A rating is due for this complaint. */
  isScore: z.union([z.literal(0), z.literal(1)]),
});
/** A page cursor as the server hands it out: opaque to clients (`<created µs>-<id>`). */
export const pageCursor = z.string().regex(/^\d{1,17}-\d{1,10}$/);
export const problemListBody = z.strictObject({
  /** The tab to page through; the reply counts both tabs either way. */
  status: z.enum(COMPLAINT_STATUSES).default('processing'),
  /** `nextCursor` of the previous page; absent for the first page. */
  cursor: pageCursor.optional(),
  limit: int(1, LIST_PAGE.max).default(LIST_PAGE.default),
});
export type ProblemListQuery = z.input<typeof problemListBody>;
export const problemListData = z.object({
  /** Both tabs with their titles and how many complaints each holds. */
  tabs: z.array(z.object({ status: z.enum(COMPLAINT_STATUSES), title: z.string(), count: z.number().int() })),
  status: z.enum(COMPLAINT_STATUSES),
  /** This page of the asked-for tab, newest first. */
  list: z.array(problemListItem),
  /** Cursor of the next page, or null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type ProblemList = z.infer<typeof problemListData>;
export const problemListReply = envelope(problemListData);

// problem-detail
export const problemDetailBody = z.strictObject({ problemId: id() });
export const problemDetailData = z.object({
  problemId: z.number().int(),
  type: z.string(),
  sonType: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  disposeDetail: z.string(),
  disposeImages: z.array(z.string()),
  /** 1 when the server wants a rating for this complaint (spec §3: 0 means no rating needed). */
  isScore: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(COMPLAINT_STATUSES),
  orderNo: z.string(),
  createdAt: z.string(),
  /** When the complaint is due to be handled (3 weekdays, market time zone), ISO-8601 UTC. */
  deadline: z.string(),
  score: z.number().int().nullable(),
});
export type ProblemDetail = z.infer<typeof problemDetailData>;
export const problemDetailReply = envelope(problemDetailData);

// save-score
export const saveScoreBody = z.strictObject({
  problemId: id(),
  /** 0 (no star chosen) is refused by the service with its own message. */
  score: int(0, COMPLAINT_LIMITS.stars),
});
export const saveScoreReply = envelope(z.null());
