import { PRIVACY_SECTIONS, siteCopy } from '../../../shared/i18n/site.ts';
import { ContactDetails, type SitePageProps } from './site-layout.tsx';

/** The full privacy policy (spec §1, §2), with every section of spec §2 as a heading. */
export function PrivacyPolicyPage({ lang, values }: SitePageProps) {
  const t = siteCopy(lang).privacy;
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
        {PRIVACY_SECTIONS.map((key) => {
          const section = t.sections[key];
          return (
            <section key={key} aria-labelledby={`privacy-${key}`}>
              <h2 id={`privacy-${key}`}>{section.heading}</h2>
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
              {section.after.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {/* The copy is plain text; the contact values come from the operator-edited site values. */}
              {key === 'contacts' && <ContactDetails lang={lang} values={values} />}
            </section>
          );
        })}
      </article>
    </>
  );
}
