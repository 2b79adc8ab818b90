import { siteCopy } from '../../../shared/i18n/site.ts';
import type { SitePageProps } from './site-layout.tsx';

/** The operator-configured external policy in a frame, with ways out when the frame cannot show it. */
export function PolicyPage({ lang, values }: SitePageProps) {
  const t = siteCopy(lang).policy;
  return (
    <>
      <section className="page-head">
        <div className="container">
          <h1>{t.title}</h1>
          <p>{t.intro}</p>
          <p className="link-row">
            <a href={values.policyUrl} target="_blank" rel="noopener noreferrer">
              {t.open}
            </a>
            <a href="/privacyPolicy">{t.fallback}</a>
          </p>
        </div>
      </section>
      <div className="container">
        <iframe
          className="policy-frame"
          src={values.policyUrl}
          title={t.frameTitle}
          sandbox="allow-scripts allow-same-origin allow-popups"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      </div>
    </>
  );
}
