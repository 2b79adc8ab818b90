import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { orderIdParam } from './loan-details-api.ts';
import './coming-page.css';

function ClockIcon() {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#e8f9f2" />
      <circle cx="32" cy="32" r="19" fill="#fff" stroke="#087a50" strokeWidth="3" />
      <path d="M32 21v11l8 5" fill="none" stroke="#0dcc86" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * What `/installment` and `/repaymentDelay` show until the repayment issue brings those screens: an
 * honest "not in the app yet", where the figures already are (the loan details), and who can help now.
 * No payment details of any kind: an invented account number or amount could send money astray.
 */
export function ComingPage() {
  const { t } = useTranslation('loanDetails');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const extension = location.pathname === H5_PATHS.extension;
  const title = extension ? t('coming.extendTitle') : t('coming.repayTitle');
  const orderNo = orderIdParam(params);
  const detailsPath = orderNo
    ? `${H5_PATHS.loanDetails}?${new URLSearchParams({
        orderId: orderNo,
        ...(params.get('productId') ? { productId: params.get('productId')! } : {}),
      })}`
    : null;

  const back = () => {
    // react-router marks the first page of this web view 'default': there is nothing of ours behind it.
    if (location.key !== 'default') void navigate(-1);
    else if (detailsPath) void navigate(detailsPath, { replace: true });
    else sendBridge({ type: 'goHome' });
  };

  return (
    <main className="shell-page coming">
      <title>{title}</title>
      <h1>{title}</h1>
      <section className="coming-card" aria-labelledby="coming-heading">
        <ClockIcon />
        <h2 id="coming-heading">{t('coming.heading')}</h2>
        <p>{extension ? t('coming.extendText') : t('coming.repayText')}</p>
      </section>
      <section className="coming-card" aria-labelledby="coming-now">
        <h2 id="coming-now">{t('coming.nowHeading')}</h2>
        <ul className="coming-list">
          <li>
            <span>{t('coming.amount')}</span>
            {detailsPath ? (
              <>
                {' '}
                <Link to={detailsPath}>{t('coming.detailsLink')}</Link>
              </>
            ) : null}
          </li>
          <li>
            <span>{t('coming.contact')}</span>{' '}
            <Link to={H5_PATHS.customerService}>{t('coming.contactLink')}</Link>
          </li>
        </ul>
      </section>
      <button type="button" className="shell-button coming-back" onClick={back}>
        {t('coming.back')}
      </button>
    </main>
  );
}
