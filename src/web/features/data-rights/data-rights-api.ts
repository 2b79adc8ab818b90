import { DATA_RIGHTS_PATHS, type RightKind } from '../../../shared/contract/data-rights.ts';
import type {
  CancelData,
  ExportLinkData,
  OverviewData,
  RequestItem,
} from '../../../shared/contract/data-rights-schema.ts';
import { type ApiResult, request } from '../../lib/api-client.ts';
import { isNetworkFailure, isSessionEnded, unwrap } from '../../lib/api-query.ts';

/**
 * The "My data" screen's calls (contract: shared/contract/data-rights-schema.ts). Not imported by the
 * router: the screen is opened from customer service with antd-mobile already on its way, and the H5
 * entry is at its budget (decision 035).
 */
export const dataRightsKeys = {
  overview: ['dataRights', 'overview'] as const,
};

export const overviewQuery = () => ({
  queryKey: dataRightsKeys.overview,
  queryFn: () => unwrap(request<OverviewData>(DATA_RIGHTS_PATHS.overview, { silent: true })),
  // Offline, the screen asks again by itself once the connection is back; a dead session never comes back.
  retry: (failures: number, error: Error) =>
    failures < 1 && !isNetworkFailure(error) && !isSessionEnded(error),
  retryOnMount: false,
});

/** Silent: the form shows a refusal next to itself, in the server's words. */
export function sendRequest(kind: RightKind, details: string): Promise<ApiResult<RequestItem>> {
  return request<RequestItem>(DATA_RIGHTS_PATHS.request, { data: { kind, details }, silent: true });
}

export const exportLink = () =>
  unwrap(request<ExportLinkData>(DATA_RIGHTS_PATHS.exportLink, { silent: true }));

export function cancelAccount(): Promise<ApiResult<CancelData>> {
  return request<CancelData>(DATA_RIGHTS_PATHS.cancelAccount, { data: { confirm: true }, silent: true });
}
