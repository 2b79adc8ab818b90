import { CHANNELS_ADMIN_PATHS } from '../../../../shared/contract/channels-admin.ts';
import type {
  AdminTemplate,
  AdminTemplates,
  FunnelData,
  TemplateCreateBody,
  TemplateUpdateBody,
} from '../../../../shared/contract/channels-admin-schema.ts';
import { channelsAdmin } from '../../../../shared/i18n/channels-admin.ts';
import type { Market } from '../../../../shared/markets.ts';
import { unwrap } from '../../../lib/api-query.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { adminRequest } from '../admin-api.ts';

// The channels' copy loads with these screens only.
addCopy({ channelsAdmin });

/** Promotion channels in the back office (contract: shared/contract/channels-admin*.ts). */
export interface ListFilters {
  /** Empty: all of the operator's markets. */
  market: Market | '';
  /** '1' live pages only, '0' offline ones only; empty: all. */
  enabled: '' | '0' | '1';
}

export interface FunnelFilters {
  templateId?: number;
  market?: Market;
  /** Market days; both empty: the server's last 14 days. */
  from: string;
  to: string;
}

export const channelKeys = {
  all: ['admin', 'channels'] as const,
  list: (filters: ListFilters) => ['admin', 'channels', 'list', filters] as const,
  one: (id: number) => ['admin', 'channels', 'one', id] as const,
  funnel: (filters: FunnelFilters) => ['admin', 'channels', 'funnel', filters] as const,
};

/** Reads are silent: the screens show a failed load in place, with a retry. */
export function fetchTemplates(filters: ListFilters): Promise<AdminTemplates> {
  const data: Record<string, string> = {};
  if (filters.market) data.market = filters.market;
  if (filters.enabled) data.enabled = filters.enabled;
  return unwrap(adminRequest<AdminTemplates>(CHANNELS_ADMIN_PATHS.list, { data, silent: true }));
}

export function fetchTemplate(id: number): Promise<AdminTemplate> {
  return unwrap(adminRequest<AdminTemplate>(CHANNELS_ADMIN_PATHS.one(id), { silent: true }));
}

/** Only the filters in use become query params: an empty one would be a filter for "". */
export function fetchFunnel(filters: FunnelFilters): Promise<FunnelData> {
  const data: Record<string, string> = {};
  if (filters.templateId !== undefined) data.templateId = String(filters.templateId);
  else if (filters.market) data.market = filters.market;
  if (filters.from) data.from = filters.from;
  if (filters.to) data.to = filters.to;
  return unwrap(adminRequest<FunnelData>(CHANNELS_ADMIN_PATHS.funnel, { data, silent: true }));
}

/** Silent: the editor shows the server's refusal at the form itself. */
export function createTemplate(body: TemplateCreateBody, csrf: string) {
  return adminRequest<AdminTemplate>(CHANNELS_ADMIN_PATHS.list, {
    method: 'POST',
    data: { ...body },
    csrf,
    silent: true,
  });
}

export function updateTemplate(id: number, body: TemplateUpdateBody, csrf: string) {
  return adminRequest<AdminTemplate>(CHANNELS_ADMIN_PATHS.one(id), {
    method: 'PUT',
    data: { ...body },
    csrf,
    silent: true,
  });
}

/** Not silent: a refusal (another market's, signed out) is toasted with the server's words. */
export function setTemplateEnabled(id: number, enabled: boolean, csrf: string) {
  return adminRequest<AdminTemplate>(CHANNELS_ADMIN_PATHS.enabled(id), {
    method: 'POST',
    data: { enabled },
    csrf,
  });
}
