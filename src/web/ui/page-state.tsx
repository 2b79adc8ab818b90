import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.tsx';
import { SessionEnded, useSessionEnded } from './route-error.tsx';

/** The three states every data screen has besides its content: loading, failed, empty. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="page-state" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

/**
 * A failed load with a retry; once the borrower's session has ended, the session-ended state instead
 * (a retry cannot help then), so every screen gets it without knowing why its call failed.
 */
export function PageError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const ended = useSessionEnded();
  if (ended) return <SessionEnded />;
  return (
    <div className="page-state" role="alert">
      <p>{message || t('errors.internal')}</p>
      <button type="button" className="shell-button" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}

export function PageEmpty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="page-state">
      <p>{text}</p>
      {children}
    </div>
  );
}
