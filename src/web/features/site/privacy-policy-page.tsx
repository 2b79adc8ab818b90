import { PRIVACY_SECTIONS, siteCopy } from '../../../shared/i18n/site.ts';
import { LegalDocument } from '../../ui/legal-document.tsx';
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
        <LegalDocument
          doc={{ intro: t.intro, sections: PRIVACY_SECTIONS.map((key) => t.sections[key]) }}
          headingId={(i) => `privacy-${PRIVACY_SECTIONS[i]}`}
          // The copy is plain text; the contact values come from the operator-edited site values.
          sectionEnd={(i) =>
            PRIVACY_SECTIONS[i] === 'contacts' ? <ContactDetails lang={lang} values={values} /> : null
          }
        />
      </article>
    </>
  );
}
