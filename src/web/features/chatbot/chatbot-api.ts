import type { QaList, QaRecord, QaRecordResult } from '../../../shared/contract/chatbot.ts';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { chatbot } from '../../../shared/i18n/chatbot.ts';
import { type ApiResult, type RequestOptions, request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';

// The chatbot's copy loads with its screen.
addCopy({ chatbot });

/** The chatbot's two calls (spec §7): the FAQ tree and the conversation records. */
export const QA_LIST_PATH = `${COMPLAINT_BASE}/get-qa-list`;
export const QA_RECORD_PATH = `${COMPLAINT_BASE}/qa-record`;
/** pid 0 lists the categories; a category id lists its questions; a question id gives its answers. */
export const ROOT_PID = 0;

export const chatbotKeys = {
  all: ['chatbot'] as const,
  list: (pid: number, orderNo: string) => ['chatbot', 'qa-list', pid, orderNo] as const,
};

/**
 * Not silent: a failed list shows the server's message as a toast (spec §8), and the screen adds its
 * own error state with a retry.
 */
export function fetchQaList(pid: number, orderNo: string): Promise<QaList> {
  return unwrap(request<QaList>(QA_LIST_PATH, { method: 'GET', data: { pid, orderNo } }));
}

/** The FAQ tree only changes when operators edit it: one load per page session is enough. */
export function qaListQuery(pid: number, orderNo: string) {
  return {
    queryKey: chatbotKeys.list(pid, orderNo),
    queryFn: () => fetchQaList(pid, orderNo),
    staleTime: Number.POSITIVE_INFINITY,
    // Every failure already toasts and the screen offers a retry; a silent second try would toast twice.
    retry: false,
  } as const;
}

/** Records are never cached: each one is a fact the server stores (spec §3). */
export function postQaRecord(
  record: QaRecord,
  options: Pick<RequestOptions, 'silent' | 'loadingText'> = {},
): Promise<ApiResult<QaRecordResult>> {
  return request<QaRecordResult>(QA_RECORD_PATH, { method: 'POST', data: { ...record }, ...options });
}
