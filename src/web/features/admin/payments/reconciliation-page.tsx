import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import type { CreditResult, ReviewItem, ReviewPage } from '../../../../shared/contract/admin.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import type { ApiFailure } from '../../../lib/api-query.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { useStaffSession } from '../admin-api.ts';
import { AdminListPage } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Time } from '../admin-ui.tsx';
import { orderKeys } from '../orders/orders-api.ts';
import { ManualCredits } from './manual-credits.tsx';
import { creditPayment, fetchReview, NOTE_LIMITS, paymentKeys, resolvePayment } from './payments-api.ts';
import { SandboxPayment } from './sandbox-payment.tsx';
import '../admin.css';

/** The contract's order number: letters and digits (`orderNoField`). */
const ORDER_NO = /^[A-Za-z0-9]{1,32}$/;

/** What one row's action ended in, for the page to show and to take the row off the list. */
type Outcome = { id: number; done: string } | { id: number; failure: ApiFailure };

/**
 * Reconciliation (issue 9, decision 031): payments that arrived but were not credited by themselves,
 * oldest first, each with why. An operator credits one to its order (the ledger's own split; for a
 * payment that named no order of ours, to the order they type) or resolves it with a note of what was
 * done. A handled payment leaves the list; a refusal is shown in the server's words. Administrators
 * also propose and approve manual credits there (four eyes, decision 047). The sandbox gateway's "mark
 * paid" sits below, for tests and demos.
 */
export function ReconciliationPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const review = useInfiniteQuery({
    queryKey: paymentKeys.review,
    queryFn: ({ pageParam }) => fetchReview(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextAfter,
  });
  const [failure, setFailure] = useState('');
  const headingId = useId();
  const listId = useId();
  const failureId = useId();
  const title = t('payments.title');

  const settled = async (outcome: Outcome) => {
    const { id } = outcome;
    if ('done' in outcome) {
      setFailure('');
      toast.show(outcome.done);
      // The row leaves at once; the pages' cursors stay valid (ids only grow).
      queryClient.setQueryData<InfiniteData<ReviewPage, number | null>>(paymentKeys.review, (data) =>
        data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((i) => i.id !== id) })) }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
      // Keyboard and screen-reader users stay in the list rather than at the top of the document.
      (document.getElementById(listId) ?? document.getElementById(headingId))?.focus();
      return;
    }
    const { failure: failed } = outcome;
    flushSync(() => setFailure(t('payments.failed', { id, message: failed.message })));
    document.getElementById(failureId)?.focus();
    // Someone else may have handled it meanwhile: the list shows where things stand now.
    if (String(failed.code) === '409') await review.refetch();
  };

  return (
    <AdminListPage
      title={title}
      appTitle={t('app.title')}
      headingId={headingId}
      intro={
        <>
          <p className="admin-muted">{t('payments.intro')}</p>
          <div id={failureId} className="admin-form-error admin-payments-failure" role="alert" tabIndex={-1}>
            {failure}
          </div>
        </>
      }
      more={review}
      moreText={t('payments.more')}
      loadingMoreText={t('payments.loadingMore')}
      emptyText={t('payments.empty')}
      after={
        <>
          {session.staff.role === 'admin' ? <ManualCredits /> : null}
          <SandboxPayment
            onPaid={() => void queryClient.invalidateQueries({ queryKey: paymentKeys.review })}
          />
        </>
      }
    >
      {(items) => (
        <ul id={listId} className="admin-messages" aria-label={t('payments.listLabel')} tabIndex={-1}>
          {items.map((item) => (
            <PaymentCard key={item.id} item={item} onSettled={settled} />
          ))}
        </ul>
      )}
    </AdminListPage>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

type Panel = 'none' | 'credit' | 'resolve';

function PaymentCard({
  item,
  onSettled,
}: {
  item: ReviewItem;
  onSettled: (outcome: Outcome) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const [panel, setPanel] = useState<Panel>('none');
  const headingId = useId();
  const creditButtonId = useId();
  const resolveButtonId = useId();

  const close = (back: string) => {
    setPanel('none');
    // Focus returns to the button that opened the form, as a closed dialog returns it.
    requestAnimationFrame(() => document.getElementById(back)?.focus());
  };

  /** Asked first, as every money-moving action in the back office is. */
  const sureToCredit = (orderNo: string) =>
    confirmDialog({
      content: t('payments.creditConfirm', { amount: item.amount, orderNo }),
      confirmText: t('payments.credit'),
      cancelText: t('payments.cancel'),
    });

  const creditDone = (data: CreditResult) =>
    [
      t('payments.credited', { allocated: data.allocated, orderNo: data.orderNo }),
      data.excessMinor > 0 ? t('payments.excess', { excess: data.excess }) : '',
      data.operation === 'settle' ? t('payments.settled') : '',
      data.operation === 'extend' ? t('payments.extended') : '',
    ]
      .filter(Boolean)
      .join(' ');

  const creditOwn = useApiMutation({
    call: () => creditPayment(item.id, {}, session.csrfToken, t('payments.saving')),
    onSuccess: (data: CreditResult) => onSettled({ id: item.id, done: creditDone(data) }),
    onError: (failure) => onSettled({ id: item.id, failure }),
  });

  const creditOwnOrder = async () => {
    if (creditOwn.isPending) return;
    if (await sureToCredit(item.orderNo ?? '')) creditOwn.mutate();
  };

  return (
    <li>
      <article className="admin-card admin-message" aria-labelledby={headingId}>
        <div className="admin-message-head">
          <h2 id={headingId} className="admin-message-name">
            {t('payments.payment', { id: item.id })} · {item.amount}
          </h2>
          <span className="admin-badge">{t(`payments.reasons.${item.reason}`)}</span>
        </div>
        <dl className="admin-facts admin-facts-inline">
          <Fact label={t('payments.received')}>{item.amount}</Fact>
          <Fact label={t('payments.market')}>{t(`markets.${item.market}`)}</Fact>
          <Fact label={t('payments.order')}>
            {item.orderNo ? (
              <Link
                to={ADMIN_ROUTES.order(item.orderNo)}
                aria-label={t('payments.openOrder', { orderNo: item.orderNo })}
              >
                {item.orderNo}
              </Link>
            ) : (
              t('payments.noOrder')
            )}
          </Fact>
          <Fact label={t('payments.bill')}>{item.billNo ?? t('payments.noBill')}</Fact>
          {item.billAmount ? <Fact label={t('payments.billAmount')}>{item.billAmount}</Fact> : null}
          {item.shortfall ? <Fact label={t('payments.shortfall')}>{item.shortfall}</Fact> : null}
          {item.excess ? <Fact label={t('payments.overBill')}>{item.excess}</Fact> : null}
          {/* As the provider reported them: text, never markup. */}
          <Fact label={t('payments.payCode')}>
            <span className="admin-user-text">{item.vcode}</span>
          </Fact>
          <Fact label={t('payments.provider')}>
            <span className="admin-user-text">{item.providerPaymentId}</span>
          </Fact>
          {item.utr ? <Fact label={t('payments.utr')}>{item.utr}</Fact> : null}
          <Fact label={t('payments.paidAt', { zone: t(`timeZones.${item.market}`) })}>
            <Time iso={item.paidAt} market={item.market} />
          </Fact>
        </dl>
        {/* Crediting books money to a loan: the server takes it from administrators only (decision 047). */}
        {session.staff.role === 'admin' ? null : (
          <p className="admin-muted">{t('payments.creditAdminsOnly')}</p>
        )}
        <div className="admin-actions">
          {session.staff.role === 'admin' ? (
            <button
              id={creditButtonId}
              type="button"
              className="admin-button admin-button-primary"
              aria-label={t('payments.creditNamed', { id: item.id })}
              aria-expanded={item.orderNo ? undefined : panel === 'credit'}
              disabled={creditOwn.isPending}
              onClick={() => (item.orderNo ? void creditOwnOrder() : setPanel('credit'))}
            >
              {t('payments.credit')}
            </button>
          ) : null}
          <button
            id={resolveButtonId}
            type="button"
            className="admin-button"
            aria-label={t('payments.resolveNamed', { id: item.id })}
            aria-expanded={panel === 'resolve'}
            onClick={() => setPanel('resolve')}
          >
            {t('payments.resolve')}
          </button>
        </div>
        {panel === 'credit' ? (
          <CreditToOrderForm
            item={item}
            sure={sureToCredit}
            done={creditDone}
            onSettled={onSettled}
            onCancel={() => close(creditButtonId)}
          />
        ) : panel === 'resolve' ? (
          <ResolveForm item={item} onSettled={onSettled} onCancel={() => close(resolveButtonId)} />
        ) : null}
      </article>
    </li>
  );
}

/** Refusals about what was typed (no such order, another market's, a malformed number) stay at the field. */
const AT_THE_FIELD = new Set(['400', '403', '40301', '404']);

/** A payment that named no order of ours: the operator says which order it is for. */
function CreditToOrderForm({
  item,
  sure,
  done,
  onSettled,
  onCancel,
}: {
  item: ReviewItem;
  sure: (orderNo: string) => Promise<boolean>;
  done: (data: CreditResult) => string;
  onSettled: (outcome: Outcome) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const [orderNo, setOrderNo] = useState('');
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  useEffect(() => field.current?.focus(), []);
  const credit = useApiMutation({
    call: (typed: string) =>
      creditPayment(item.id, { orderNo: typed }, session.csrfToken, t('payments.saving')),
    onSuccess: (data: CreditResult) => onSettled({ id: item.id, done: done(data) }),
    onError: async (failure) => {
      if (!AT_THE_FIELD.has(String(failure.code))) return onSettled({ id: item.id, failure });
      flushSync(() => setError(failure.message));
      field.current?.focus();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (credit.isPending) return;
    const typed = orderNo.trim();
    const problem = !typed
      ? t('payments.orderNoMissing')
      : ORDER_NO.test(typed)
        ? ''
        : t('payments.orderNoInvalid');
    if (problem) {
      flushSync(() => setError(problem));
      field.current?.focus();
      return;
    }
    if (await sure(typed)) credit.mutate(typed);
  };

  return (
    <form className="admin-form admin-payment-panel" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{t('payments.creditTitle', { id: item.id })}</h3>
      <div className="admin-field admin-field-narrow">
        <label htmlFor={fieldId}>{t('payments.orderNo')}</label>
        <input
          ref={field}
          id={fieldId}
          value={orderNo}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error ${hintId}` : hintId}
          onChange={(e) => {
            setOrderNo(e.target.value);
            setError('');
          }}
        />
        <p id={hintId} className="admin-hint admin-muted">
          {t('payments.orderNoHint')}
        </p>
        {error ? (
          <p id={`${fieldId}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={credit.isPending}>
          {t('payments.credit')}
        </button>
        <button type="button" className="admin-button" onClick={onCancel}>
          {t('payments.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Closing a payment without crediting it (refunded, written off): the note says what was done. */
function ResolveForm({
  item,
  onSettled,
  onCancel,
}: {
  item: ReviewItem;
  onSettled: (outcome: Outcome) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  useEffect(() => field.current?.focus(), []);
  const limits = { min: NOTE_LIMITS.min, max: NOTE_LIMITS.max };
  const resolve = useApiMutation({
    call: (text: string) => resolvePayment(item.id, text, session.csrfToken, t('payments.saving')),
    onSuccess: () => onSettled({ id: item.id, done: t('payments.resolved', { id: item.id }) }),
    onError: async (failure) => {
      if (String(failure.code) !== '400') return onSettled({ id: item.id, failure });
      flushSync(() => setError(failure.message));
      field.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resolve.isPending) return;
    const text = note.trim();
    const problem =
      text.length < NOTE_LIMITS.min
        ? t('payments.noteShort', limits)
        : text.length > NOTE_LIMITS.max
          ? t('payments.noteLong', limits)
          : '';
    if (problem) {
      flushSync(() => setError(problem));
      field.current?.focus();
      return;
    }
    resolve.mutate(text);
  };

  return (
    <form className="admin-form admin-payment-panel" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{t('payments.resolveTitle', { id: item.id })}</h3>
      <div className="admin-field">
        <label htmlFor={fieldId}>{t('payments.note')}</label>
        <textarea
          ref={field}
          id={fieldId}
          rows={3}
          value={note}
          // One more than allowed, so that a pasted text past the limit is told, not cut silently.
          maxLength={NOTE_LIMITS.max + 1}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${fieldId}-error` : '', hintId, counterId].filter(Boolean).join(' ')}
          onChange={(e) => {
            setNote(e.target.value);
            setError('');
          }}
        />
        <p id={hintId} className="admin-hint admin-muted">
          {t('payments.noteHint', limits)}
        </p>
        <p id={counterId} className="admin-counter">
          {t('payments.counter', { count: note.trim().length, max: NOTE_LIMITS.max })}
        </p>
        {error ? (
          <p id={`${fieldId}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={resolve.isPending}>
          {t('payments.resolveSubmit')}
        </button>
        <button type="button" className="admin-button" onClick={onCancel}>
          {t('payments.cancel')}
        </button>
      </div>
    </form>
  );
}
