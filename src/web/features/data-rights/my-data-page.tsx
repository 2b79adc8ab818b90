import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import {
  DATA_RIGHTS_CODE,
  DATA_RIGHTS_LIMITS,
  DETAILS_REQUIRED,
  OPEN_STATUSES,
  RIGHT_KINDS,
  type RightKind,
} from '../../../shared/contract/data-rights.ts';
import type { OverviewData, RequestItem } from '../../../shared/contract/data-rights-schema.ts';
import { isBlankText } from '../../../shared/domain/text.ts';
import { dataRights } from '../../../shared/i18n/data-rights.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { isNetworkFailure } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { type OpenDocument, useOpenDocument } from '../../lib/open-document.ts';
import { toast } from '../../lib/toast.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { confirmDialog } from '../../ui/overlays.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { cancelAccount, dataRightsKeys, exportLink, overviewQuery, sendRequest } from './data-rights-api.ts';
import './my-data-page.css';

addCopy({ dataRights });

const DETAILS_MAX = DATA_RIGHTS_LIMITS.detailsMax;

/**
 * "My data" (`/myData`, decision 035): what we hold on the borrower, a copy to download, their rights
 * with the time we have to answer each, a form to use one, their requests, and account cancellation.
 */
export function MyDataPage({ open: given }: { open?: OpenDocument }) {
  const { t } = useTranslation('dataRights');
  const viewer = useOpenDocument('dataCopy');
  const open = given ?? viewer;
  const navigate = useNavigate();
  const location = useLocation();
  const overview = useQuery(overviewQuery());
  const offline = overview.isError && isNetworkFailure(overview.error);
  const { refetch } = overview;
  useRetryWhenOnline(offline, refetch);
  const [closed, setClosed] = useState(false);

  const back = () => {
    // react-router marks the first page of this web view 'default': there is nothing of ours behind it.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(H5_PATHS.customerService, { replace: true });
  };

  const title = t('screen.title');
  let body: ReactNode;
  if (closed) body = <AccountClosed />;
  else if (overview.isPending) body = <MyDataSkeleton />;
  else if (overview.isError) {
    const message = offline ? t('screen.offline') : `${t('screen.loadError')} ${overview.error.message}`;
    body = <PageError message={message.trim()} onRetry={() => void refetch()} />;
  } else body = <MyDataBody data={overview.data} open={open} onClosed={() => setClosed(true)} />;

  return (
    <main className="shell-page my-data">
      <title>{title}</title>
      {closed ? null : (
        <button type="button" className="my-data-back" onClick={back}>
          <span aria-hidden="true">‹ </span>
          {t('screen.back')}
        </button>
      )}
      <h1>{title}</h1>
      {closed ? null : <p className="shell-note">{t('screen.intro')}</p>}
      {body}
    </main>
  );
}

function MyDataBody({
  data,
  open,
  onClosed,
}: {
  data: OverviewData;
  open: OpenDocument;
  onClosed: () => void;
}) {
  return (
    <>
      <Held data={data} />
      <ExportCard open={open} />
      <Rights data={data} />
      <RequestForm />
      <Requests requests={data.requests} />
      <CancelAccount cancel={data.cancel} onClosed={onClosed} />
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="my-data-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Held({ data }: { data: OverviewData }) {
  const { t } = useTranslation('dataRights');
  const h = data.held;
  const counts = ['orders', 'payments', 'complaints', 'chatRecords', 'bankCards', 'signIns'] as const;
  return (
    <Card title={t('screen.held.title')}>
      <dl className="my-data-rows">
        <Row label={t('screen.held.name')}>{h.name}</Row>
        <Row label={t('screen.held.phone')}>{h.phone}</Row>
        <Row label={t('screen.held.since')}>{h.since}</Row>
        {counts.map((key) => (
          <Row key={key} label={t(`screen.held.${key}`)}>
            {h[key]}
          </Row>
        ))}
      </dl>
      <p className="my-data-note">{t('screen.held.note')}</p>
    </Card>
  );
}

function ExportCard({ open }: { open: OpenDocument }) {
  const { t } = useTranslation('dataRights');
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: exportLink,
    onSuccess: ({ url }) => {
      open(url);
      // The copy answered the access right: the list shows it done.
      void queryClient.invalidateQueries({ queryKey: dataRightsKeys.overview });
    },
  });
  const failure = download.isError
    ? isNetworkFailure(download.error)
      ? t('screen.offline')
      : download.error.message || t('screen.export.failed')
    : '';
  return (
    <Card title={t('screen.export.title')}>
      <p className="my-data-note">{t('screen.export.note')}</p>
      <button
        type="button"
        className="shell-button"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t('screen.export.preparing') : t('screen.export.button')}
      </button>
      {failure ? (
        <p className="my-data-error" role="alert">
          {failure}
        </p>
      ) : null}
    </Card>
  );
}

function Rights({ data }: { data: OverviewData }) {
  const { t } = useTranslation('dataRights');
  return (
    <Card title={t('screen.rights.title')}>
      <p className="my-data-note">{t('screen.rights.under', { law: t(`laws.${data.held.market}`) })}</p>
      <ul className="my-data-rights">
        {data.rights.map((r) => (
          <li key={r.kind}>
            <strong>{t(`kinds.${r.kind}`)}</strong>
            <span>{t(`explain.${r.kind}`)}</span>
            <span className="my-data-note">{r.answerWithin}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RequestForm() {
  const { t } = useTranslation('dataRights');
  const queryClient = useQueryClient();
  const kindId = useId();
  const detailsId = useId();
  const hintId = useId();
  const errorId = useId();
  const [kind, setKind] = useState<RightKind | ''>('');
  const [details, setDetails] = useState('');
  const [kindError, setKindError] = useState('');
  const [detailsError, setDetailsError] = useState('');
  const [failure, setFailure] = useState('');
  const send = useMutation({
    mutationFn: (body: { kind: RightKind; details: string }) => sendRequest(body.kind, body.details),
    onSuccess: (result) => {
      if (result.ok && result.data) {
        toast.show(t('screen.form.sent', { deadline: result.data.deadline }));
        setKind('');
        setDetails('');
        void queryClient.invalidateQueries({ queryKey: dataRightsKeys.overview });
        return;
      }
      // In the server's words: an open request of this kind (named, and in the list below), a refusal.
      flushSync(() => setFailure(result.message));
      document.getElementById(errorId)?.focus();
      if (String(result.code) === DATA_RIGHTS_CODE.OPEN_REQUEST)
        void queryClient.invalidateQueries({ queryKey: dataRightsKeys.overview });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setFailure('');
    const text = isBlankText(details) ? '' : details.trim();
    const kindMissing = kind === '' ? t('screen.form.kindRequired') : '';
    const detailsMissing =
      kind !== '' && DETAILS_REQUIRED.includes(kind) && !text
        ? t('refusals.detailsRequired')
        : text.length > DETAILS_MAX
          ? t('screen.form.tooLong', { max: DETAILS_MAX })
          : '';
    flushSync(() => {
      setKindError(kindMissing);
      setDetailsError(detailsMissing);
    });
    if (kindMissing) return document.getElementById(kindId)?.focus();
    if (detailsMissing) return document.getElementById(detailsId)?.focus();
    send.mutate({ kind: kind as RightKind, details: text });
  };

  return (
    <Card title={t('screen.form.title')}>
      <form className="my-data-form" onSubmit={submit} noValidate>
        <label htmlFor={kindId}>{t('screen.form.kind')}</label>
        <select
          id={kindId}
          value={kind}
          aria-invalid={kindError ? true : undefined}
          aria-describedby={kindError ? `${kindId}-error` : undefined}
          onChange={(e) => {
            setKind(e.target.value as RightKind | '');
            setKindError('');
            setDetailsError('');
          }}
        >
          <option value="">{t('screen.form.choose')}</option>
          {RIGHT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
        {kindError ? (
          <p id={`${kindId}-error`} className="my-data-error">
            {kindError}
          </p>
        ) : null}

        <label htmlFor={detailsId}>{t('screen.form.details')}</label>
        <p id={hintId} className="my-data-note">
          {t('screen.form.detailsHint')}
        </p>
        <textarea
          id={detailsId}
          rows={4}
          maxLength={DETAILS_MAX}
          value={details}
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={detailsError ? `${hintId} ${detailsId}-error` : hintId}
          onChange={(e) => {
            setDetails(e.target.value);
            setDetailsError('');
          }}
        />
        <p className="my-data-counter" aria-hidden="true">
          {t('screen.form.counter', { count: details.length, max: DETAILS_MAX })}
        </p>
        {detailsError ? (
          <p id={`${detailsId}-error`} className="my-data-error">
            {detailsError}
          </p>
        ) : null}
        <button type="submit" className="shell-button" disabled={send.isPending}>
          {send.isPending ? t('screen.form.sending') : t('screen.form.send')}
        </button>
        <div id={errorId} className="my-data-error" role="alert" tabIndex={-1}>
          {failure}
        </div>
      </form>
    </Card>
  );
}

function Requests({ requests }: { requests: RequestItem[] }) {
  const { t } = useTranslation('dataRights');
  return (
    <Card title={t('screen.requests.title')}>
      {requests.length === 0 ? (
        <p className="my-data-note">{t('screen.requests.empty')}</p>
      ) : (
        <ol className="my-data-requests">
          {requests.map((r) => (
            <li key={r.id}>
              <div className="my-data-request-top">
                <h3>
                  {t(`kinds.${r.kind}`)}
                  <span className="my-data-note"> · {t('screen.requests.number', { id: r.id })}</span>
                </h3>
                <span className={`my-data-status my-data-status-${r.status}`}>
                  {t(`statuses.${r.status}`)}
                </span>
              </div>
              <dl className="my-data-rows">
                <Row label={t('screen.requests.made')}>{r.created}</Row>
                {OPEN_STATUSES.includes(r.status) ? (
                  <Row label={t('screen.requests.due')}>{r.deadline}</Row>
                ) : (
                  <Row label={t('screen.requests.answered')}>{r.closed}</Row>
                )}
              </dl>
              {r.overdue ? <p className="my-data-error">{t('screen.requests.overdue')}</p> : null}
              {r.details ? (
                <>
                  <h4>{t('screen.requests.details')}</h4>
                  <p className="my-data-text">{r.details}</p>
                </>
              ) : null}
              {r.answer ? (
                <>
                  <h4>{t(r.status === 'refused' ? 'screen.requests.reason' : 'screen.requests.answer')}</h4>
                  <p className="my-data-text">{r.answer}</p>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function CancelAccount({ cancel, onClosed }: { cancel: OverviewData['cancel']; onClosed: () => void }) {
  const { t } = useTranslation('dataRights');
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState('');
  const cancelling = useApiMutation({
    call: () => cancelAccount(),
    onSuccess: onClosed,
    onError: (failed) => {
      setFailure(failed.message);
      // A loan that became outstanding meanwhile: the card says so from now on.
      if (String(failed.code) === DATA_RIGHTS_CODE.LOAN_OUTSTANDING)
        void queryClient.invalidateQueries({ queryKey: dataRightsKeys.overview });
    },
  });
  const busy = cancelling.isPending;

  const start = async () => {
    if (busy) return;
    setFailure('');
    const sure = await confirmDialog({
      title: t('screen.cancel.confirmTitle'),
      content: t('screen.cancel.confirmText'),
      confirmText: t('screen.cancel.confirm'),
      cancelText: t('screen.cancel.keep'),
    });
    if (sure) cancelling.mutate();
  };

  return (
    <Card title={t('screen.cancel.title')}>
      <p className="my-data-note">{t('screen.cancel.intro')}</p>
      {cancel.allowed ? null : <p className="my-data-refusal">{cancel.reason}</p>}
      <button
        type="button"
        className="shell-button my-data-danger"
        disabled={!cancel.allowed || busy}
        onClick={() => void start()}
      >
        {busy ? t('screen.cancel.cancelling') : t('screen.cancel.button')}
      </button>
      <div className="my-data-error" role="alert">
        {failure}
      </div>
    </Card>
  );
}

/** After cancellation the session is gone: only the way back to the app's sign-in is left. */
function AccountClosed() {
  const { t } = useTranslation('dataRights');
  return (
    <div className="page-state" role="status">
      <h2>{t('screen.cancel.doneTitle')}</h2>
      <p>{t('screen.cancel.doneText')}</p>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'returnToLogin' })}>
        {t('screen.cancel.doneButton')}
      </button>
    </div>
  );
}

function MyDataSkeleton() {
  const { t } = useTranslation('dataRights');
  return (
    <SkeletonRegion label={t('screen.loading')}>
      <section className="my-data-card">
        <h2>{t('screen.held.title')}</h2>
        <SkeletonLines lines={4} />
      </section>
      <section className="my-data-card">
        <h2>{t('screen.export.title')}</h2>
        <SkeletonBlock height="44px" />
      </section>
      <section className="my-data-card">
        <h2>{t('screen.rights.title')}</h2>
        <SkeletonLines lines={6} />
      </section>
    </SkeletonRegion>
  );
}
