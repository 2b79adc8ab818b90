import type { RequestStatus } from '../../../../shared/contract/data-rights.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';

/** Words and a colour pair of at least 4.5:1 (admin.css): open ones stand out, refusals read as such. */
const BADGE: Record<RequestStatus, string> = {
  received: 'admin-badge-processing',
  in_progress: 'admin-badge-processing',
  done: 'admin-badge-processed',
  refused: 'admin-badge-overdue',
};

export function RightsStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('dataRightsAdmin');
  return <span className={`admin-badge ${BADGE[status]}`}>{t(`statuses.${status}`)}</span>;
}

export function OverdueBadge() {
  const { t } = useTranslation('dataRightsAdmin');
  return <span className="admin-badge admin-badge-overdue">{t('overdue')}</span>;
}
