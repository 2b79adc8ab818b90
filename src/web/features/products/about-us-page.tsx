import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ABOUT_POINTS } from '../../../shared/i18n/products.ts';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { sessionParams } from '../../lib/session-params.ts';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { siteConfigQuery } from './products-api.ts';
import './about-us-page.css';

/**
 * The market the page speaks about: the borrower's (from the launch params). Without one — the frame
 * drawn at build time, one per language — the market of the language, so the Indonesian frame is about
 * Indonesia and never about India.
 */
function aboutMarket(lang: string): Market {
  const market = sessionParams().market?.toUpperCase();
  if (isMarket(market)) return market;
  return lang === 'id' ? 'ID' : 'IN';
}

function PhoneIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      className="about-icon"
    >
      <path
        d="M6.6 3.5h2.6l1.4 4-2 1.3a11 11 0 0 0 6.6 6.6l1.3-2 4 1.4v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      className="about-icon"
    >
      <path
        d="M4 5.5h16v10H9l-5 4v-14Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * About us (spec §2: company description with selling points; "contact us: telephone and online
 * service"). The description is the market's own (figures, regulator); the company's legal name, licence,
 * address, phone and e-mail are the operators' site values for that market, the same the public site
 * shows, so the app and the site never disagree.
 */
export function AboutUsPage() {
  const { t, i18n } = useTranslation('products');
  const market = aboutMarket(i18n.language);
  const config = useQuery(siteConfigQuery(market));
  const copy = (key: string) => t(`about.markets.${market}.${key}`);

  let company: ReactNode;
  let contact: ReactNode;
  if (config.isPending) {
    company = (
      <SkeletonRegion label={t('about.loading')}>
        <SkeletonBlock width="70%" height="1.1rem" />
        <SkeletonLines lines={3} />
      </SkeletonRegion>
    );
    contact = (
      <ul className="about-list" aria-hidden="true">
        {[t('about.telephone'), t('about.onlineService')].map((label) => (
          <li key={label}>
            <span className="about-item">
              <SkeletonBlock width="40px" height="40px" radius="50%" />
              <span className="about-item-text">
                <span className="about-item-label">{label}</span>
                <SkeletonBlock width="50%" height="1.1rem" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (config.isError) {
    company = (
      <PageError
        message={`${t('about.loadError')} ${config.error.message}`.trim()}
        onRetry={() => void config.refetch()}
      />
    );
    contact = <ContactRows phone="" />;
  } else {
    const { companyName, licence, address, email, phone } = config.data;
    company = (
      <>
        <p className="about-company-name">{companyName}</p>
        {licence ? <p className="about-licence">{licence}</p> : null}
        <dl className="about-facts">
          {address ? (
            <div>
              <dt>{t('about.address')}</dt>
              <dd>{address}</dd>
            </div>
          ) : null}
          {email ? (
            <div>
              <dt>{t('about.email')}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          ) : null}
        </dl>
      </>
    );
    contact = <ContactRows phone={phone} />;
  }

  const title = t('about.title');
  return (
    <main className="shell-page about-us">
      <title>{title}</title>
      <h1>{title}</h1>
      <p className="about-lead">{copy('lead')}</p>

      <section className="about-card" aria-labelledby="about-points">
        <h2 id="about-points">{t('about.pointsHeading')}</h2>
        <ul className="about-points">
          {ABOUT_POINTS.map((point) => (
            <li key={point}>
              <h3>{copy(`points.${point}.title`)}</h3>
              <p>{copy(`points.${point}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-card" aria-labelledby="about-company">
        <h2 id="about-company">{t('about.companyHeading')}</h2>
        {company}
      </section>

      <section className="about-card" aria-labelledby="about-contact">
        <h2 id="about-contact">{t('about.contactHeading')}</h2>
        {contact}
      </section>
    </main>
  );
}

/** Telephone (when known) and the online service; the latter needs no data, so it stays on a failure. */
function ContactRows({ phone }: { phone: string }) {
  const { t } = useTranslation('products');
  return (
    <ul className="about-list">
      {phone ? (
        <li>
          {/* The native app dials: a web view cannot open tel: links on every platform (spec §1). */}
          <button
            type="button"
            className="about-item"
            onClick={() => sendBridge({ type: 'callTel', tel: phone })}
          >
            <PhoneIcon />
            <span className="about-item-text">
              <span className="about-item-label">{t('about.telephone')}</span>
              <span className="about-item-value">{phone}</span>
              <span className="about-item-hint">{t('about.callHint')}</span>
            </span>
          </button>
        </li>
      ) : null}
      <li>
        <Link className="about-item" to={H5_PATHS.customerService}>
          <ChatIcon />
          <span className="about-item-text">
            <span className="about-item-value">{t('about.onlineService')}</span>
            <span className="about-item-hint">{t('about.onlineServiceHint')}</span>
          </span>
          <span className="about-chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      </li>
    </ul>
  );
}
