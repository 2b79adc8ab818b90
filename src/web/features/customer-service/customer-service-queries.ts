import { CONTACT_INFO_OVERALL } from '../../../shared/contract/constants.ts';
import type { ContactInfo } from '../../../shared/contract/support.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/**
 * Customer-service contact (spec §7): POST /v3/personal-center/contact-kf-info with overall=30. Shared
 * by the screen and the H5 router's loader (docs/decisions/019); part of the H5 entry, so small and
 * free of copy, antd-mobile and TanStack helpers (see complaint-queries.ts). customer-service-api.ts
 * re-exports it.
 */
export const CONTACT_INFO_PATH = '/v3/personal-center/contact-kf-info';

export const supportKeys = {
  contactInfo: ['support', 'contact-info'] as const,
};

export function fetchContactInfo(): Promise<ContactInfo> {
  return unwrap(
    request<ContactInfo>(CONTACT_INFO_PATH, { method: 'POST', data: { overall: CONTACT_INFO_OVERALL } }),
  );
}

export function contactInfoQuery() {
  return {
    queryKey: supportKeys.contactInfo,
    queryFn: fetchContactInfo,
    // The helper toasts each failure and the page has a retry button; an automatic retry would toast
    // twice, and so would a second try when the screen mounts after the route loader's request failed.
    retry: false,
    retryOnMount: false,
  };
}
