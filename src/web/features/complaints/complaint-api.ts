import type { ProblemSave, UploadedImage } from '../../../shared/contract/complaints.ts';
import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { complaints } from '../../../shared/i18n/complaints.ts';
import { orders } from '../../../shared/i18n/orders.ts';
import { type ApiResult, request, uploadFile } from '../../lib/api-client.ts';
import { failedWith } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { COMPLAINT_PATHS } from './complaint-queries.ts';

// The complaint screens' copy loads with them (every complaint page imports this module).
addCopy({ complaints, orders });

/**
 * The complaint calls of this feature (spec §7, contract in shared/contract/complaints.ts). The first
 * queries of the screens live in complaint-queries.ts (the router's loaders start them too); the rest
 * are here. JSON calls go through the one request helper; the image upload is multipart with progress,
 * which `fetch` cannot report, so it goes through the helper's XMLHttpRequest upload.
 */
export * from './complaint-queries.ts';

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

/**
 * Uploads one evidence image (multipart field `problemImage`), reporting progress 0-100, through the
 * request helper's upload (same identity, never rejects; removing the image aborts it).
 */
export function uploadProblemImage(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ApiResult<UploadedImage>> {
  return uploadFile<UploadedImage>(COMPLAINT_PATHS.upload, 'problemImage', file, { onProgress, signal });
}

/**
 * problem-init's one input is the address's order: its 404 (not the borrower's) and its 400 (not an
 * order number at all, say a control character in an edited link) both mean that order cannot be had.
 */
export function isUnknownOrder(error: unknown): boolean {
  return failedWith(error, ERROR_CODE.NOT_FOUND, ERROR_CODE.VALIDATION);
}
