import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { H5_PATHS } from '../../../shared/routes.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { ContactRow, ContactRows, ContactRowsSkeleton } from '../../ui/contact-rows.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonRegion } from '../../ui/skeleton.tsx';
import { contactInfoQuery } from './customer-service-api.ts';
import './customer-service-page.css';

/** Customer service (spec §2): the market's phone and e-mail from the server, and the other ways to help. */
export function CustomerServicePage() {
  const { t } = useTranslation('support');
  // The route's loader has already asked for this (same key and call).
  const contact = useQuery(contactInfoQuery());

  let details: ReactNode;
  if (contact.isPending) {
    details = (
      <SkeletonRegion label={t('loading')}>
        <ContactRowsSkeleton labels={[t('telephone'), t('email')]} />
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
      <ContactRows>
        {tel ? (
          <ContactRow icon="phone" label={t('telephone')} value={tel} hint={t('callHint')} action={{ tel }} />
        ) : null}
        {email ? (
          <ContactRow
            icon="mail"
            label={t('email')}
            value={email}
            hint={t('emailHint')}
            action={{ href: `mailto:${email}` }}
          />
        ) : null}
      </ContactRows>
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
        <ContactRows>
          <ContactRow value={t('chatbot')} hint={t('chatbotHint')} action={{ to: H5_PATHS.chatbot }} />
          <ContactRow
            value={t('complaints')}
            hint={t('complaintsHint')}
            action={{ to: H5_PATHS.complaintList }}
          />
          <ContactRow value={t('myData')} hint={t('myDataHint')} action={{ to: H5_PATHS.myData }} />
        </ContactRows>
      </section>
    </main>
  );
}
