import type { QaList } from '../../../shared/contract/chatbot.ts';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/**
 * The chatbot's FAQ tree query, shared by the screen and the H5 router's loader, which starts the
 * categories while the screen's chunk is still downloading (docs/decisions/019). Part of the H5 entry
 * (the router imports it statically): small, no copy, no antd-mobile, no TanStack helpers (see
 * complaint-queries.ts). chatbot-api.ts re-exports it.
 */
export const QA_LIST_PATH = `${COMPLAINT_BASE}/get-qa-list`;
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

/** The order the conversation is about: the address's `orderNo`, or none. */
export function chatOrderParam(params: URLSearchParams): string {
  return params.get('orderNo') ?? '';
}

/** The FAQ tree only changes when operators edit it: one load per page session is enough. */
export function qaListQuery(pid: number, orderNo: string) {
  return {
    queryKey: chatbotKeys.list(pid, orderNo),
    queryFn: () => fetchQaList(pid, orderNo),
    staleTime: Number.POSITIVE_INFINITY,
    // Every failure already toasts and the screen offers a retry; a silent second try would toast twice.
    retry: false,
    // Nor a second try when the screen mounts after the route loader's request failed (one toast).
    retryOnMount: false,
  };
}
