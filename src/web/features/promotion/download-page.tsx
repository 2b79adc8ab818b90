import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation.tsx';
import { clientTypeOf } from './promo-api.ts';
import { usePromo } from './promo-layout.tsx';
import type { RegisterOutcome } from './register-form.tsx';

/** Only an https store listing is a link worth giving (a template's typo must not become `javascript:`). */
const storeLink = (url: string) => (/^https:\/\//i.test(url.trim()) ? url.trim() : '');

/**
 * The download page (`#/downloadTemplate`, spec §2, §4 "Register", §8): the app's store link for the
 * visitor's phone, from the template — Google Play on Android, the App Store on an iPhone, both when the
 * phone is neither (a desktop browser, an unknown web view). Arriving from the form, it first says how the
 * registration went, and moves focus there so a screen reader says it too.
 */
export function DownloadPage() {
  const { t } = useTranslation('promotion');
  const { template } = usePromo();
  const location = useLocation();
  const outcome = (location.state as { outcome?: RegisterOutcome } | null)?.outcome;
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    notice.current?.focus();
  }, []);

  const platform = clientTypeOf(navigator.userAgent);
  const appName = template.appName;
  const stores = [
    { platform: 'android', url: storeLink(template.androidUrl), label: t('download.android', { appName }) },
    { platform: 'ios', url: storeLink(template.iosUrl), label: t('download.ios', { appName }) },
  ].filter((s) => s.url && (platform === undefined || s.platform === platform));
  const title = t('download.title', { appName });

  return (
    <main className="promo-page promo-download">
      <title>{title}</title>
      {outcome === 'registered' || outcome === 'alreadyRegistered' ? (
        <p ref={notice} className="promo-notice" role="status" tabIndex={-1}>
          {t(`outcome.${outcome}`)}
        </p>
      ) : null}
      <div className="promo-card">
        <h1>{title}</h1>
        <p>{t('download.intro')}</p>
        {stores.length > 0 ? (
          <ul className="promo-stores">
            {stores.map((s) => (
              <li key={s.platform}>
                <a className="promo-button promo-store" href={s.url} data-platform={s.platform}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="promo-notice promo-notice-muted">{t('download.none')}</p>
        )}
      </div>
      <p className="promo-adults">{t('adultsOnly')}</p>
    </main>
  );
}
