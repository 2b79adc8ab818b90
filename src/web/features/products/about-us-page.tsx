import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ABOUT_POINTS } from '../../../shared/i18n/products.ts';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sessionParams } from '../../lib/session-params.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { ContactRow, ContactRows, ContactRowsSkeleton } from '../../ui/contact-rows.tsx';
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
  const { t: copy } = useTranslation('products', { keyPrefix: `about.markets.${market}` });

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
      <ContactRowsSkeleton labels={[t('about.telephone'), t('about.onlineService')]} aria-hidden="true" />
    );
  } else if (config.isError) {
    company = (
      <PageError
        message={`${t('about.loadError')} ${config.error.message}`.trim()}
        onRetry={() => void config.refetch()}
      />
    );
    contact = <AboutContactRows phone="" />;
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
    contact = <AboutContactRows phone={phone} />;
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
function AboutContactRows({ phone }: { phone: string }) {
  const { t } = useTranslation('products');
  return (
    <ContactRows>
      {phone ? (
        <ContactRow
          icon="phone"
          label={t('about.telephone')}
          value={phone}
          hint={t('about.callHint')}
          action={{ tel: phone }}
        />
      ) : null}
      <ContactRow
        icon="chat"
        value={t('about.onlineService')}
        hint={t('about.onlineServiceHint')}
        action={{ to: H5_PATHS.customerService }}
      />
    </ContactRows>
  );
}
