import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ManualCredit } from '../../../../shared/contract/ledger-adjustments.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { useStaffSession } from '../admin-api.ts';
import { Time } from '../admin-ui.tsx';
import {
  decideManualCredit,
  fetchManualCredits,
  paymentKeys,
  proposeManualCredit,
  readAmount,
} from './payments-api.ts';

/** The contract's order number: letters and digits (`orderNoField`). */
const ORDER_NO = /^[A-Za-z0-9]{1,32}$/;

/**
 * Manual credits with four eyes (decision 047): money a borrower paid outside the gateway is proposed
 * by one administrator and booked only when another approves it. Administrators only (the server
 * refuses anyone else); a proposal of one's own waits for a colleague.
 */
export function ManualCredits() {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: paymentKeys.manualCredits, queryFn: fetchManualCredits });
  const [failure, setFailure] = useState('');
  const headingId = useId();
  const failureId = useId();

  const settled = async (message: string | null, problem?: string) => {
    if (message !== null) {
      setFailure('');
      toast.show(message);
    } else {
      flushSync(() => setFailure(problem ?? ''));
      document.getElementById(failureId)?.focus();
    }
    await queryClient.invalidateQueries({ queryKey: paymentKeys.manualCredits });
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payments.manual.title')}</h2>
      <p className="admin-muted">{t('payments.manual.intro')}</p>
      <ProposeForm
        onProposed={(c) => settled(t('payments.manual.proposed', { id: c.id, orderNo: c.orderNo }))}
      />
      <div id={failureId} className="admin-form-error" role="alert" tabIndex={-1}>
        {failure}
      </div>
      <h3>{t('payments.manual.waiting')}</h3>
      {list.isError ? (
        // The page's own list has the retry; this one is asked again with every change made here.
        <p className="admin-form-error">{list.error.message}</p>
      ) : list.data && list.data.length === 0 ? (
        <p className="admin-muted">{t('payments.manual.none')}</p>
      ) : (
        <ul className="admin-messages" aria-label={t('payments.manual.waiting')}>
          {(list.data ?? []).map((c) => (
            <ProposalCard key={c.id} credit={c} own={c.proposedBy === session.staff.id} onSettled={settled} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProposeForm({ onProposed }: { onProposed: (c: ManualCredit) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const [draft, setDraft] = useState({ orderNo: '', amount: '', reference: '', note: '' });
  const [error, setError] = useState('');
  const ids = { orderNo: useId(), amount: useId(), reference: useId(), note: useId(), error: useId() };
  const propose = useApiMutation({
    call: (body: { orderNo: string; amountMinor: number; reference: string; note: string }) =>
      proposeManualCredit(
        body.orderNo,
        { amountMinor: body.amountMinor, reference: body.reference, note: body.note },
        session.csrfToken,
        t('payments.saving'),
      ),
    onSuccess: async (credit: ManualCredit) => {
      setError('');
      setDraft({ orderNo: '', amount: '', reference: '', note: '' });
      await onProposed(credit);
    },
    onError: (failed) => {
      flushSync(() => setError(failed.message));
      document.getElementById(ids.error)?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (propose.isPending) return;
    const orderNo = draft.orderNo.trim();
    const amountMinor = readAmount(draft.amount);
    const reference = draft.reference.trim();
    const problem = !ORDER_NO.test(orderNo)
      ? t('payments.orderNoInvalid')
      : amountMinor === null
        ? t('payments.sandbox.amountInvalid')
        : reference
          ? ''
          : t('payments.manual.referenceMissing');
    if (problem) {
      flushSync(() => setError(problem));
      document.getElementById(ids.error)?.focus();
      return;
    }
    propose.mutate({ orderNo, amountMinor: amountMinor!, reference, note: draft.note.trim() });
  };

  const field = (key: 'orderNo' | 'amount' | 'reference' | 'note', max: number) => (
    <div className="admin-field admin-field-narrow">
      <label htmlFor={ids[key]}>{t(`payments.manual.${key}`)}</label>
      <input
        id={ids[key]}
        value={draft[key]}
        maxLength={max}
        autoComplete="off"
        inputMode={key === 'amount' ? 'decimal' : undefined}
        onChange={(e) => {
          setDraft((d) => ({ ...d, [key]: e.target.value }));
          setError('');
        }}
      />
    </div>
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      {field('orderNo', 32)}
      {field('amount', 12)}
      {field('reference', 64)}
      {field('note', 200)}
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={propose.isPending}>
          {t('payments.manual.propose')}
        </button>
      </div>
      <div id={ids.error} className="admin-form-error" role="alert" tabIndex={-1}>
        {error}
      </div>
    </form>
  );
}

function ProposalCard({
  credit,
  own,
  onSettled,
}: {
  credit: ManualCredit;
  own: boolean;
  onSettled: (message: string | null, problem?: string) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const [reason, setReason] = useState('');
  const headingId = useId();
  const reasonId = useId();
  // The list is asked again either way: a refusal may mean a colleague decided first.
  const decision = useApiMutation({
    call: (what: 'approve' | 'reject') =>
      decideManualCredit(credit.id, what, reason.trim(), session.csrfToken, t('payments.saving')),
    onSuccess: (_done, what) =>
      onSettled(t(`payments.manual.${what === 'approve' ? 'approved' : 'rejected'}`, { id: credit.id })),
    onError: (failed) => onSettled(null, t('payments.failed', { id: credit.id, message: failed.message })),
  });

  const decide = async (what: 'approve' | 'reject') => {
    if (decision.isPending) return;
    if (what === 'reject' && !reason.trim()) {
      await onSettled(null, t('payments.manual.reasonMissing', { id: credit.id }));
      return;
    }
    if (what === 'approve') {
      const sure = await confirmDialog({
        content: t('payments.manual.approveConfirm', { amount: credit.amount, orderNo: credit.orderNo }),
        confirmText: t('payments.manual.approve'),
        cancelText: t('payments.cancel'),
      });
      if (!sure) return;
    }
    decision.mutate(what);
  };

  return (
    <li>
      <article className="admin-card admin-message" aria-labelledby={headingId}>
        <h4 id={headingId} className="admin-message-name">
          {t('payments.manual.card', { id: credit.id, orderNo: credit.orderNo, amount: credit.amount })}
        </h4>
        <p>
          {t('payments.manual.reference')}: <span className="admin-user-text">{credit.reference}</span>
          {credit.note ? (
            <>
              {' · '}
              <span className="admin-user-text">{credit.note}</span>
            </>
          ) : null}
          {' · '}
          <Time iso={credit.proposedAt} market={credit.market} />
        </p>
        {own ? (
          <p className="admin-muted">{t('payments.manual.own')}</p>
        ) : (
          <>
            <div className="admin-field admin-field-narrow">
              <label htmlFor={reasonId}>{t('payments.manual.reason')}</label>
              <input
                id={reasonId}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <div className="admin-actions">
              <button
                type="button"
                className="admin-button admin-button-primary"
                aria-label={t('payments.manual.approveNamed', { id: credit.id })}
                disabled={decision.isPending}
                onClick={() => void decide('approve')}
              >
                {t('payments.manual.approve')}
              </button>
              <button
                type="button"
                className="admin-button"
                aria-label={t('payments.manual.rejectNamed', { id: credit.id })}
                disabled={decision.isPending}
                onClick={() => void decide('reject')}
              >
                {t('payments.manual.reject')}
              </button>
            </div>
          </>
        )}
      </article>
    </li>
  );
}
