import { siteCopy } from '../../../shared/i18n/site.ts';
import { Carousel, type CarouselProps } from './carousel.tsx';
import type { SitePageProps } from './site-layout.tsx';

export function HomePage({ lang, values }: SitePageProps) {
  const t = siteCopy(lang).home;
  const carousel: CarouselProps = {
    slides: t.carousel.slides.map(({ title, text }) => ({ title, text })),
    labels: { region: t.carousel.label, slideOf: t.carousel.slideOf, dot: t.carousel.dot },
  };
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title">{t.hero.title}</h1>
          <p className="lead">{t.hero.lead}</p>
          {/* The configured listing; the server drops `data-store-link` links when none is set. */}
          <a className="button button-light" href={values.storeUrl} data-store-link="">
            {t.hero.cta}
          </a>
        </div>
      </section>

      <section className="section" aria-labelledby="claims-title">
        <div className="container">
          <h2 id="claims-title">{t.claims.heading}</h2>
          <ul className="claims">
            {t.claims.items.map((claim) => (
              <li key={claim.value} className="claim">
                <strong className="claim-value">{claim.value}</strong>
                <span>{claim.text}</span>
              </li>
            ))}
          </ul>
          <p className="fine-print">{t.claims.note}</p>
        </div>
      </section>

      <div className="container">
        {/* Not an island: a plain DOM script turns it (carousel-behaviour.ts), the page needs no React. */}
        <Carousel {...carousel} />
      </div>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title">{t.steps.heading}</h2>
          <ol className="steps">
            {t.steps.items.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section cta" aria-labelledby="cta-title">
        <div className="container">
          <h2 id="cta-title">{t.cta.heading}</h2>
          <p>{t.cta.text}</p>
          <a className="button" href={values.storeUrl} data-store-link="">
            {`${t.cta.button} ${values.appName}`}
          </a>
        </div>
      </section>
    </>
  );
}
