import type {
  ProblemDetail,
  ProblemInit,
  ProblemList,
  ProblemListQuery,
} from '../../../shared/contract/complaints.ts';
import {
  COMPLAINT_BASE,
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  LIST_PAGE,
} from '../../../shared/contract/constants.ts';
import { request } from '../../lib/api-client.ts';
import { isNotFound, unwrap } from '../../lib/api-query.ts';

/**
 * The complaint screens' first queries: keys, fetch functions and query options, shared by the screens
 * and the H5 router's loaders, which start them while the screen's chunk is still downloading
 * (docs/decisions/019). The router imports this statically, so it is part of the H5 entry: it must stay
 * small and import only what the entry has anyway (the request helper, zod-free contract constants) —
 * no copy, no antd-mobile, and no TanStack helper like `queryOptions` (the build puts those with the
 * screens' shared code, which loads antd-mobile). complaint-api.ts re-exports it.
 */
export const COMPLAINT_PATHS = {
  init: `${COMPLAINT_BASE}/problem-init`,
  upload: `${COMPLAINT_BASE}/upload-problem-img`,
  save: `${COMPLAINT_BASE}/problem-save`,
  list: `${COMPLAINT_BASE}/problem-list`,
  detail: `${COMPLAINT_BASE}/problem-detail`,
  saveScore: `${COMPLAINT_BASE}/save-score`,
} as const;

/**
 * Query keys under one prefix (`all`), which a save or a rating invalidates. The entry and the form
 * share `init` per order, so the form opens from the cache; each list tab pages on its own.
 */
export const complaintKeys = {
  all: ['complaints'] as const,
  init: (orderNo: string | undefined) => ['complaints', 'init', orderNo ?? ''] as const,
  lists: ['complaints', 'list'] as const,
  list: (status: ComplaintStatus) => ['complaints', 'list', status] as const,
  detail: (problemId: number) => ['complaints', 'detail', problemId] as const,
};

// Screens show load failures in place with a retry, so these are silent (no second, passing toast).
export function fetchProblemInit(orderNo: string | undefined): Promise<ProblemInit> {
  return unwrap(
    request<ProblemInit>(COMPLAINT_PATHS.init, { data: orderNo ? { orderNo } : {}, silent: true }),
  );
}

export function fetchProblemList(query: ProblemListQuery = {}): Promise<ProblemList> {
  return unwrap(request<ProblemList>(COMPLAINT_PATHS.list, { data: { ...query }, silent: true }));
}

export function fetchProblemDetail(problemId: number): Promise<ProblemDetail> {
  return unwrap(request<ProblemDetail>(COMPLAINT_PATHS.detail, { data: { problemId }, silent: true }));
}

/** The order the entry and the form ask about: the address's `orderNo`, or none (the latest). */
export function orderParam(params: URLSearchParams): string | undefined {
  return params.get('orderNo') || undefined;
}

/*
 * The query options below are what both a route loader and its screen use: the same key, function
 * and retry rules, so the screen's useQuery finds the loader's request in flight (or done) and never
 * sends a second one. `retryOnMount: false`: when the loader's request (and its retry) failed, the
 * screen shows the failure with its retry button at once instead of silently asking again.
 */
export function problemInitQuery(orderNo: string | undefined) {
  return {
    queryKey: complaintKeys.init(orderNo),
    queryFn: () => fetchProblemInit(orderNo),
    retryOnMount: false,
  };
}

/** Pages of one list tab: the first without a cursor, each next one with the last page's `nextCursor`. */
export function problemListQuery(status: ComplaintStatus) {
  return {
    queryKey: complaintKeys.list(status),
    queryFn: ({ pageParam }: { pageParam: string | null }) =>
      fetchProblemList({ status, limit: LIST_PAGE.default, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProblemList): string | null => last.nextCursor,
    retryOnMount: false,
  };
}

export function problemDetailQuery(problemId: number) {
  return {
    queryKey: complaintKeys.detail(problemId),
    queryFn: () => fetchProblemDetail(problemId),
    // Not the borrower's (or gone) will not change on a second try.
    retry: (failures: number, error: Error) => failures < 1 && !isNotFound(error),
    retryOnMount: false,
  };
}

/** A `problemId` from the address, or null when it is not a positive whole number. */
export function problemIdParam(params: URLSearchParams): number | null {
  const id = Number(params.get('problemId'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The list tab the address asks for (`tab`), processing unless it names the other one. */
export function listTabParam(params: URLSearchParams): ComplaintStatus {
  const tab = params.get('tab');
  return (COMPLAINT_STATUSES as readonly (string | null)[]).includes(tab)
    ? (tab as ComplaintStatus)
    : 'processing';
}
