import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminComplaint,
  AdminErrorCode,
  auditItem,
  ComplaintQueue,
  ComplaintTypeBody,
  ComplaintTypeNode,
  contactMessageItem,
  QaNode,
  QaNodeBody,
  ReplyBody,
  StaffSession,
} from '../../../shared/contract/admin.ts';
import type { ComplaintStatus } from '../../../shared/contract/constants.ts';
import { ADMIN_BASE, CSRF_HEADER } from '../../../shared/contract/constants.ts';
import { admin } from '../../../shared/i18n/admin.ts';
import type { Market } from '../../../shared/markets.ts';
import { type ApiResult, request, uploadFile } from '../../lib/api-client.ts';
import { ApiFailure, failedWith, isNotFound, unwrap } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { adminLang } from './admin-lang.ts';

// The back office's copy loads with its screens.
addCopy({ admin });

/**
 * The back office's calls (contract: shared/contract/admin.ts). Everything goes through the one request
 * helper; this module adds what staff calls need on top: the CSRF token on every state-changing call, the
 * operator's own language (not the borrower session's) and a way out to the sign-in page when the
 * session ends mid-work.
 */
export const ADMIN_PATHS = {
  login: `${ADMIN_BASE}/session/login`,
  me: `${ADMIN_BASE}/session/me`,
  logout: `${ADMIN_BASE}/session/logout`,
  complaints: `${ADMIN_BASE}/complaints`,
  complaint: (id: number) => `${ADMIN_BASE}/complaints/${id}`,
  reply: (id: number) => `${ADMIN_BASE}/complaints/${id}/reply`,
  uploads: `${ADMIN_BASE}/uploads`,
  qa: `${ADMIN_BASE}/qa`,
  qaNode: (id: number) => `${ADMIN_BASE}/qa/${id}`,
  complaintTypes: `${ADMIN_BASE}/complaint-types`,
  complaintType: (id: number) => `${ADMIN_BASE}/complaint-types/${id}`,
  messages: `${ADMIN_BASE}/contact-messages`,
  handled: (id: number) => `${ADMIN_BASE}/contact-messages/${id}/handled`,
  audit: `${ADMIN_BASE}/audit`,
} as const;

export type ContactMessage = z.infer<typeof contactMessageItem>;
export type AuditItem = z.infer<typeof auditItem>;
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface QueueFilters {
  market?: Market;
  status?: ComplaintStatus;
  type?: number;
  overdue?: boolean;
  page: number;
}

export interface MessageFilters {
  market?: Market;
  handled?: '0' | '1';
  page: number;
}

export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  queue: ['admin', 'queue'] as const,
  queuePage: (filters: QueueFilters) => ['admin', 'queue', filters] as const,
  complaint: (id: number) => ['admin', 'complaint', id] as const,
  qa: (market: Market) => ['admin', 'qa', market] as const,
  complaintTypes: (market: Market) => ['admin', 'complaint-types', market] as const,
  messages: ['admin', 'messages'] as const,
  messagesPage: (filters: MessageFilters) => ['admin', 'messages', filters] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface AdminCallOptions {
  method?: Method;
  data?: Record<string, unknown>;
  /** The session's CSRF token; sent with every call that is not a GET. */
  csrf?: string;
  silent?: boolean;
  loadingText?: string;
}

let signedOutListener: (() => void) | null = null;

/** The shell listens here: a 401 on any call after sign-in means the session ended (expired, signed out elsewhere). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListener = listener;
  return () => {
    if (signedOutListener === listener) signedOutListener = null;
  };
}

export function isSignedOutCode(code: string | number): boolean {
  return String(code) === '401';
}

export async function adminRequest<T>(path: string, options: AdminCallOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { 'x-lang': adminLang() };
  if (method !== 'GET' && options.csrf) headers[CSRF_HEADER] = options.csrf;
  const result = await request<T>(path, {
    method,
    data: options.data,
    headers,
    silent: options.silent,
    loadingText: options.loadingText,
  });
  // Sign-in and the session check answer 401 as part of their normal job; only other calls mean "ended".
  if (isSignedOutCode(result.code) && path !== ADMIN_PATHS.login && path !== ADMIN_PATHS.me) {
    signedOutListener?.();
  }
  return result;
}

/** True when a query failed because nobody is signed in. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiFailure && isSignedOutCode(error.code);
}

// Session

export function fetchSession(): Promise<StaffSession> {
  return unwrap(adminRequest<StaffSession>(ADMIN_PATHS.me, { silent: true }));
}

export const sessionQuery = queryOptions({
  queryKey: adminKeys.session,
  queryFn: fetchSession,
  // The session is loaded once and replaced on sign-in; a 401 elsewhere sends the operator to sign in.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/**
 * The signed-in operator, for screens inside the session guard (which renders them only once the session
 * is loaded, so it is always there).
 */
export function useStaffSession(): StaffSession {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useStaffSession outside the session guard');
  return data;
}

/** Silent: the sign-in form shows the server's message itself. */
export function login(email: string, password: string): Promise<ApiResult<StaffSession>> {
  return adminRequest<StaffSession>(ADMIN_PATHS.login, {
    method: 'POST',
    data: { email, password },
    silent: true,
  });
}

export function logout(csrf: string): Promise<ApiResult<null>> {
  return adminRequest<null>(ADMIN_PATHS.logout, { method: 'POST', csrf });
}

// Complaints. Reads are silent: the screens show a failed load in place, with a retry.

/** Only the filters in use become query params: an empty one would be a filter for "". */
export function queueParams(filters: QueueFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.market) params.market = filters.market;
  if (filters.status) params.status = filters.status;
  if (filters.type !== undefined) params.type = String(filters.type);
  if (filters.overdue) params.overdue = '1';
  params.page = String(filters.page);
  return params;
}

export function fetchQueue(filters: QueueFilters): Promise<ComplaintQueue> {
  return unwrap(
    adminRequest<ComplaintQueue>(ADMIN_PATHS.complaints, { data: queueParams(filters), silent: true }),
  );
}

export function fetchComplaint(id: number): Promise<AdminComplaint> {
  return unwrap(adminRequest<AdminComplaint>(ADMIN_PATHS.complaint(id), { silent: true }));
}

export function sendReply(id: number, body: ReplyBody, csrf: string, loadingText: string) {
  return adminRequest<AdminComplaint>(ADMIN_PATHS.reply(id), {
    method: 'POST',
    data: { ...body },
    csrf,
    loadingText,
  });
}

// Chatbot content

export function fetchQa(market: Market): Promise<QaNode[]> {
  return unwrap(adminRequest<{ items: QaNode[] }>(ADMIN_PATHS.qa, { data: { market }, silent: true })).then(
    (d) => d.items,
  );
}

/** Creates the node, or replaces it when an id is given. */
export function saveQa(body: QaNodeBody, csrf: string, id?: number) {
  return id === undefined
    ? adminRequest<QaNode>(ADMIN_PATHS.qa, { method: 'POST', data: { ...body }, csrf })
    : adminRequest<QaNode>(ADMIN_PATHS.qaNode(id), { method: 'PUT', data: { ...body }, csrf });
}

export function deactivateQa(id: number, csrf: string) {
  return adminRequest<null>(ADMIN_PATHS.qaNode(id), { method: 'DELETE', csrf });
}

// Complaint types (the borrower's type tiles and collection sub-types)

export function fetchComplaintTypes(market: Market): Promise<ComplaintTypeNode[]> {
  return unwrap(
    adminRequest<{ items: ComplaintTypeNode[] }>(ADMIN_PATHS.complaintTypes, {
      data: { market },
      silent: true,
    }),
  ).then((d) => d.items);
}

/**
 * Replaces a type's titles, order and active flag (its value and parent are fixed). `silent` when the
 * caller shows a refusal itself, next to the field it is about.
 */
export function saveComplaintType(id: number, body: ComplaintTypeBody, csrf: string, silent = false) {
  const { titleEn, titleId, sort, active } = body;
  return adminRequest<ComplaintTypeNode>(ADMIN_PATHS.complaintType(id), {
    method: 'PUT',
    data: { titleEn, titleId, sort, active },
    csrf,
    silent,
  });
}

// Contact-form messages

export function fetchMessages(filters: MessageFilters): Promise<Page<ContactMessage>> {
  const data: Record<string, string> = { page: String(filters.page) };
  if (filters.market) data.market = filters.market;
  if (filters.handled) data.handled = filters.handled;
  return unwrap(adminRequest<Page<ContactMessage>>(ADMIN_PATHS.messages, { data, silent: true }));
}

export function markHandled(id: number, csrf: string) {
  return adminRequest<null>(ADMIN_PATHS.handled(id), { method: 'POST', csrf });
}

// Audit log

export function fetchAudit(page: number): Promise<Page<AuditItem>> {
  return unwrap(adminRequest<Page<AuditItem>>(ADMIN_PATHS.audit, { data: { page }, silent: true }));
}

// Staff image upload

export interface UploadedImage {
  id: string;
  url: string;
}

/**
 * Uploads one reply image (multipart, field `image`) through the request helper's upload, with the
 * CSRF token in its header as on every other state-changing call. Never rejects.
 */
export async function uploadStaffImage(
  file: File,
  csrf: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiResult<UploadedImage>> {
  const result = await uploadFile<UploadedImage>(ADMIN_PATHS.uploads, 'image', file, {
    onProgress,
    signal,
    headers: { [CSRF_HEADER]: csrf, 'x-lang': adminLang() },
  });
  if (isSignedOutCode(result.code)) signedOutListener?.();
  return result;
}

/** The admin API's "exists, but in a market you do not work on" (contract/admin.ts, checked by type). */
const OTHER_MARKET: AdminErrorCode = '40301';

export function isOtherMarket(error: unknown): boolean {
  return failedWith(error, OTHER_MARKET);
}

/** Failures that another try cannot change (another market's, or none): no retry, no retry button. */
export function isFinalFailure(error: unknown): boolean {
  return isOtherMarket(error) || isNotFound(error);
}
