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
  'companyName' | 'phone' | 'email' | 'address' | 'policyUrl' | 'appName' | 'licence' | 'storeUrl'
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
          {/* The short app name; the legal name, long enough to wrap over three lines, is in the footer. */}
          <a className="brand" href="/" aria-label={`${values.appName}, ${t.nav.homeSuffix}`}>
            <BrandMark />
            <span className="brand-name">{values.appName}</span>
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
            <p className="licence">{values.licence}</p>
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

/**
 * The logo's mark, drawn inline so that it costs no request and takes the brand colours from the
 * stylesheet. Decorative: the link around it is named by the app name next to it.
 */
export function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect className="brand-mark-tile" x="1" y="1" width="30" height="30" rx="8" />
      <path className="brand-mark-letter" d="M10 8h4.5v6.6L20.2 8h5.3l-6.9 7.7L26 24h-5.6l-5.9-6.5V24H10z" />
      <circle className="brand-mark-dot" cx="24.5" cy="8.5" r="2.5" />
    </svg>
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
