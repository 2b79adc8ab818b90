/**
 * The borrower's privacy rights (spec §1; decision 035): requests of six kinds, the copy of their data,
 * and account cancellation (spec §7 "user delete"); the operators' queue of those requests. Paths and
 * limits are here without zod, so the screens can use them; the schemas are in data-rights-schema.ts.
 * Not in constants.ts: that module is part of the H5 entry, and what this screen needs would ride in
 * every screen's first load. The back office's paths are in data-rights-admin.ts.
 */
/** The borrower's side, in the personal-centre family of the spec's calls (`contact-kf-info`). */
export const DATA_RIGHTS_BASE = '/v3/personal-center/data-rights';
export const DATA_RIGHTS_PATHS = {
  /** What we hold (counts), the rights with their answer times, the borrower's requests, cancellation. */
  overview: `${DATA_RIGHTS_BASE}/overview`,
  /** Makes a request of one kind. */
  request: `${DATA_RIGHTS_BASE}/request`,
  /** One of the borrower's requests (a notification's link; the screen lists the latest ones). */
  requestDetail: `${DATA_RIGHTS_BASE}/request-detail`,
  /** A short-lived signed link to the copy of the borrower's data (the access right, done at once). */
  exportLink: `${DATA_RIGHTS_BASE}/export-link`,
  /** The copy itself (JSON, an attachment), opened by that link: `?session=&exp=&sig=`. */
  exportFile: '/api/v1/data-rights/export',
  /** Cancels the account (spec §7 "user delete"): refused while a loan is outstanding. */
  cancelAccount: `${DATA_RIGHTS_BASE}/cancel-account`,
} as const;

/** The rights the privacy policy names, in its order (spec §1). `withdrawal`: of consent. */
export const RIGHT_KINDS = [
  'access',
  'correction',
  'erasure',
  'objection',
  'restriction',
  'withdrawal',
] as const;
export type RightKind = (typeof RIGHT_KINDS)[number];

/** received → in_progress → done or refused; `done` and `refused` are final. */
export const REQUEST_STATUSES = ['received', 'in_progress', 'done', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A borrower has at most one open request of each kind. */
export const OPEN_STATUSES: readonly RequestStatus[] = ['received', 'in_progress'];

/** Kinds that mean nothing without saying what: which data to correct, which use to object to or limit. */
export const DETAILS_REQUIRED: readonly RightKind[] = ['correction', 'objection', 'restriction'];

export const DATA_RIGHTS_LIMITS = {
  /** The borrower's details, as long as a staff reply (REPLY_LIMITS.textMax). */
  detailsMax: 1000,
} as const;

/** Staff actions on a request, and the status each leads to. */
export const REQUEST_ACTIONS = ['start', 'complete', 'refuse'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** The queue's status filter: the open ones (the default), one status, or all. */
export const QUEUE_FILTERS = ['open', ...REQUEST_STATUSES, 'all'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** The account-cancelled refusal: a loan is outstanding (spec §1). */
export const DATA_RIGHTS_CODE = { LOAN_OUTSTANDING: '40901', OPEN_REQUEST: '40902' } as const;
