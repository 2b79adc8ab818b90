import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

export function PageError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
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
