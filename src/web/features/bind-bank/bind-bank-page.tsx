import { Link } from 'react-router';
import { bindBank } from '../../../shared/i18n/bind-bank.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { addCopy } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import './bind-bank-page.css';

addCopy({ bindBank });

/**
 * `/bindBank` (product brief §1.2). Linking a bank account comes with the identity work; until then the
 * route says what it will be and how to reach customer service, and that nothing was changed, rather than
 * "Page not found" (issue 29). No calls: there is nothing to ask the server yet.
 */
export function BindBankPage() {
  const { t } = useTranslation('bindBank');
  const title = t('title');
  return (
    <main className="shell-page bind-bank">
      <title>{title}</title>
      <h1>{title}</h1>
      <section className="bind-bank-card" aria-labelledby="bind-bank-heading">
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
          <path d="M6 18 24 7l18 11v4H6z" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M11 24v12m9-12v12m8-12v12m9-12v12M6 40h36" stroke="currentColor" strokeWidth="2.5" />
        </svg>
        <h2 id="bind-bank-heading">{t('heading')}</h2>
        <p>{t('text')}</p>
        <p className="bind-bank-muted">{t('unchanged')}</p>
        <Link className="shell-button" to={H5_PATHS.customerService}>
          {t('contact')}
        </Link>
        <button type="button" className="bind-bank-home" onClick={() => sendBridge({ type: 'goHome' })}>
          {t('home')}
        </button>
      </section>
    </main>
  );
}
