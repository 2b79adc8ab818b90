/**
 * Privacy rights (decision 035): the borrower's requests, the copy of their data, account cancellation,
 * and the operators' queue. Paths and limits, zod-free, are in data-rights.ts. Request fields use the
 * field helpers (decision 021): free text refuses control characters, ids stop at int4.
 */
import { z } from 'zod';
import { LANGS, MARKETS } from '../markets.ts';
import {
  DATA_RIGHTS_LIMITS,
  QUEUE_FILTERS,
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  RIGHT_KINDS,
} from './data-rights.ts';
import { ANSWER_MAX } from './data-rights-admin.ts';
import { envelope } from './envelope.ts';
import { id, int, multiline, text } from './fields.ts';

const kind = z.enum(RIGHT_KINDS);
const status = z.enum(REQUEST_STATUSES);

// The borrower's side

export const requestItem = z.object({
  id: z.number().int(),
  kind,
  status,
  details: z.string(),
  /** The operator's answer, or the reason for a refusal; empty until then. */
  answer: z.string(),
  createdAt: z.string(),
  /** `createdAt` written for the borrower (language, market time zone). */
  created: z.string(),
  /** The legal deadline for the answer, fixed when the request was made (decision 035). */
  deadlineAt: z.string(),
  deadline: z.string(),
  closedAt: z.string().nullable(),
  closed: z.string(),
  /** Still open past its deadline. */
  overdue: z.boolean(),
});
export type RequestItem = z.infer<typeof requestItem>;

export const overviewData = z.object({
  /** What we hold on the borrower, in short: the copy (export) has all of it. */
  held: z.object({
    name: z.string(),
    /** Masked: the screen may be seen over a shoulder. */
    phone: z.string(),
    market: z.enum(MARKETS),
    since: z.string(),
    orders: z.number().int(),
    payments: z.number().int(),
    complaints: z.number().int(),
    chatRecords: z.number().int(),
    bankCards: z.number().int(),
    signIns: z.number().int(),
  }),
  /** Each right and how long we may take to answer it in the borrower's market ("Within 3 × 24 hours"). */
  rights: z.array(z.object({ kind, answerWithin: z.string() })),
  /** The borrower's requests, newest first. */
  requests: z.array(requestItem),
  /** Whether the account can be cancelled now, and why not. */
  cancel: z.object({ allowed: z.boolean(), reason: z.string() }),
});
export type OverviewData = z.infer<typeof overviewData>;
export const overviewReply = envelope(overviewData);

export const requestBody = z.strictObject({
  kind,
  details: multiline(DATA_RIGHTS_LIMITS.detailsMax, { trim: true }).default(''),
});
export type RequestBody = z.input<typeof requestBody>;
export const requestReply = envelope(requestItem);

export const requestDetailBody = z.strictObject({ id: id() });

export const exportLinkData = z.object({ url: z.string(), expiresAt: z.string() });
export type ExportLinkData = z.infer<typeof exportLinkData>;
export const exportLinkReply = envelope(exportLinkData);

/** Calls that take nothing: anything sent is refused rather than ignored. */
export const emptyBody = z.strictObject({}).optional();

export const exportFileQuery = z.strictObject({
  session: id(),
  exp: int(0, Number.MAX_SAFE_INTEGER),
  sig: text(100),
  /** The language of the copy's few words (the link carries the borrower's). */
  lang: z.enum(LANGS).optional(),
});

/** A deliberate `true`: an empty or mistaken call cancels nothing. */
export const cancelBody = z.strictObject({ confirm: z.literal(true) });
export const cancelData = z.object({ closedAt: z.string() });
export type CancelData = z.infer<typeof cancelData>;
export const cancelReply = envelope(cancelData);

// The back office's side

export const rightsQueueQuery = z.strictObject({
  market: z.enum(MARKETS).optional(),
  /** `open` (received or in progress) when absent. */
  status: z.enum(QUEUE_FILTERS).optional(),
  kind: kind.optional(),
  /** '1': only open requests past their deadline. */
  overdue: z.enum(['0', '1']).optional(),
  page: int(1, 10_000).default(1),
});
export type RightsQueueQuery = z.infer<typeof rightsQueueQuery>;

export const rightsQueueItem = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  kind,
  status,
  borrowerName: z.string(),
  /** The start of the borrower's details (text, never markup). */
  excerpt: z.string(),
  createdAt: z.string(),
  deadlineAt: z.string(),
  overdue: z.boolean(),
});
export type RightsQueueItem = z.infer<typeof rightsQueueItem>;
export const rightsQueueData = z.object({
  items: z.array(rightsQueueItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RightsQueue = z.infer<typeof rightsQueueData>;
export const rightsQueueReply = envelope(rightsQueueData);

export const rightsRequestParams = z.strictObject({ id: id() });

export const rightsRequestDetail = rightsQueueItem.extend({
  details: z.string(),
  answer: z.string(),
  startedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Who handled it last (e-mail), if anyone. */
  handledBy: z.string().nullable(),
  borrower: z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    since: z.string(),
    /** The account was cancelled: only what the law keeps is left. */
    closed: z.boolean(),
    /** Loans not yet repaid (or applications in flight). */
    outstandingLoans: z.number().int(),
  }),
  /** What staff did with it, from the audit log, oldest first. */
  history: z.array(z.object({ action: z.string(), staff: z.string().nullable(), at: z.string() })),
});
export type RightsRequestDetail = z.infer<typeof rightsRequestDetail>;
export const rightsRequestReply = envelope(rightsRequestDetail);

export const rightsActionBody = z.strictObject({
  action: z.enum(REQUEST_ACTIONS),
  /** Required to complete (the answer) or refuse (the reason). */
  answer: multiline(ANSWER_MAX, { trim: true }).optional(),
});
export type RightsActionBody = z.input<typeof rightsActionBody>;
