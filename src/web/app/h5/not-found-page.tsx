import { sendBridge } from '../../lib/bridge.ts';
import { useTranslation } from '../../lib/use-translation.tsx';

/** An H5 path we do not have: the way out is the app's home, wherever the page runs. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <main className="shell-page shell-center">
      <title>{t('notFound.title')}</title>
      <h1>{t('notFound.title')}</h1>
      <p className="shell-note">{t('notFound.description')}</p>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
        {t('notFound.goHome')}
      </button>
    </main>
  );
}
