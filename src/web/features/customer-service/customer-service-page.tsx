import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { contactInfoQuery } from './customer-service-api.ts';
import './customer-service-page.css';

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className="cs-icon">
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

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className="cs-icon">
      <rect
        x="3"
        y="5.5"
        width="18"
        height="13"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
      />
      <path
        d="m3.5 7 8.5 6 8.5-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Customer service (spec §2): the market's phone and e-mail from the server, and the other ways to help. */
export function CustomerServicePage() {
  const { t } = useTranslation('support');
  // The route's loader has already asked for this (same key and call).
  const contact = useQuery(contactInfoQuery());

  let details: ReactNode;
  if (contact.isPending) {
    details = (
      <SkeletonRegion label={t('loading')}>
        <ul className="cs-list">
          {[t('telephone'), t('email')].map((label) => (
            <li key={label}>
              <span className="cs-item">
                <SkeletonBlock width="40px" height="40px" radius="50%" />
                <span className="cs-item-text">
                  <span className="cs-item-label">{label}</span>
                  <SkeletonBlock width="55%" height="1.1rem" />
                </span>
              </span>
            </li>
          ))}
        </ul>
      </SkeletonRegion>
    );
  } else if (contact.isError) {
    details = (
      <PageError
        message={`${t('loadError')} ${contact.error.message}`.trim()}
        onRetry={() => void contact.refetch()}
      />
    );
  } else {
    const { smWa: tel, email } = contact.data;
    details = (
      <ul className="cs-list">
        {tel ? (
          <li>
            {/* The native app dials: a web view cannot open tel: links on every platform (spec §1). */}
            <button type="button" className="cs-item" onClick={() => sendBridge({ type: 'callTel', tel })}>
              <PhoneIcon />
              <span className="cs-item-text">
                <span className="cs-item-label">{t('telephone')}</span>
                <span className="cs-item-value">{tel}</span>
                <span className="cs-item-hint">{t('callHint')}</span>
              </span>
            </button>
          </li>
        ) : null}
        {email ? (
          <li>
            <a className="cs-item" href={`mailto:${email}`}>
              <MailIcon />
              <span className="cs-item-text">
                <span className="cs-item-label">{t('email')}</span>
                <span className="cs-item-value">{email}</span>
                <span className="cs-item-hint">{t('emailHint')}</span>
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    );
  }

  return (
    <main className="shell-page cs">
      <title>{t('title')}</title>
      <h1>{t('title')}</h1>
      <p className="shell-note">{t('intro')}</p>

      <section className="cs-card" aria-labelledby="cs-contact">
        <h2 id="cs-contact">{t('contact')}</h2>
        {details}
      </section>

      <section className="cs-card" aria-labelledby="cs-more">
        <h2 id="cs-more">{t('moreHelp')}</h2>
        <ul className="cs-list">
          <li>
            <Link className="cs-item cs-link" to={H5_PATHS.chatbot}>
              <span className="cs-item-text">
                <span className="cs-item-value">{t('chatbot')}</span>
                <span className="cs-item-hint">{t('chatbotHint')}</span>
              </span>
              <span className="cs-chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
          <li>
            <Link className="cs-item cs-link" to={H5_PATHS.complaintList}>
              <span className="cs-item-text">
                <span className="cs-item-value">{t('complaints')}</span>
                <span className="cs-item-hint">{t('complaintsHint')}</span>
              </span>
              <span className="cs-chevron" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        </ul>
      </section>
    </main>
  );
}
