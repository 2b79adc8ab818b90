import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import {
  type AdminOrder,
  type AdminPayment,
  type OrderActionBody,
  orderActionBody,
} from '../../../../shared/contract/admin.ts';
import { formatMoney } from '../../../../shared/domain/money.ts';
import { ORDER_OPERATIONS } from '../../../../shared/domain/order-lifecycle.ts';
import { ORDER_STATUS } from '../../../../shared/domain/order-status.ts';
import { percentText } from '../../../../shared/domain/product.ts';
import {
  REJECTION_NOTE_MAX,
  REJECTION_REASONS,
  type RejectionReason,
} from '../../../../shared/domain/rejection-reasons.ts';
import { orders as orderCopy } from '../../../../shared/i18n/orders.ts';
import { rejections } from '../../../../shared/i18n/rejections.ts';
import { type ApiFailure, isNotFound } from '../../../lib/api-query.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isOtherMarket, useStaffSession } from '../admin-api.ts';
import { useRecordDecision } from '../admin-decision.ts';
import { copyKey, Field, FormAlert, formResolver, SERVER } from '../admin-form.tsx';
import { AdminTable } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Time, useLang } from '../admin-ui.tsx';
import { decideOrder, fetchOrder, fetchOrderPayments, orderKeys } from './orders-api.ts';
import '../admin.css';

// Status names and the engine's refusals, as the server words them.
addCopy({ orders: orderCopy, rejections });

/** The server's limit on a payout's reference (contract `orderActionBody`). */
const REFERENCE_MAX = 500;

/** Approved, paying out (decision 003): the page follows it until the payout is confirmed. */
const PAYOUT_PENDING = ORDER_STATUS.DISBURSING;
const PAYOUT_POLL_MS = 3_000;

export function OrderPage() {
  const { t } = useTranslation(['admin', 'orders', 'rejections']);
  const { orderNo = '' } = useParams();
  const location = useLocation();
  const ordersSearch = (location.state as { ordersSearch?: string } | null)?.ordersSearch;
  const order = useQuery({
    queryKey: orderKeys.one(orderNo),
    queryFn: () => fetchOrder(orderNo),
    // While the payout is on its way, asks again until the provider's confirmation moves the order on
    // (issue 29: the page stayed at 151 until reloaded).
    refetchInterval: (query) => (query.state.data?.status === PAYOUT_PENDING ? PAYOUT_POLL_MS : false),
  });
  const headingId = useId();
  const title = t('order.title', { orderNo });
  const page = (body: ReactNode) => (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <p>
        <Link to={ordersSearch ? `${ADMIN_ROUTES.orders}?${ordersSearch}` : ADMIN_ROUTES.orders}>
          {t('order.back')}
        </Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {body}
    </article>
  );

  if (order.isPending) return page(<PageLoading />);
  if (order.isError) {
    if (isOtherMarket(order.error)) return page(<p role="alert">{t('order.otherMarket', { orderNo })}</p>);
    if (isNotFound(order.error)) return page(<p role="alert">{t('order.notFound')}</p>);
    return page(<PageError message={order.error.message} onRetry={() => void order.refetch()} />);
  }
  return page(<OrderBody order={order.data} />);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function OrderBody({ order: o }: { order: AdminOrder }) {
  const { t } = useTranslation(['admin', 'orders', 'rejections']);
  const lang = useLang();
  const aboutId = useId();
  const quoteId = useId();
  const historyId = useId();
  const statusName = (status: number | null) =>
    status === null ? '—' : `${t(`orders:status.${status}`, { defaultValue: String(status) })} (${status})`;
  const actor = (who: string, name: string | null) => {
    const [kind, rest = ''] = who.split(':', 2);
    if (kind === 'staff') return name ?? t('order.actors.staff', { id: rest });
    if (kind === 'system') return t('order.actors.system', { job: rest });
    if (kind === 'borrower') return t('order.actors.borrower');
    return who;
  };
  const decidable = (ORDER_OPERATIONS.approve.from as readonly number[]).includes(o.status);
  const paying = (ORDER_OPERATIONS.disburse.from as readonly number[]).includes(o.status);

  return (
    <div className="admin-complaint">
      <div className="admin-complaint-facts">
        <section className="admin-card" aria-labelledby={aboutId}>
          <h2 id={aboutId}>{t('order.about')}</h2>
          <dl className="admin-facts">
            <Fact label={t('order.status')}>{statusName(o.status)}</Fact>
            <Fact label={t('order.market')}>{t(`markets.${o.market}`)}</Fact>
            <Fact label={t('order.product')}>{o.productName}</Fact>
            <Fact label={t('order.amount')}>{o.amount}</Fact>
            <Fact label={t('order.term')}>{t('order.termDays', { count: o.termDays })}</Fact>
            <Fact label={t('order.created')}>
              <Time iso={o.createdAt} market={o.market} />
            </Fact>
            <Fact label={t('order.disbursed')}>
              {o.disbursedAt ? <Time iso={o.disbursedAt} market={o.market} /> : t('order.notYet')}
            </Fact>
            <Fact label={t('order.due')}>
              {o.dueAt ? <Time iso={o.dueAt} market={o.market} /> : t('order.notYet')}
            </Fact>
          </dl>
          <h2>{t('order.borrower')}</h2>
          <dl className="admin-facts">
            <Fact label={t('order.name')}>
              <span className="admin-user-text">{o.borrowerName}</span>
            </Fact>
            <Fact label={t('order.phone')}>{o.borrowerPhone}</Fact>
          </dl>
        </section>

        <section className="admin-card" aria-labelledby={quoteId}>
          <h2 id={quoteId}>{t('order.quote')}</h2>
          {o.quote ? (
            <dl className="admin-facts">
              <Fact label={t('order.amount')}>{o.amount}</Fact>
              {o.quote.fees.map((f, i) => (
                <Fact
                  // biome-ignore lint/suspicious/noArrayIndexKey: fees may share a name; the quote's order is fixed.
                  key={i}
                  label={t('order.fee', {
                    name: t(`productEditor.feeNames.${f.name}`, { defaultValue: f.name }),
                    timing: t(`order.${f.timing}`),
                  })}
                >
                  {f.amount}
                </Fact>
              ))}
              <Fact label={t('order.paidOut')}>{o.quote.disbursed}</Fact>
              <Fact label={t('order.interest')}>{o.quote.interest}</Fact>
              <Fact label={t('order.total')}>{o.quote.totalRepayable}</Fact>
              <Fact label={t('order.apr')}>{percentText(o.quote.aprBp, lang)}</Fact>
            </dl>
          ) : (
            <p className="admin-muted">{t('order.noQuote')}</p>
          )}
        </section>
      </div>

      {decidable ? <Decision order={o} /> : null}
      {paying ? <PayoutRecord order={o} /> : null}

      <Payments order={o} />

      <section className="admin-card" aria-labelledby={historyId}>
        <h2 id={historyId}>{t('order.history')}</h2>
        <AdminTable
          caption={t('order.history')}
          rows={o.events}
          rowKey={(e) => `${e.at}-${e.operation}-${e.toStatus}`}
          columns={[
            {
              label: t('order.at', { zone: t(`timeZones.${o.market}`) }),
              className: 'admin-nowrap',
              cell: (e) => <Time iso={e.at} market={o.market} />,
            },
            {
              label: t('order.operation'),
              cell: (e) => t(`order.operations.${e.operation}`, { defaultValue: e.operation }),
            },
            {
              label: t('order.change'),
              cell: (e) =>
                `${e.fromStatus === null ? '' : `${statusName(e.fromStatus)} → `}${statusName(e.toStatus)}`,
            },
            { label: t('order.by'), cell: (e) => actor(e.actor, e.actorName) },
            {
              // Staff text: a React text node, never markup.
              label: t('order.why'),
              className: 'admin-user-text',
              cell: (e) =>
                e.reasonCode && e.reasonCode !== 'other' ? t(`rejections:reasons.${e.reasonCode}`) : e.reason,
            },
          ]}
        />
      </section>
    </div>
  );
}

/**
 * A staff decision on the order (approve, reject, record a payout): the page shows the order the server
 * returns; a refusal goes to `onRefused`, and on a 409 the order is asked again (`useRecordDecision`).
 */
function useOrderDecision(order: AdminOrder, onRefused: (failure: ApiFailure) => void) {
  const { t } = useTranslation(['admin', 'orders', 'rejections']);
  const session = useStaffSession();
  return useRecordDecision({
    call: (decision: OrderActionBody) =>
      decideOrder(order.orderNo, decision, session.csrfToken, t('order.deciding')),
    record: orderKeys.one(order.orderNo),
    lists: orderKeys.all,
    onDecided: (_updated, decision) =>
      toast.show(
        t(
          decision.action === 'approve'
            ? 'order.approved'
            : decision.action === 'reject'
              ? 'order.rejected'
              : 'order.markedPaid',
        ),
      ),
    onRefused,
  });
}

/**
 * The rejection form (issue 29): a reason from the list, which the borrower reads in their language
 * with what to do next, and for "other" the operator's own words (required, at most 200 characters),
 * then the contract's `orderActionBody`.
 */
const rejectForm = z
  .object({ rejectReason: z.string(), note: z.string() })
  .superRefine((d, ctx) => {
    if (!(REJECTION_REASONS as readonly string[]).includes(d.rejectReason))
      ctx.addIssue({
        code: 'custom',
        path: ['rejectReason'],
        message: copyKey('orders:refusals.rejectReasonRequired'),
      });
    else if (d.rejectReason === 'other' && !d.note.trim())
      ctx.addIssue({ code: 'custom', path: ['note'], message: copyKey('orders:refusals.reasonRequired') });
    else if (d.rejectReason === 'other' && d.note.trim().length > REJECTION_NOTE_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: copyKey('orders:refusals.reasonTooLong', { max: REJECTION_NOTE_MAX }),
      });
  })
  .transform(
    (d): OrderActionBody => ({
      action: 'reject',
      rejectReason: d.rejectReason as RejectionReason,
      ...(d.rejectReason === 'other' ? { reason: d.note.trim() } : {}),
    }),
  )
  .pipe(orderActionBody);
type RejectValues = z.input<typeof rejectForm>;

/** The review decision: approve (confirmed first: the money goes out), or reject with a reason. */
function Decision({ order }: { order: AdminOrder }) {
  const { t } = useTranslation(['admin', 'orders', 'rejections']);
  const { register, handleSubmit, setError, watch, formState } = useForm<
    RejectValues,
    unknown,
    z.output<typeof rejectForm>
  >({ defaultValues: { rejectReason: '', note: '' }, resolver: formResolver(rejectForm) });
  const errors = formState.errors;
  const headingId = useId();
  const reasonId = useId();
  const noteId = useId();
  const errorId = useId();
  // In the server's words (another operator decided first: 409, a reason it refused: 400).
  const decision = useOrderDecision(order, (failed) => {
    setError('root.server', { type: SERVER, message: failed.message });
    document.getElementById(errorId)?.focus();
  });
  const other = watch('rejectReason') === 'other';

  const approve = async () => {
    const sure = await confirmDialog({
      content: t('order.approveConfirm', { orderNo: order.orderNo }),
      confirmText: t('order.approve'),
      cancelText: t('order.cancel'),
    });
    if (sure) decision.mutate({ action: 'approve' });
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('order.decision')}</h2>
      <p className="admin-muted">{t('order.decisionIntro')}</p>
      <div className="admin-actions">
        <button
          type="button"
          className="admin-button admin-button-primary"
          disabled={decision.isPending}
          onClick={() => void approve()}
        >
          {t('order.approve')}
        </button>
      </div>
      <form
        className="admin-form admin-reject"
        onSubmit={handleSubmit((body) => decision.mutate(body))}
        noValidate
      >
        <Field
          as="select"
          id={reasonId}
          label={t('order.reason')}
          hint={t('order.reasonHint')}
          registration={register('rejectReason')}
          error={errors.rejectReason}
        >
          <option value="">{t('order.chooseReason')}</option>
          {REJECTION_REASONS.map((code) => (
            <option key={code} value={code}>
              {code === 'other' ? t('order.otherReasonOption') : t(`rejections:reasons.${code}`)}
            </option>
          ))}
        </Field>
        {other ? (
          <Field
            as="textarea"
            id={noteId}
            rows={3}
            label={t('order.otherReason')}
            hint={t('order.otherReasonHint', { max: REJECTION_NOTE_MAX })}
            registration={register('note')}
            error={errors.note}
          />
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-danger" disabled={decision.isPending}>
            {t('order.reject')}
          </button>
        </div>
      </form>
      <FormAlert id={errorId} text={errors.root?.server?.message ?? ''} />
    </section>
  );
}

/**
 * A payout the provider confirmed outside its callback (one lost with a restart): recorded by hand with
 * the provider's reference, which the order's history keeps. Confirmed first: the loan starts then.
 */
const payoutForm = z
  .object({ reference: z.string() })
  .superRefine((d, ctx) => {
    if (!d.reference.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: copyKey('orders:refusals.referenceRequired'),
      });
  })
  .transform((d): OrderActionBody => ({ action: 'disburse', reason: d.reference.trim() }))
  .pipe(orderActionBody);
type PayoutValues = z.input<typeof payoutForm>;

function PayoutRecord({ order }: { order: AdminOrder }) {
  const { t } = useTranslation(['admin', 'orders', 'rejections']);
  const { register, handleSubmit, setError, formState } = useForm<
    PayoutValues,
    unknown,
    z.output<typeof payoutForm>
  >({ defaultValues: { reference: '' }, resolver: formResolver(payoutForm) });
  const headingId = useId();
  const fieldId = useId();
  const errorId = useId();
  // In the server's words: the provider's own confirmation got there first (409), or a refusal.
  const decision = useOrderDecision(order, (failed) => {
    setError('root.server', { type: SERVER, message: failed.message });
    document.getElementById(errorId)?.focus();
  });

  const record = handleSubmit(async (body) => {
    const sure = await confirmDialog({
      content: t('order.markPaidConfirm', { orderNo: order.orderNo }),
      confirmText: t('order.markPaid'),
      cancelText: t('order.cancel'),
    });
    if (sure) decision.mutate(body);
  });

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('order.payout')}</h2>
      <p className="admin-muted">{t('order.payoutIntro')}</p>
      <form className="admin-form" onSubmit={record} noValidate>
        <Field
          id={fieldId}
          label={t('order.reference')}
          maxLength={REFERENCE_MAX}
          registration={register('reference')}
          error={formState.errors.reference}
        />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={decision.isPending}>
            {t('order.markPaid')}
          </button>
        </div>
      </form>
      <FormAlert id={errorId} text={formState.errors.root?.server?.message ?? ''} />
    </section>
  );
}

/**
 * The order's payments (issue 9): when, how much, where each stands (with the reconciliation reason)
 * and how a credited one was allocated (late charges, then each period's fees, interest, principal).
 */
function Payments({ order: o }: { order: AdminOrder }) {
  const { t } = useTranslation(['admin', 'orders', 'rejections']);
  const headingId = useId();
  const payments = useQuery({
    queryKey: orderKeys.payments(o.orderNo),
    queryFn: () => fetchOrderPayments(o.orderNo),
    retry: false,
  });
  const money = (minor: number) => formatMoney(minor, o.market);
  const part = (a: AdminPayment['allocations'][number]) =>
    `${a.period === null ? '' : `${t('order.period', { n: a.period })} · `}${t(
      `order.components.${a.component}`,
      {
        defaultValue: a.component,
      },
    )} ${money(a.amountMinor)}`;
  const state = (p: AdminPayment) =>
    `${t(`order.paymentStates.${p.state}`, { defaultValue: p.state })}${
      p.reviewReason
        ? `: ${t(`order.reviewReasons.${p.reviewReason}`, { defaultValue: p.reviewReason })}`
        : ''
    }`;
  const at = t('order.paidAt', { zone: t(`timeZones.${o.market}`) });

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('order.payments')}</h2>
      {payments.isPending ? (
        <PageLoading />
      ) : payments.isError ? (
        <p className="admin-muted" role="alert">
          {t('order.paymentsError')}
        </p>
      ) : payments.data.length === 0 ? (
        <p className="admin-muted">{t('order.noPayments')}</p>
      ) : (
        <AdminTable
          caption={t('order.payments')}
          rows={payments.data}
          rowKey={(p) => p.id}
          columns={[
            { label: at, className: 'admin-nowrap', cell: (p) => <Time iso={p.paidAt} market={o.market} /> },
            { label: t('order.paymentAmount'), className: 'admin-nowrap', cell: (p) => p.amount },
            { label: t('order.paymentState'), cell: state },
            {
              label: t('order.allocation'),
              cell: (p) =>
                p.allocations.length ? (
                  <ul className="admin-plain-list">
                    {p.allocations.map((a) => (
                      <li key={`${a.period}-${a.component}`}>{part(a)}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                ),
            },
            {
              label: t('order.paymentRef'),
              className: 'admin-user-text',
              cell: (p) => (p.utr ? `${p.providerPaymentId} · UTR ${p.utr}` : p.providerPaymentId),
            },
          ]}
        />
      )}
    </section>
  );
}
