import { DOC_PATHS } from '../../../shared/contract/documents.ts';
import { documents } from '../../../shared/i18n/documents.ts';
import type { SitePageProps } from './site-layout.tsx';
import { VERIFY_FIELDS } from './verify-behaviour.ts';

/**
 * `/verify`: anyone holding a no-dues certificate checks its code here (issue 9). The page is static;
 * verify-behaviour.ts sends the code to the API and fills the result, and checks a code that arrives in
 * the address (the link printed on the certificate). Without the script the form still submits to this
 * page, so nothing is lost but the answer.
 */
export function VerifyPage({ lang }: SitePageProps) {
  const t = documents[lang].verify;
  return (
    <>
      <section className="page-head">
        <div className="container narrow">
          <h1>{t.title}</h1>
          <p className="lead">{t.intro}</p>
        </div>
      </section>
      <div className="container narrow">
        <form
          className="contact-form verify-form"
          method="get"
          action="/verify"
          noValidate
          data-verify={DOC_PATHS.verify}
          data-checking={t.checking}
          data-valid={t.valid}
          data-invalid={t.invalid}
          data-failed={t.failed}
        >
          <input type="hidden" name="lang" value={lang} />
          <div className="field">
            <label htmlFor="verify-code">{t.label}</label>
            <input
              id="verify-code"
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={60}
              placeholder={t.placeholder}
              required
            />
          </div>
          <button className="button" type="submit">
            {t.submit}
          </button>
          <p className="form-status" role="status" aria-live="polite" />
        </form>
        <dl className="card verify-result" hidden>
          {VERIFY_FIELDS.map((field) => (
            <div key={field}>
              <dt>{t.rows[field]}</dt>
              <dd data-field={field} />
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}
