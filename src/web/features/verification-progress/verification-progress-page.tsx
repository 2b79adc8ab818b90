import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StepView } from '../../../shared/contract/verification.ts';
import { verificationProgress } from '../../../shared/i18n/verification-progress.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { isNetworkFailure } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { progressQuery } from './verification-progress-queries.ts';
import './verification-progress-page.css';

addCopy({ verificationProgress });

/**
 * Verification progress (`/verification`, issue 30, decision 069): every step the server lists, in its
 * order, with its status and, when refused or in review, why; the next one highlighted. The bank step is
 * done here (`/bindBank`); the app owns the other forms, so they say to continue there (no bridge message
 * opens a step).
 */
export function VerificationProgressPage() {
  const { t } = useTranslation('verificationProgress');
  const query = useQuery(progressQuery());
  const offline = query.isError && isNetworkFailure(query.error);
  useRetryWhenOnline(offline, query.refetch);
  const title = t('title');
  const page = (body: ReactNode) => (
    <main className="shell-page verification">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );

  if (query.isPending)
    return page(
      <SkeletonRegion label={t('loading')}>
        <SkeletonBlock height="72px" />
        <SkeletonBlock height="72px" />
        <SkeletonBlock height="72px" />
      </SkeletonRegion>,
    );
  if (query.isError)
    return page(
      <PageError message={offline ? t('offline') : t('loadError')} onRetry={() => void query.refetch()} />,
    );
  const { steps, next } = query.data;
  const done = steps.filter((s) => s.status === 'done').length;
  return page(
    <>
      <p className="verification-summary">
        {next ? t('summary', { done, count: steps.length }) : t('allDone')}
      </p>
      <ol className="verification-list">
        {steps.map((s) => (
          <li key={s.step}>
            <StepCard step={s} isNext={s.step === next} />
          </li>
        ))}
      </ol>
    </>,
  );
}

function StepCard({ step, isNext }: { step: StepView; isNext: boolean }) {
  const { t } = useTranslation('verificationProgress');
  const name = step.step === 'bank' && !step.title ? t('bankStep') : step.title;
  return (
    <section
      className={`verification-step verification-${step.status}${isNext ? ' verification-next' : ''}`}
      aria-current={isNext ? 'step' : undefined}
      aria-label={name}
    >
      <span className="verification-top">
        <span className="verification-name">{name}</span>
        <span className="verification-status">{t(`status.${step.status}`)}</span>
      </span>
      {isNext ? <span className="verification-flag">{t('next')}</span> : null}
      {step.reason ? <span className="verification-reason">{step.reason}</span> : null}
      {step.status === 'done' ? null : step.step === 'bank' ? (
        <Link className="shell-button verification-action" to={H5_PATHS.bindBank}>
          {step.status === 'missing' ? t('bank') : t('bankChange')}
        </Link>
      ) : step.status === 'review' ? null : (
        <span className="verification-app">{t('inApp')}</span>
      )}
    </section>
  );
}
