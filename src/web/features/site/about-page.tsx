import { CONTACT_LIMITS } from '../../../shared/contract/constants.ts';
import { common } from '../../../shared/i18n/common.ts';
import { contact } from '../../../shared/i18n/contact.ts';
import { siteCopy } from '../../../shared/i18n/site.ts';
import { ContactForm, type ContactFormProps } from './contact-form.tsx';
import { Island } from './island.tsx';
import { SITE_MARKET, type SitePageProps } from './site-layout.tsx';

/** About us and the official contact form (product brief §5: `/About` = about us + contact form). */
export function AboutPage({ lang, values }: SitePageProps) {
  const t = siteCopy(lang).about;
  const c = contact[lang];
  const form: ContactFormProps = {
    strings: {
      name: c.name,
      telephone: c.telephone,
      email: c.email,
      suggestion: c.suggestion,
      submit: c.submit,
      sending: c.sending,
      incomplete: c.incomplete,
      invalidEmail: c.invalidEmail,
      success: c.success,
      network: common[lang].errors.network,
      failed: common[lang].errors.unavailable,
    },
    market: SITE_MARKET[lang],
    lang,
    limits: { ...CONTACT_LIMITS },
  };
  return (
    <>
      <section className="page-head">
        <div className="container">
          <h1>{t.title}</h1>
          <p className="lead">{t.lead}</p>
        </div>
      </section>
      <div className="container prose">
        {t.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <section className="section" aria-labelledby="points-title">
        <div className="container">
          <h2 id="points-title">{t.points.heading}</h2>
          <ul className="cards">
            {t.points.items.map((point) => (
              <li key={point.title} className="card">
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section" id="contact" aria-labelledby="contact-title">
        <div className="container narrow">
          <h2 id="contact-title">{c.title}</h2>
          <p>{t.formIntro}</p>
          <noscript>
            <p className="notice">
              {`${t.noScript} `}
              <a href={`mailto:${values.email}`}>{values.email}</a>.
            </p>
          </noscript>
          <Island name="contact-form" props={form}>
            <ContactForm {...form} />
          </Island>
        </div>
      </section>
    </>
  );
}
