import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMatch, useOutlet } from 'react-router';
import { PROMO_ROUTES } from '../../../shared/contract/promotion.ts';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { trackVisit } from './promo-api.ts';
import { usePromo } from './promo-layout.tsx';
import { RegisterForm } from './register-form.tsx';

/** Templates whose visit this page load has counted: once each, whatever the visitor does next. */
const counted = new Set<number>();

/** Tests start each case from a fresh page load. */
export function forgetVisits(): void {
  counted.clear();
}

/**
 * A picture of ours (`/…`) or an https one (the template's contract); anything else (another scheme, a
 * protocol-relative address) is not drawn, and the page draws its own banner instead.
 */
function bannerSource(url: string): string | null {
  return /^\/(?!\/)/.test(url) || /^https:\/\//i.test(url) ? url : null;
}

function Banner({ template }: { template: TemplateData }) {
  const { t } = useTranslation('promotion');
  const [broken, setBroken] = useState(false);
  const src = bannerSource(template.bannerUrl);
  if (src && !broken) {
    // The headline beside it says what the picture is for; a second reading of it would be noise.
    return (
      <img
        className="promo-banner"
        src={src}
        alt=""
        width={750}
        height={300}
        fetchPriority="high"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <div className="promo-banner promo-banner-drawn" aria-hidden="true">
      <span>{t('banner', { appName: template.appName })}</span>
    </div>
  );
}

/**
 * The landing (`#/`, spec §2 "Register landing template"): the template's banner, headline and subline,
 * and the register form. The agreement (`#/agreementTemplate`) opens over it as a child route: the form
 * stays mounted underneath, hidden, so the visitor comes back to what they typed, the running wait and the
 * same picture code (a picture that already sent a code cannot be drawn again, so remounting would lose it).
 */
export function LandingPage() {
  const { t } = useTranslation('promotion');
  const promo = usePromo();
  const { template, params } = promo;
  // The agreement under the landing reads the same template and parameters.
  const outlet = useOutlet(promo);
  const visible = useMatch(PROMO_ROUTES.agreement) === null;

  useEffect(() => {
    if (!visible || counted.has(template.id)) return;
    counted.add(template.id);
    trackVisit(params, template.id, template.lang, navigator.userAgent);
  }, [visible, template, params]);

  // Opening the agreement starts at its top; coming back returns to where the visitor was, with focus on
  // the link that opened it (the agreement's own buttons are gone by then).
  const scroll = useRef(0);
  const wasHidden = useRef(false);
  useLayoutEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      window.scrollTo(0, 0);
      return;
    }
    if (!wasHidden.current) return;
    wasHidden.current = false;
    document.getElementById('promo-agreement-link')?.focus({ preventScroll: true });
    window.scrollTo(0, scroll.current);
  }, [visible]);

  return (
    <>
      <main
        className="promo-page"
        hidden={!visible}
        onClickCapture={() => {
          scroll.current = window.scrollY;
        }}
      >
        {visible ? <title>{template.headline || template.appName}</title> : null}
        <header className="promo-hero">
          <Banner template={template} />
          <h1>{template.headline}</h1>
          {template.subline ? <p className="promo-subline">{template.subline}</p> : null}
        </header>
        <RegisterForm visible={visible} />
        <p className="promo-adults">{t('adultsOnly')}</p>
      </main>
      {outlet}
    </>
  );
}
