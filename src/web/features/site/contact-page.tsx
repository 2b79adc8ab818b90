import { siteCopy } from '../../../shared/i18n/site.ts';
import { ContactDetails, type SitePageProps } from './site-layout.tsx';

export function ContactPage({ lang, values }: SitePageProps) {
  const t = siteCopy(lang).contactPage;
  return (
    <>
      <section className="page-head">
        <div className="container narrow">
          <h1>{t.title}</h1>
          <p className="lead">{t.intro}</p>
        </div>
      </section>
      <div className="container narrow">
        <div className="card">
          <p className="company-name">{values.companyName}</p>
          <ContactDetails lang={lang} values={values} />
        </div>
        <p className="actions">
          <a className="button" href="/About#contact">
            {t.formLink}
          </a>
        </p>
      </div>
    </>
  );
}
