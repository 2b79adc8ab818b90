import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PROMO_ROUTES } from '../../../shared/contract/promotion.ts';
import { promoAgreement } from '../../../shared/legal/promo-agreement.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { LegalDocument } from '../../ui/legal-document.tsx';
import { usePromo } from './promo-layout.tsx';
import { landingQuery } from './promo-params.ts';

/**
 * The registration agreement and privacy notice (`#/agreementTemplate`, spec §2): the template's market's
 * own text (src/shared/legal/promo-agreement.ts), with the template's app name in its contacts. It opens
 * over the form (a child route of the landing), and "back" returns to the form as it was left.
 */
export function AgreementPage() {
  const { t } = useTranslation('promotion');
  const { template, params } = usePromo();
  const navigate = useNavigate();
  const location = useLocation();
  const doc = useMemo(() => promoAgreement(template.market, template.appName), [template]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // Opened from the form, back is the browser's back (the form's own address, hash query included);
  // opened directly, there is no form behind it, so it links to one.
  const openedHere = location.key !== 'default';
  const landing = { pathname: PROMO_ROUTES.landing, search: landingQuery(params) };
  const title = t('agreementPage.title');

  return (
    <main className="promo-page promo-agreement-page">
      <title>{title}</title>
      <article className="promo-card promo-legal" lang={doc.lang} data-market={doc.market}>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <LegalDocument doc={doc} headingId={(i) => `promo-legal-${i}`} />
      </article>
      {openedHere ? (
        <button type="button" className="promo-button" onClick={() => navigate(-1)}>
          {t('agreementPage.back')}
        </button>
      ) : (
        <Link className="promo-button" to={landing}>
          {t('agreementPage.back')}
        </Link>
      )}
    </main>
  );
}
