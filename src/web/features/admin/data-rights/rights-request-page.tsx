import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { z } from 'zod';
import { ANSWER_MAX } from '../../../../shared/contract/data-rights-admin.ts';
import {
  type RightsActionBody,
  type RightsRequestDetail,
  rightsActionBody,
} from '../../../../shared/contract/data-rights-schema.ts';
import { isNotFound } from '../../../lib/api-query.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isOtherMarket, useStaffSession } from '../admin-api.ts';
import { useRecordDecision } from '../admin-decision.ts';
import { copyKey, Field, FormAlert, formResolver, SERVER } from '../admin-form.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Time } from '../admin-ui.tsx';
import { actOnRequest, fetchRightsRequest, rightsKeys } from './rights-api.ts';
import { OverdueBadge, RightsStatusBadge } from './rights-ui.tsx';
import '../admin.css';

/** One data-rights request: what the borrower asked, who they are, and the actions while it is open. */
export function RightsRequestPage() {
  const { t } = useTranslation('dataRightsAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { id: idParam = '' } = useParams();
  const id = /^\d{1,10}$/.test(idParam) ? Number(idParam) : 0;
  const location = useLocation();
  const queueSearch = (location.state as { queueSearch?: string } | null)?.queueSearch;
  const request = useQuery({
    queryKey: rightsKeys.one(id),
    queryFn: () => fetchRightsRequest(id),
    enabled: id > 0,
  });
  const headingId = useId();
  const title = t('detail.title', { id: idParam });
  const page = (body: ReactNode) => (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${tAdmin('app.title')}`}</title>
      <p>
        <Link to={queueSearch ? `${ADMIN_ROUTES.dataRights}?${queueSearch}` : ADMIN_ROUTES.dataRights}>
          {t('detail.back')}
        </Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {body}
    </article>
  );

  if (id === 0) return page(<p role="alert">{t('detail.notFound')}</p>);
  if (request.isPending) return page(<PageLoading />);
  if (request.isError) {
    if (isOtherMarket(request.error)) return page(<p role="alert">{request.error.message}</p>);
    if (isNotFound(request.error)) return page(<p role="alert">{t('detail.notFound')}</p>);
    return page(<PageError message={request.error.message} onRetry={() => void request.refetch()} />);
  }
  return page(<RequestBody r={request.data} />);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RequestBody({ r }: { r: RightsRequestDetail }) {
  const { t } = useTranslation('dataRightsAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const requestId = useId();
  const borrowerId = useId();
  const historyId = useId();
  // Done and refused requests carry the time they closed; open ones (received, in progress) none.
  const when = (iso: string | null) => (iso ? <Time iso={iso} market={r.market} /> : t('detail.notYet'));

  return (
    <div className="admin-complaint">
      <div className="admin-complaint-facts">
        <section className="admin-card" aria-labelledby={requestId}>
          <h2 id={requestId}>{t('detail.request')}</h2>
          <dl className="admin-facts">
            <Fact label={t('columns.kind')}>{t(`kinds.${r.kind}`)}</Fact>
            <Fact label={t('columns.status')}>
              <RightsStatusBadge status={r.status} />
            </Fact>
            <Fact label={t('columns.market')}>{tAdmin(`markets.${r.market}`)}</Fact>
            <Fact label={t('columns.created')}>{when(r.createdAt)}</Fact>
            <Fact label={t('columns.deadline')}>
              {when(r.deadlineAt)} {r.overdue ? <OverdueBadge /> : null}
            </Fact>
            <Fact label={t('detail.started')}>{when(r.startedAt)}</Fact>
            <Fact label={t('detail.closed')}>{when(r.closedAt)}</Fact>
            <Fact label={t('detail.handledBy')}>{r.handledBy ?? t('detail.notYet')}</Fact>
          </dl>
          <h2>{t('detail.details')}</h2>
          {/* Borrower text: a React text node, never markup. */}
          {r.details ? (
            <p className="admin-user-text">{r.details}</p>
          ) : (
            <p className="admin-muted">{t('noDetails')}</p>
          )}
          {r.answer ? (
            <>
              <h2>{r.status === 'refused' ? t('detail.reason') : t('detail.answer')}</h2>
              <p className="admin-user-text">{r.answer}</p>
            </>
          ) : null}
        </section>

        <section className="admin-card" aria-labelledby={borrowerId}>
          <h2 id={borrowerId}>{t('detail.borrower')}</h2>
          <dl className="admin-facts">
            <Fact label={t('detail.name')}>
              <span className="admin-user-text">{r.borrower.name}</span>
            </Fact>
            <Fact label={t('detail.phone')}>
              {r.borrower.closed ? t('detail.closedAccount') : r.borrower.phone}
            </Fact>
            <Fact label={t('detail.since')}>{when(r.borrower.since)}</Fact>
            <Fact label={t('detail.outstanding')}>{r.borrower.outstandingLoans}</Fact>
          </dl>
        </section>
      </div>

      {r.closedAt === null ? <Actions r={r} /> : <p className="admin-muted">{t('detail.final')}</p>}

      <section className="admin-card" aria-labelledby={historyId}>
        <h2 id={historyId}>{t('detail.history')}</h2>
        {r.history.length === 0 ? (
          <p className="admin-muted">{t('detail.notYet')}</p>
        ) : (
          <ol className="admin-plain-list">
            {r.history.map((h) => (
              <li key={`${h.at}-${h.action}`}>
                <Time iso={h.at} market={r.market} /> ·{' '}
                {t(`detail.actions.${h.action}`, { defaultValue: h.action })}
                {h.staff ? ` · ${h.staff}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/**
 * The answer form: completing needs the answer, refusing the reason (the server's own words for either
 * left out), then the contract's `rightsActionBody`. Which of the two the operator pressed is a value of
 * the form, so the message names the right one.
 */
const answerForm = z
  .object({ action: z.enum(['complete', 'refuse']), answer: z.string() })
  .superRefine((d, ctx) => {
    if (!d.answer.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['answer'],
        message: copyKey(
          `dataRightsAdmin:detail.${d.action === 'refuse' ? 'reasonRequired' : 'answerRequired'}`,
        ),
      });
  })
  .transform((d): RightsActionBody => d)
  .pipe(rightsActionBody);
type AnswerValues = z.input<typeof answerForm>;

/** Start (received only), then complete with an answer or refuse with a reason; each call is audited. */
function Actions({ r }: { r: RightsRequestDetail }) {
  const { t } = useTranslation('dataRightsAdmin');
  const session = useStaffSession();
  const { register, handleSubmit, setValue, setError, reset, formState } = useForm<
    AnswerValues,
    unknown,
    z.output<typeof answerForm>
  >({ defaultValues: { action: 'complete', answer: '' }, resolver: formResolver(answerForm) });
  const errors = formState.errors;
  const headingId = useId();
  const answerId = useId();
  const errorId = useId();

  // Silent: a refusal shows here, in the server's words (another operator moved it first: 409).
  const act = useRecordDecision({
    call: (body: RightsActionBody) => actOnRequest(r.id, body, session.csrfToken, t(`detail.${body.action}`)),
    record: rightsKeys.one(r.id),
    lists: rightsKeys.all,
    onDecided: (_saved, body) => {
      toast.show(
        t(
          body.action === 'start'
            ? 'detail.startedToast'
            : body.action === 'complete'
              ? 'detail.completedToast'
              : 'detail.refusedToast',
        ),
      );
      if (body.action !== 'start') reset({ action: 'complete', answer: '' });
    },
    onRefused: (error) => {
      setError('root.server', { type: SERVER, message: error.message });
      document.getElementById(errorId)?.focus();
    },
  });
  const busy = act.isPending;

  /** Complete or refuse: the answer is checked first (and focused when missing); a refusal is confirmed. */
  const answer = (action: 'complete' | 'refuse') => {
    setValue('action', action);
    void handleSubmit(async (body) => {
      if (action === 'refuse') {
        const sure = await confirmDialog({
          content: t('detail.refuseConfirm', { id: r.id }),
          confirmText: t('detail.refuse'),
          cancelText: t('detail.cancel'),
        });
        if (!sure) return;
      }
      act.mutate(body);
    })();
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('detail.act')}</h2>
      <p className="admin-muted">{t('detail.actIntro')}</p>
      {r.status === 'received' ? (
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button"
            disabled={busy}
            onClick={() => act.mutate({ action: 'start' })}
          >
            {t('detail.start')}
          </button>
        </div>
      ) : null}
      <div className="admin-form">
        <Field
          as="textarea"
          id={answerId}
          label={t('detail.answerLabel')}
          rows={4}
          maxLength={ANSWER_MAX}
          registration={register('answer')}
          error={errors.answer}
        />
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={busy}
            onClick={() => answer('complete')}
          >
            {t('detail.complete')}
          </button>
          <button
            type="button"
            className="admin-button admin-button-danger"
            disabled={busy}
            onClick={() => answer('refuse')}
          >
            {t('detail.refuse')}
          </button>
        </div>
      </div>
      <FormAlert id={errorId} text={errors.root?.server?.message ?? ''} />
    </section>
  );
}
