import type { ReactNode } from 'react';
import type { SiteConfig } from '../../../shared/contract/site.ts';
import { siteCopy } from '../../../shared/i18n/site.ts';
import type { Lang, Market } from '../../../shared/markets.ts';

/**
 * Company details as the pages print them. At build time these are placeholder tokens that the server
 * replaces with the operator-edited values, so they belong in static markup only, never in island props.
 */
export type SiteValues = Pick<
  SiteConfig,
  'companyName' | 'phone' | 'email' | 'address' | 'policyUrl' | 'appName'
>;

export interface SitePageProps {
  lang: Lang;
  values: SiteValues;
}

/** The site's language decides the market it speaks to. */
export const SITE_MARKET: Record<Lang, Market> = { en: 'IN', id: 'ID' };

export type NavIndex = 0 | 1 | 2 | 3;

/** Targets of the top navigation, by navigation index (spec §2: home, about, policy, loan terms). */
export const NAV_HREFS = ['/', '/About', '/Policy', '/Loan'] as const;

interface SiteLayoutProps extends SitePageProps {
  navIndex?: NavIndex;
  /** Printed in the copyright line; passed in so that rendering stays deterministic. */
  year: number;
  children: ReactNode;
}

export function SiteLayout({ lang, values, navIndex, year, children }: SiteLayoutProps) {
  const t = siteCopy(lang);
  const other: Lang = lang === 'en' ? 'id' : 'en';
  return (
    <>
      <a className="skip-link" href="#main">
        {t.nav.skip}
      </a>
      <header className="site-header">
        <div className="container header-bar">
          <a className="brand" href="/">
            <span className="brand-mark" aria-hidden="true" />
            <span className="brand-name">{values.companyName}</span>
          </a>
          {/* A query-only link keeps the current path, whatever page (or alias route) this is. */}
          <a
            className="lang-switch"
            href={`?lang=${other}`}
            hrefLang={other}
            lang={other}
            title={t.nav.languageHint}
          >
            {t.nav.language}
          </a>
        </div>
        <nav className="container site-nav" aria-label={t.nav.label}>
          <ul>
            {t.nav.items.map((label, index) => (
              <li key={NAV_HREFS[index]}>
                <a href={NAV_HREFS[index]} aria-current={index === navIndex ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container footer-grid">
          <div>
            <p className="company-name">{values.companyName}</p>
            <ContactDetails lang={lang} values={values} />
          </div>
          <nav aria-label={t.footer.label}>
            <ul className="footer-links">
              <li>
                <a href="/Contact">{t.footer.contact}</a>
              </li>
              <li>
                <a href="/privacyPolicy">{t.footer.privacy}</a>
              </li>
              <li>
                <a href="/Loan">{t.nav.items[3]}</a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="container">
          <p className="copyright">{`© ${year} ${values.companyName}`}</p>
        </div>
      </footer>
    </>
  );
}

/** Phone, e-mail and address as a description list; used by the footer, the contact page and the policy. */
export function ContactDetails({ lang, values }: SitePageProps) {
  const t = siteCopy(lang);
  return (
    <dl className="contact-details">
      <div>
        <dt>{t.labels.phone}</dt>
        <dd>
          <a href={`tel:${values.phone}`}>{values.phone}</a>
        </dd>
      </div>
      <div>
        <dt>{t.labels.email}</dt>
        <dd>
          <a href={`mailto:${values.email}`}>{values.email}</a>
        </dd>
      </div>
      <div>
        <dt>{t.labels.address}</dt>
        <dd>{values.address}</dd>
      </div>
    </dl>
  );
}
