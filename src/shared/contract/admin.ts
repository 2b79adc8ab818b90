/** Back-office schemas (`/admin-api/…`); paths, limits and roles are in constants.ts. */
import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { COMPLAINT_STATUSES, QA_ICONS, QA_KINDS, STAFF_ROLES } from './constants.ts';
import { envelope } from './envelope.ts';
import { INT4_MAX, id, int, multiline, text } from './fields.ts';

/**
 * Back-office reply codes of their own. `OTHER_MARKET` (HTTP 403): the complaint exists, but in a market
 * the staff member does not work on; unlike "not found", trying again will not help. The web reads the
 * value through this type, so the two sides cannot drift apart.
 */
export const ADMIN_ERROR_CODE = { OTHER_MARKET: '40301' } as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODE)[keyof typeof ADMIN_ERROR_CODE];

export const staff = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Markets this person works on (an admin has both). */
  markets: z.array(z.enum(MARKETS)),
});
export type Staff = z.infer<typeof staff>;

export const loginBody = z.strictObject({ email: text(200), password: text(200) });
export const sessionData = z.object({ staff, csrfToken: z.string() });
export type StaffSession = z.infer<typeof sessionData>;
export const sessionReply = envelope(sessionData);
export const emptyReply = envelope(z.null());

// Complaint queue
export const complaintQueueQuery = z.object({
  market: z.enum(MARKETS).optional(),
  status: z.enum(COMPLAINT_STATUSES).optional(),
  type: int(0, INT4_MAX).optional(),
  /** '1': only complaints past their handling deadline and not processed. */
  overdue: z.enum(['0', '1']).optional(),
  page: int(1, 10_000).default(1),
});
export const queueItem = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  orderNo: z.string(),
  borrowerName: z.string(),
  type: z.string(),
  subType: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  excerpt: z.string(),
  createdAt: z.string(),
  deadline: z.string(),
  overdue: z.boolean(),
  imageCount: z.number().int(),
  score: z.number().int().nullable(),
});
export type QueueItem = z.infer<typeof queueItem>;
export const complaintQueueData = z.object({
  items: z.array(queueItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Types of the filtered market(s), for the type filter, titled in the operator's language. */
  types: z.array(z.object({ value: z.number().int(), title: z.string() })),
});
export type ComplaintQueue = z.infer<typeof complaintQueueData>;
export const complaintQueueReply = envelope(complaintQueueData);

export const complaintIdParams = z.object({ id: id() });
export const adminComplaintData = queueItem.extend({
  detail: z.string(),
  images: z.array(z.string()),
  replyText: z.string(),
  replyImages: z.array(z.string()),
  repliedAt: z.string().nullable(),
  repliedBy: z.string().nullable(),
  ratingDue: z.boolean(),
  borrowerPhone: z.string(),
  order: z
    .object({
      orderNo: z.string(),
      productName: z.string(),
      status: z.number().int(),
      amount: z.string(),
      termDays: z.number().int(),
      collectionAllowed: z.boolean(),
    })
    .nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintData>;
export const adminComplaintReply = envelope(adminComplaintData);

export const replyBody = z.strictObject({
  replyText: multiline(5000),
  /** Image URLs returned by the staff upload, comma-joined or empty. */
  replyImages: text(4000).default(''),
  /** Mark the complaint processed, which asks the borrower for a rating. */
  markProcessed: z.boolean().default(false),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const uploadData = z.object({ id: z.string(), url: z.string() });
export const staffUploadReply = envelope(uploadData);

// Chatbot content
export const qaNode = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  parentId: z.number().int(),
  kind: z.enum(QA_KINDS),
  titleEn: z.string(),
  titleId: z.string(),
  aliasEn: z.string().nullable(),
  aliasId: z.string().nullable(),
  icon: z.string().nullable(),
  actionType: z.number().int(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type QaNode = z.infer<typeof qaNode>;
export const qaTreeQuery = z.object({ market: z.enum(MARKETS) });
export const qaTreeReply = envelope(z.object({ items: z.array(qaNode) }));
export const qaNodeBody = z.strictObject({
  market: z.enum(MARKETS),
  parentId: int(0, INT4_MAX),
  kind: z.enum(QA_KINDS),
  /** Answers are paragraphs: line breaks are kept. */
  titleEn: multiline(1000, { trim: true, min: 1 }),
  titleId: multiline(1000, { trim: true, min: 1 }),
  aliasEn: text(30, { trim: true }).nullable().default(null),
  aliasId: text(30, { trim: true }).nullable().default(null),
  icon: z.enum(QA_ICONS).nullable().default(null),
  actionType: int(0, 9).default(0),
  sort: int(0, 10_000).default(0),
  active: z.boolean().default(true),
});
export type QaNodeBody = z.infer<typeof qaNodeBody>;
export const qaNodeReply = envelope(qaNode);

// Complaint types (the borrower's type tiles and collection sub-types)
export const complaintTypeNode = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  value: z.number().int(),
  /** The type a sub-type belongs to; null for a top-level type. */
  parentValue: z.number().int().nullable(),
  titleEn: z.string(),
  titleId: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type ComplaintTypeNode = z.infer<typeof complaintTypeNode>;
export const complaintTypesQuery = z.object({ market: z.enum(MARKETS) });
export const complaintTypesReply = envelope(z.object({ items: z.array(complaintTypeNode) }));
/** What an operator may change; the value and parent are fixed, since saved complaints refer to them. */
export const complaintTypeBody = z.strictObject({
  titleEn: text(60, { trim: true, min: 1 }),
  titleId: text(60, { trim: true, min: 1 }),
  sort: int(0, 10_000),
  active: z.boolean(),
});
export type ComplaintTypeBody = z.infer<typeof complaintTypeBody>;
export const complaintTypeReply = envelope(complaintTypeNode);

// Contact-form messages
export const messagesQuery = z.object({
  market: z.enum(MARKETS).optional(),
  handled: z.enum(['0', '1']).optional(),
  page: int(1, 10_000).default(1),
});
export const contactMessageItem = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  name: z.string(),
  telephone: z.string(),
  email: z.string().nullable(),
  suggestion: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export const messagesReply = envelope(
  z.object({
    items: z.array(contactMessageItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);

// Audit log (admin only)
export const auditQuery = z.object({ page: int(1, 10_000).default(1) });
export const auditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
});
export const auditReply = envelope(
  z.object({
    items: z.array(auditItem),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
);

// Orders (issue 8): an order with its history, and the review decisions staff take on it.
export const orderNoParams = z.object({ orderNo: text(40) });
export const orderActionBody = z.strictObject({
  /** Review decisions; disbursement follows the payout provider's confirmation, not a button. */
  action: z.enum(['approve', 'reject']),
  /** Required to reject (kept in the order's history). */
  reason: multiline(500).optional(),
});
export const adminOrderData = z.object({
  orderNo: z.string(),
  market: z.enum(MARKETS),
  status: z.number().int(),
  amountMinor: z.number().int(),
  termDays: z.number().int(),
  events: z.array(
    z.object({
      operation: z.string(),
      fromStatus: z.number().int().nullable(),
      toStatus: z.number().int(),
      actor: z.string(),
      reason: z.string(),
      at: z.string(),
    }),
  ),
});
export const adminOrderReply = envelope(adminOrderData);
