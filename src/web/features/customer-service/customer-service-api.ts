import { CONTACT_INFO_OVERALL } from '../../../shared/contract/constants.ts';
import type { ContactInfo } from '../../../shared/contract/support.ts';
import { support } from '../../../shared/i18n/support.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';

// The customer-service copy loads with its screen.
addCopy({ support });

/** Customer-service contact (spec §7): POST /v3/personal-center/contact-kf-info with overall=30. */
export const CONTACT_INFO_PATH = '/v3/personal-center/contact-kf-info';

export const supportKeys = {
  contactInfo: ['support', 'contact-info'] as const,
};

export function contactInfoQuery() {
  return {
    queryKey: supportKeys.contactInfo,
    queryFn: (): Promise<ContactInfo> =>
      unwrap(
        request<ContactInfo>(CONTACT_INFO_PATH, { method: 'POST', data: { overall: CONTACT_INFO_OVERALL } }),
      ),
    // The helper toasts each failure and the page has a retry button; an automatic retry would toast twice.
    retry: false,
  } as const;
}
