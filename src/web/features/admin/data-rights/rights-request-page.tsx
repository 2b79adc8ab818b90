import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation, useParams } from 'react-router';
import type { RequestAction } from '../../../../shared/contract/data-rights.ts';
import { ANSWER_MAX } from '../../../../shared/contract/data-rights-admin.ts';
import type { RightsRequestDetail } from '../../../../shared/contract/data-rights-schema.ts';
import { isNotFound } from '../../../lib/api-query.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isOtherMarket, useStaffSession } from '../admin-api.ts';
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

/** Start (received only), then complete with an answer or refuse with a reason; each call is audited. */
function Actions({ r }: { r: RightsRequestDetail }) {
  const { t } = useTranslation('dataRightsAdmin');
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const busyNow = useRef(false);
  const headingId = useId();
  const answerId = useId();
  const errorId = useId();

  const run = async (action: RequestAction) => {
    if (busyNow.current) return;
    const text = answer.trim();
    if (action !== 'start' && !text) {
      // The server's own words for an answer or a reason left out (its refusal says the same).
      flushSync(() =>
        setAnswerError(t(action === 'refuse' ? 'detail.reasonRequired' : 'detail.answerRequired')),
      );
      document.getElementById(answerId)?.focus();
      return;
    }
    if (action === 'refuse') {
      const sure = await confirmDialog({
        content: t('detail.refuseConfirm', { id: r.id }),
        confirmText: t('detail.refuse'),
        cancelText: t('detail.cancel'),
      });
      if (!sure) return;
    }
    busyNow.current = true;
    setBusy(true);
    setFailure('');
    const result = await actOnRequest(
      r.id,
      action === 'start' ? { action } : { action, answer: text },
      session.csrfToken,
      t(`detail.${action}`),
    );
    busyNow.current = false;
    setBusy(false);
    if (result.ok && result.data) {
      toast.show(
        t(
          action === 'start'
            ? 'detail.startedToast'
            : action === 'complete'
              ? 'detail.completedToast'
              : 'detail.refusedToast',
        ),
      );
      queryClient.setQueryData(rightsKeys.one(r.id), result.data);
      await queryClient.invalidateQueries({ queryKey: rightsKeys.all, refetchType: 'none' });
      if (action !== 'start') setAnswer('');
      return;
    }
    // In the server's words (another operator moved it first: 409; a refusal: 400).
    flushSync(() => setFailure(result.message));
    document.getElementById(errorId)?.focus();
    if (String(result.code) === '409')
      await queryClient.invalidateQueries({ queryKey: rightsKeys.one(r.id) });
  };

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('detail.act')}</h2>
      <p className="admin-muted">{t('detail.actIntro')}</p>
      {r.status === 'received' ? (
        <div className="admin-actions">
          <button type="button" className="admin-button" disabled={busy} onClick={() => void run('start')}>
            {t('detail.start')}
          </button>
        </div>
      ) : null}
      <div className="admin-form">
        <div className="admin-field">
          <label htmlFor={answerId}>{t('detail.answerLabel')}</label>
          <textarea
            id={answerId}
            rows={4}
            maxLength={ANSWER_MAX}
            value={answer}
            aria-invalid={answerError ? true : undefined}
            aria-describedby={answerError ? `${answerId}-error` : undefined}
            onChange={(e) => {
              setAnswer(e.target.value);
              setAnswerError('');
            }}
          />
          {answerError ? (
            <p id={`${answerId}-error`} className="admin-field-error">
              {answerError}
            </p>
          ) : null}
        </div>
        <div className="admin-actions">
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={busy}
            onClick={() => void run('complete')}
          >
            {t('detail.complete')}
          </button>
          <button
            type="button"
            className="admin-button admin-button-danger"
            disabled={busy}
            onClick={() => void run('refuse')}
          >
            {t('detail.refuse')}
          </button>
        </div>
      </div>
      <div id={errorId} className="admin-form-error" role="alert" tabIndex={-1}>
        {failure}
      </div>
    </section>
  );
}
