import type { QaRecord, QaRecordResult } from '../../../shared/contract/chatbot.ts';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { chatbot } from '../../../shared/i18n/chatbot.ts';
import { type ApiResult, type RequestOptions, request } from '../../lib/api-client.ts';
import { addCopy } from '../../lib/i18n.ts';

// The chatbot's copy loads with its screen.
addCopy({ chatbot });

/**
 * The chatbot's two calls (spec §7): the FAQ tree (chatbot-queries.ts, which the router's loader starts
 * too) and the conversation records.
 */
export * from './chatbot-queries.ts';
export const QA_RECORD_PATH = `${COMPLAINT_BASE}/qa-record`;

/** Records are never cached: each one is a fact the server stores (spec §3). */
export function postQaRecord(
  record: QaRecord,
  options: Pick<RequestOptions, 'silent' | 'loadingText'> = {},
): Promise<ApiResult<QaRecordResult>> {
  return request<QaRecordResult>(QA_RECORD_PATH, { method: 'POST', data: { ...record }, ...options });
}
