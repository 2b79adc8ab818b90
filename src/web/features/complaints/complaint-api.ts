import {
  COMPLAINT_BASE,
  COMPLAINT_LIMITS,
  type ProblemDetail,
  type ProblemInit,
  type ProblemList,
  type ProblemSave,
  type UploadedImage,
} from '../../../shared/contract/complaints.ts';
import { COMMON_QUERY_KEYS, IDENTITY_HEADERS } from '../../../shared/contract/identity.ts';
import { isSuccessCode } from '../../../shared/contract/reply-codes.ts';
import { common } from '../../../shared/i18n/common.ts';
import { complaints } from '../../../shared/i18n/complaints.ts';
import { type ApiResult, NETWORK_ERROR_CODE, REQUEST_TIMEOUT_MS, request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';
import { sessionLang, sessionParams } from '../../lib/session-params.ts';

/**
 * The complaint calls of this feature (spec §7, contract in shared/contract/complaints.ts). JSON calls
 * go through the one request helper; the image upload is multipart with progress, which `fetch` cannot
 * report, so it is a small XMLHttpRequest that answers in the helper's ApiResult shape.
 */
export const COMPLAINT_PATHS = {
  init: `${COMPLAINT_BASE}/problem-init`,
  upload: `${COMPLAINT_BASE}/upload-problem-img`,
  save: `${COMPLAINT_BASE}/problem-save`,
  list: `${COMPLAINT_BASE}/problem-list`,
  detail: `${COMPLAINT_BASE}/problem-detail`,
  saveScore: `${COMPLAINT_BASE}/save-score`,
} as const;

/** Query keys: the entry and the form share `init` per order, so the form opens from the cache. */
export const complaintKeys = {
  all: ['complaints'] as const,
  init: (orderNo: string | undefined) => ['complaints', 'init', orderNo ?? ''] as const,
  list: ['complaints', 'list'] as const,
  detail: (problemId: number) => ['complaints', 'detail', problemId] as const,
};

// Screens show load failures in place with a retry, so these are silent (no second, passing toast).
export function fetchProblemInit(orderNo: string | undefined): Promise<ProblemInit> {
  return unwrap(
    request<ProblemInit>(COMPLAINT_PATHS.init, { data: orderNo ? { orderNo } : {}, silent: true }),
  );
}

export function fetchProblemList(): Promise<ProblemList> {
  return unwrap(request<ProblemList>(COMPLAINT_PATHS.list, { data: {}, silent: true }));
}

export function fetchProblemDetail(problemId: number): Promise<ProblemDetail> {
  return unwrap(request<ProblemDetail>(COMPLAINT_PATHS.detail, { data: { problemId }, silent: true }));
}

/** Not silent: a refusal (empty text, collection not allowed, …) is toasted with the server's words. */
export function saveProblem(body: Required<ProblemSave>, loadingText: string) {
  return request<{ problemId: number; deadline: string }>(COMPLAINT_PATHS.save, {
    data: body,
    loadingText,
  });
}

export function saveScore(problemId: number, score: number) {
  return request<null>(COMPLAINT_PATHS.saveScore, { data: { problemId, score } });
}

/** Keeps the last character whole: cutting between the two halves of an emoji would leave garbage. */
export function cutDetail(text: string, max: number = COMPLAINT_LIMITS.detailMax): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const endsInHighSurrogate = code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, endsInHighSurrogate ? max - 1 : max);
}

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UPLOAD_ABORTED = 'ABORTED';

type UploadReply = { code?: string | number; data?: UploadedImage | null; message?: string };

function parseReply(text: string): UploadReply | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as UploadReply) : null;
  } catch {
    return null;
  }
}

function uploadUrl(): string {
  // The same common query params as the request helper, so the server sees one identity per call.
  const params = new URLSearchParams();
  const session = sessionParams();
  for (const key of COMMON_QUERY_KEYS) {
    const value = session[key];
    if (value) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `${COMPLAINT_PATHS.upload}?${qs}` : COMPLAINT_PATHS.upload;
}

/**
 * Uploads one evidence image (multipart field `problemImage`), reporting progress 0-100. Same identity
 * headers as the JSON helper; the token travels in the header only, never in the URL. Like the helper it
 * never rejects; an aborted upload (the borrower removed the image) settles with code UPLOAD_ABORTED.
 */
export function uploadProblemImage(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiResult<UploadedImage>> {
  const lang = sessionLang();
  const xhr = new XMLHttpRequest();
  return new Promise<ApiResult<UploadedImage>>((resolve) => {
    const fail = (code: string | number, message: string) =>
      resolve({ ok: false, code, data: null, message });
    xhr.open('POST', uploadUrl());
    xhr.timeout = REQUEST_TIMEOUT_MS;
    const session = sessionParams();
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-lang', lang);
    xhr.setRequestHeader('x-requested-with', 'XMLHttpRequest');
    if (session.token) xhr.setRequestHeader(IDENTITY_HEADERS.authorization, `Bearer ${session.token}`);
    if (session.deviceId) xhr.setRequestHeader(IDENTITY_HEADERS.deviceId, session.deviceId);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = parseReply(xhr.responseText);
      if (body && isSuccessCode(body.code) && body.data?.url) {
        onProgress(100);
        resolve({ ok: true, code: body.code ?? 0, data: body.data, message: body.message ?? '' });
        return;
      }
      if (body?.message) {
        fail(body.code ?? String(xhr.status), body.message);
        return;
      }
      // A proxy in front of us may refuse a large body before our server sees it, without our JSON.
      fail(
        String(xhr.status),
        xhr.status === 413 ? complaints[lang].messages.imageTooLarge : common[lang].errors.internal,
      );
    };
    xhr.onerror = () => fail(NETWORK_ERROR_CODE, common[lang].errors.network);
    xhr.ontimeout = () => fail(NETWORK_ERROR_CODE, common[lang].errors.network);
    xhr.onabort = () => fail(UPLOAD_ABORTED, '');
    if (signal?.aborted) {
      fail(UPLOAD_ABORTED, '');
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('problemImage', file, file.name);
    xhr.send(form);
  });
}
