import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { VerificationReviewItem } from '../../../../shared/contract/admin-borrowers.ts';
import { REVIEW_REJECT_REASONS, type ReviewRejectReason } from '../../../../shared/domain/review-reasons.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { AdminListPage, AdminTable, pageParam } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { marketChoices, SelectField, Time, useUrlFilters } from '../admin-ui.tsx';
import { borrowersKeys, decideReview, fetchVerificationQueue } from '../borrowers/borrowers-api.ts';
import '../admin.css';

/**
 * The verification review queue (decision 068): steps and bank accounts a check held for a person,
 * oldest first, each approved or rejected with the reason the borrower will read.
 */
export function VerificationQueuePage() {
  const { t } = useTranslation('borrowersAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const asked = params.get('market')?.toUpperCase();
  const market: Market | undefined =
    isMarket(asked) && staff.markets.includes(asked)
      ? asked
      : staff.markets.length === 1
        ? staff.markets[0]
        : undefined;
  const page = pageParam(params);
  const queue = useQuery({
    queryKey: borrowersKeys.queue(market, page),
    queryFn: () => fetchVerificationQueue(market, page),
    placeholderData: keepPreviousData,
  });
  const title = t('queue.title');
  return (
    <AdminListPage
      title={title}
      appTitle={tAdmin('app.title')}
      intro={<p className="admin-muted">{t('queue.intro')}</p>}
      list={queue}
      emptyText={t('queue.empty')}
      totalText={(count) => t('queue.total', { count })}
      filters={
        <SelectField
          label={tAdmin('filters.market')}
          value={market ?? ''}
          choices={marketChoices(staff.markets, tAdmin)}
          onChange={(v) => setFilter('market', v)}
          disabled={staff.markets.length === 1}
        />
      }
    >
      {(items) => (
        <AdminTable
          caption={title}
          rows={items}
          rowKey={(i) => `${i.kind}-${i.id}`}
          columns={[
            {
              label: t('queue.columns.borrower'),
              header: true,
              cell: (i) => (
                <>
                  <Link className="admin-row-link" to={ADMIN_ROUTES.borrower(i.borrowerId)}>
                    #{i.borrowerId}
                  </Link>
                  <span className="admin-user-text admin-block">{i.borrowerName}</span>
                </>
              ),
            },
            { label: t('queue.columns.market'), cell: (i) => tAdmin(`markets.${i.market}`) },
            { label: t('queue.columns.what'), cell: (i) => whatOf(t, i) },
            {
              label: t('queue.columns.reason'),
              cell: (i) =>
                i.reason
                  ? t(`queue.checkReasons.${i.reason}`, { defaultValue: i.reason })
                  : t('queue.noReason'),
            },
            {
              label: t('queue.columns.detail'),
              cell: (i) => (
                <>
                  {i.kind === 'bankAccount' ? i.masked : maskedText(i.masked)}
                  {i.holderName ? (
                    <span className="admin-block admin-user-text">
                      {t('queue.holder', { name: i.holderName })}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              label: t('queue.columns.since'),
              className: 'admin-nowrap',
              cell: (i) => <Time iso={i.since} market={i.market} />,
            },
            { label: t('queue.columns.decision'), cell: (i) => <Decision item={i} /> },
          ]}
        />
      )}
    </AdminListPage>
  );
}

type T = ReturnType<typeof useTranslation<'borrowersAdmin'>>['t'];

const whatOf = (t: T, i: VerificationReviewItem) =>
  i.kind === 'bankAccount'
    ? t('queue.kinds.bankAccount')
    : t(`steps.names.${i.step}`, { defaultValue: i.step });

/** A step's masked numbers as one line (`pan ******234F`); they were masked by the server. */
function maskedText(json: string): string {
  try {
    const masked = JSON.parse(json) as Record<string, string | string[]>;
    return Object.entries(masked)
      .map(([k, v]) => `${k.toUpperCase()} ${Array.isArray(v) ? v.join(', ') : v}`)
      .join(' · ');
  } catch {
    return '';
  }
}

/** Approve, or reject with the reason the borrower reads; a decision another operator took first is said so. */
function Decision({ item }: { item: VerificationReviewItem }) {
  const { t } = useTranslation(['borrowersAdmin', 'reviewReasons']);
  const { csrfToken } = useStaffSession();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<ReviewRejectReason | ''>('');
  const [problem, setProblem] = useState('');
  const selectId = useId();
  const what = whatOf(t as unknown as T, item);
  const named = { what, id: item.borrowerId };
  const decision = useApiMutation({
    call: (body: { decision: 'approve' | 'reject'; reason?: ReviewRejectReason }) =>
      decideReview(item.kind, item.id, body, csrfToken),
    invalidates: [borrowersKeys.queueAll, borrowersKeys.one(item.borrowerId)],
    onSuccess: (_saved, body) =>
      toast.show(t(body.decision === 'approve' ? 'queue.approved' : 'queue.rejected', named)),
    onError: async (failure) => {
      setProblem(failure.message);
      toast.show(failure.message);
      // Another operator decided first: the list shows what is left.
      if (String(failure.code) === '409')
        await queryClient.invalidateQueries({ queryKey: borrowersKeys.queueAll });
    },
  });
  const busy = decision.isPending;
  return (
    <div className="admin-decision">
      <button
        type="button"
        className="admin-button admin-button-primary"
        disabled={busy}
        aria-label={t('queue.approveNamed', named)}
        onClick={() => decision.mutate({ decision: 'approve' })}
      >
        {t('queue.approve')}
      </button>
      <div className="admin-field">
        <label htmlFor={selectId}>{t('queue.rejectReason')}</label>
        <select
          id={selectId}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value as ReviewRejectReason | '');
            setProblem('');
          }}
          aria-invalid={problem ? true : undefined}
        >
          <option value="">{t('queue.chooseReason')}</option>
          {REVIEW_REJECT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reviewReasons:${r}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="admin-button admin-button-danger"
        disabled={busy}
        aria-label={t('queue.rejectNamed', named)}
        onClick={() => {
          if (!reason) return setProblem(t('queue.reasonMissing'));
          decision.mutate({ decision: 'reject', reason });
        }}
      >
        {t('queue.reject')}
      </button>
      {problem ? (
        <p className="admin-field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
