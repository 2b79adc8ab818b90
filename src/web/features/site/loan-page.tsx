import { siteCopy } from '../../../shared/i18n/site.ts';
import { loanAgreement } from '../../../shared/legal/loan-agreement.ts';
import { LegalDocument } from '../../ui/legal-document.tsx';
import { SITE_MARKET, type SitePageProps } from './site-layout.tsx';

/**
 * The loan terms of the page's market (decision 025): India's under RBI rules, Indonesia's under OJK
 * rules, each its own text, the same one the app's loan agreement screen shows (src/shared/legal/). The
 * site's language decides its market, so each page shows a market's binding text. The lender's name,
 * licence and contacts are the operator-edited site values.
 */
export function LoanPage({ lang, values }: SitePageProps) {
  const t = siteCopy(lang).loan;
  const terms = loanAgreement(SITE_MARKET[lang], lang);
  return (
    <>
      <section className="page-head">
        <div className="container narrow">
          <h1>{t.title}</h1>
        </div>
      </section>
      <article className="container narrow prose" lang={terms.lang} data-market={SITE_MARKET[lang]}>
        <dl className="lender-details">
          <div>
            <dt>{t.lender}</dt>
            <dd>{values.companyName}</dd>
          </div>
          <div>
            <dt>{t.licence}</dt>
            <dd>{values.licence}</dd>
          </div>
          <div>
            <dt>{t.contact}</dt>
            <dd>
              <a href={`tel:${values.phone}`}>{values.phone}</a>
              {' · '}
              <a href={`mailto:${values.email}`}>{values.email}</a>
            </dd>
          </div>
        </dl>
        <LegalDocument doc={terms} headingId={(i) => `loan-${i}`} />
        <p>
          <a href="/privacyPolicy">{t.privacyLink}</a>
        </p>
      </article>
    </>
  );
}
