import type {
  QueueFilter,
  RequestAction,
  RequestStatus,
  RightKind,
} from '../../../../shared/contract/data-rights.ts';
import { DATA_RIGHTS_ADMIN_PATHS } from '../../../../shared/contract/data-rights-admin.ts';
import type { RightsQueue, RightsRequestDetail } from '../../../../shared/contract/data-rights-schema.ts';
import { dataRightsAdmin } from '../../../../shared/i18n/data-rights-admin.ts';
import type { Market } from '../../../../shared/markets.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { adminRequest } from '../admin-api.ts';

addCopy({ dataRightsAdmin });

/**
 * The rights and statuses, in the contract's order: the keys of the catalog's typed records. Read from
 * there rather than from data-rights.ts, which the borrower's screen loads (see data-rights-admin.ts).
 */
export const KINDS = Object.keys(dataRightsAdmin.en.kinds) as RightKind[];
export const STATUSES = Object.keys(dataRightsAdmin.en.statuses) as RequestStatus[];

/** Data-rights requests in the back office (contract: shared/contract/data-rights-schema.ts). */
export interface RightsFilters {
  market?: Market;
  status: QueueFilter;
  kind?: RightKind;
  overdue: boolean;
  page: number;
}

export const rightsKeys = {
  all: ['admin', 'data-rights'] as const,
  queue: (filters: RightsFilters) => ['admin', 'data-rights', 'queue', filters] as const,
  one: (id: number) => ['admin', 'data-rights', 'one', id] as const,
};

/** Only the filters in use become query params: an empty one would be a filter for "". */
export function fetchRightsQueue(filters: RightsFilters): Promise<RightsQueue> {
  const data: Record<string, string> = { status: filters.status, page: String(filters.page) };
  if (filters.market) data.market = filters.market;
  if (filters.kind) data.kind = filters.kind;
  if (filters.overdue) data.overdue = '1';
  return unwrap(adminRequest<RightsQueue>(DATA_RIGHTS_ADMIN_PATHS.queue, { data, silent: true }));
}

export function fetchRightsRequest(id: number): Promise<RightsRequestDetail> {
  return unwrap(adminRequest<RightsRequestDetail>(DATA_RIGHTS_ADMIN_PATHS.one(id), { silent: true }));
}

/** Silent: the page shows a refusal next to the action it is about. */
export function actOnRequest(
  id: number,
  body: { action: RequestAction; answer?: string },
  csrf: string,
  loadingText: string,
) {
  return adminRequest<RightsRequestDetail>(DATA_RIGHTS_ADMIN_PATHS.actions(id), {
    method: 'POST',
    data: { ...body },
    csrf,
    silent: true,
    loadingText,
  });
}
