import { siteCopy } from '../../../shared/i18n/site.ts';
import type { SitePageProps } from './site-layout.tsx';

/** The loan agreement of spec §9 (India); the Indonesian page translates it and says so. */
export function LoanPage({ lang }: SitePageProps) {
  const t = siteCopy(lang).loan;
  return (
    <>
      <section className="page-head">
        <div className="container narrow">
          <h1>{t.title}</h1>
        </div>
      </section>
      <article className="container narrow prose">
        {t.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {t.sections.map((section, i) => (
          <section key={section.heading} aria-labelledby={`loan-${i}`}>
            <h2 id={`loan-${i}`}>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {section.list.length > 0 && (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p>
          <a href="/privacyPolicy">{t.privacyLink}</a>
        </p>
      </article>
    </>
  );
}
