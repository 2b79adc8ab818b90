/**
 * The back office's borrower view, the reveal of one sealed number and the verification review queue
 * (issue 30, decision 068). Every personal number in these replies is masked; the reveal reply is the one
 * exception, for an administrator, with a reason, audited.
 */
import { z } from 'zod';
import { REVIEW_REJECT_REASONS } from '../domain/review-reasons.ts';
import { MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';
import { id, int, text } from './fields.ts';

/** A reveal's reason: a sentence an auditor can read later, not a click-through. */
export const REVEAL_REASON = { min: 10, max: 200 } as const;
/** How long the page shows a revealed number before masking it again. */
export const REVEAL_SHOW_MS = 30_000;

// Search: one borrower by id, by phone (exact, normalised per market) or by one of their order numbers.
export const borrowerSearchQuery = z.object({
  q: text(40, { trim: true, min: 1 }),
  market: z.enum(MARKETS).optional(),
});
export const borrowerSummary = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  name: z.string(),
  /** Masked: the last four digits. */
  phone: z.string(),
  since: z.string(),
  closed: z.boolean(),
});
export type BorrowerSummary = z.infer<typeof borrowerSummary>;
export const borrowerSearchReply = envelope(z.object({ items: z.array(borrowerSummary) }));

export const borrowerIdParams = z.object({ id: id() });

const maskedValues = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export const adminStepEvent = z.object({
  status: z.string(),
  reason: z.string().nullable(),
  /** `borrower`, `system`, or `staff:<id>`. */
  actor: z.string(),
  /** The staff member's name for a `staff:<id>` actor; null otherwise. */
  actorName: z.string().nullable(),
  /** What the history kept of the change (field names, check results): never a personal number. */
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export const adminStep = z.object({
  id: z.number().int(),
  step: z.string(),
  status: z.enum(['done', 'review', 'refused']),
  data: z.record(z.string(), z.unknown()),
  masked: maskedValues,
  /** The code the check or the reviewer left (`nameMismatch`…); null when none. */
  reason: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  events: z.array(adminStepEvent),
});
export type AdminStep = z.infer<typeof adminStep>;
export const adminBankAccount = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  /** `**** 1234`. */
  accountMasked: z.string(),
  holderName: z.string(),
  status: z.enum(['verified', 'review', 'refused', 'replaced']),
  reason: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  replacedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBankAccount = z.infer<typeof adminBankAccount>;
export const adminBorrowerData = borrowerSummary.extend({
  steps: z.array(adminStep),
  bankAccounts: z.array(adminBankAccount),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      status: z.number().int(),
      amount: z.string(),
      termDays: z.number().int(),
      createdAt: z.string(),
      dueAt: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      amount: z.string(),
      state: z.string(),
      paidAt: z.string(),
    }),
  ),
  complaints: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  rightsRequests: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      status: z.string(),
      createdAt: z.string(),
      deadlineAt: z.string(),
    }),
  ),
  consents: z.array(
    z.object({
      purpose: z.string(),
      textVersion: z.string(),
      granted: z.boolean(),
      at: z.string(),
    }),
  ),
});
export type AdminBorrower = z.infer<typeof adminBorrowerData>;
export const adminBorrowerReply = envelope(adminBorrowerData);

/** The sealed values an administrator may reveal, one at a time. */
export const REVEAL_FIELDS = ['idNumber', 'accountNumber', 'contactPhone', 'phone'] as const;
export type RevealField = (typeof REVEAL_FIELDS)[number];
export const revealBody = z.strictObject({
  field: z.enum(REVEAL_FIELDS),
  /** Which bank account (`accountNumber`). */
  accountId: id().optional(),
  /** Which emergency contact, from 0 (`contactPhone`). */
  index: int(0, 9).optional(),
  reason: text(REVEAL_REASON.max, { trim: true, min: REVEAL_REASON.min }),
});
export type RevealBody = z.input<typeof revealBody>;
export const revealData = z.object({ field: z.enum(REVEAL_FIELDS), value: z.string() });
export type Revealed = z.infer<typeof revealData>;
export const revealReply = envelope(revealData);

// The verification review queue: steps and bank accounts a check left for a person to decide.
export const REVIEW_KINDS = ['step', 'bankAccount'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const verificationQueueQuery = z.object({
  market: z.enum(MARKETS).optional(),
  page: int(1, 10_000).default(1),
});
export const verificationReviewItem = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: z.number().int(),
  market: z.enum(MARKETS),
  borrowerId: z.number().int(),
  borrowerName: z.string(),
  /** The step's name; `bank` for an account. */
  step: z.string(),
  /** Why the check held it (`nameMismatch`…), when it said. */
  reason: z.string().nullable(),
  /** For an account: the holder's name the bank gave and `**** 1234`; for a step: its masked numbers. */
  holderName: z.string().nullable(),
  masked: z.string(),
  since: z.string(),
});
export type VerificationReviewItem = z.infer<typeof verificationReviewItem>;
export const verificationQueueData = z.object({
  items: z.array(verificationReviewItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type VerificationQueue = z.infer<typeof verificationQueueData>;
export const verificationQueueReply = envelope(verificationQueueData);
export const reviewParams = z.object({ kind: z.enum(REVIEW_KINDS), id: id() });
export const reviewDecisionBody = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  /** Required to reject; the borrower reads its sentence. */
  reason: z.enum(REVIEW_REJECT_REASONS).optional(),
});
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;
export const reviewDecisionData = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: z.number().int(),
  status: z.string(),
});
export const reviewDecisionReply = envelope(reviewDecisionData);
