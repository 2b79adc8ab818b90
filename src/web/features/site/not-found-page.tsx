import { siteCopy } from '../../../shared/i18n/site.ts';
import type { SitePageProps } from './site-layout.tsx';

export function NotFoundPage({ lang }: SitePageProps) {
  const t = siteCopy(lang).notFound;
  return (
    <section className="page-head">
      <div className="container narrow">
        <h1>{t.title}</h1>
        <p className="lead">{t.text}</p>
        <p>
          <a className="button" href="/">
            {t.home}
          </a>
        </p>
      </div>
    </section>
  );
}
