import { createInstance, type KeyPrefix, type ParseKeys } from 'i18next';
import type { Lang } from '../markets.ts';
import { admin } from './admin.ts';
import { bankAccount } from './bank-account.ts';
import { bindBank } from './bind-bank.ts';
import { borrowersAdmin } from './borrowers-admin.ts';
import { channelsAdmin } from './channels-admin.ts';
import { chatbot } from './chatbot.ts';
import { common } from './common.ts';
import { complaints } from './complaints.ts';
import { contact } from './contact.ts';
import { dataRights } from './data-rights.ts';
import { dataRightsAdmin } from './data-rights-admin.ts';
import { documentViewer } from './document-viewer.ts';
import { documents } from './documents.ts';
import { loanConfirm } from './loan-confirm.ts';
import { loanDetails } from './loan-details.ts';
import { loans } from './loans.ts';
import { myLoans } from './my-loans.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { promotion } from './promotion.ts';
import { registration } from './registration.ts';
import { rejections } from './rejections.ts';
import { repayment } from './repayment.ts';
import { repaymentCard } from './repayment-card.ts';
import { repaymentInstruction } from './repayment-instruction.ts';
import { repaymentPay } from './repayment-pay.ts';
import { repaymentPlan } from './repayment-plan.ts';
import { reviewReasons } from './review-reasons.ts';
import { shell } from './shell.ts';
import { site } from './site.ts';
import { staff } from './staff.ts';
import { support } from './support.ts';
import { verification } from './verification.ts';
import { verificationProgress } from './verification-progress.ts';

/**
 * Every namespace, in both languages: the server's catalog (error messages in the caller's language).
 * A feature adds its own file beside this one and one line here. Browser shells do not import this
 * file: each hands its i18n instance only the namespaces it shows, to keep other copy out of its bundle.
 * The `en` side is the reference shape: each file's `catalog()` checks at compile time that `id` has the
 * same keys (decision 051).
 */
export const namespaces = {
  admin,
  channelsAdmin,
  common,
  contact,
  shell,
  site,
  orders,
  loans,
  products,
  loanConfirm,
  loanDetails,
  repayment,
  repaymentPlan,
  repaymentPay,
  repaymentCard,
  repaymentInstruction,
  bindBank,
  documentViewer,
  rejections,
  reviewReasons,
  bankAccount,
  myLoans,
  documents,
  dataRights,
  dataRightsAdmin,
  borrowersAdmin,
  registration,
  complaints,
  chatbot,
  support,
  staff,
  promotion,
  verification,
  verificationProgress,
} as const;

export type Namespace = keyof typeof namespaces;
/** The namespaces `t` reads (the site's copy is pre-rendered from its own object, never through i18next). */
export type MessageNamespace = Exclude<Namespace, 'site'>;
export const NAMESPACES = Object.keys(namespaces) as Namespace[];

/** Every namespace of one language, as i18next takes them. */
function languageOf(lang: Lang): Record<Namespace, object> {
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaces[ns][lang]])) as Record<Namespace, object>;
}
export const resources: Record<Lang, Record<Namespace, object>> = {
  en: languageOf('en'),
  id: languageOf('id'),
};

/**
 * The server's i18next: every namespace, loaded at once (`initAsync: false`), English as the fallback.
 * The same library and options as the browser's (`src/web/lib/i18n.ts`), so a message means the same on
 * both sides: `{{name}}` placeholders unescaped (a reply is JSON, not HTML), a numeric `count` picking the
 * `_one` / `_other` form (issue 29: "1 days late"), a placeholder without a value left in view, and a
 * missing key shown as `ns:key` so the gap is seen.
 */
const serverI18n = createInstance({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'id'],
  ns: NAMESPACES,
  defaultNS: 'common',
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  appendNamespaceToMissingKey: true,
});
void serverI18n.init();

/**
 * i18next's `t` in one language with its key a plain string: the one place the library's key types are set
 * aside, under the typed `fixedT` and the run-time `messageOf`.
 */
function untypedT(lang: Lang): (key: string, options?: object) => string {
  const t = serverI18n.getFixedT(lang) as unknown as (key: string, options?: object) => string;
  return (key, options) => {
    const id = `${lang}\u0000${key}\u0000${options === undefined ? '' : JSON.stringify(options)}`;
    let text = answered.get(id);
    if (text === undefined) {
      text = t(key, options);
      if (answered.size >= ANSWERED_MAX) answered.clear();
      answered.set(id, text);
    }
    return text;
  };
}

/**
 * Messages already worked out, by language, key and values. i18next's `t` measured 20-50 µs a call on
 * this hardware (its option handling, fallbacks, plural and nesting checks), and a hot reply such as loan
 * details asks for a dozen or more, the same ones again and again: the loan-details route lost half its
 * throughput. The catalogues never change while the process runs, so an answer stays right; the bound
 * keeps messages carrying ever-new values (amounts, dates) from growing it without end.
 */
const answered = new Map<string, string>();
const ANSWERED_MAX = 20_000;

/** A key of namespace `N` (under `P`, when given), as `tsc` knows them from the English catalogue. */
export type MessageKey<N extends MessageNamespace, P extends KeyPrefix<N> = undefined> = ParseKeys<
  N,
  Record<never, never>,
  P
> &
  string;

/**
 * The server's `t` for one namespace: a typed key and the placeholders' values, a string back. Narrower
 * than i18next's `TFunction`, whose return type, inferred from where the result goes, is too deep for
 * `tsc` in places (TS2589); the server only ever wants the string.
 */
export type ServerT<N extends MessageNamespace, P extends KeyPrefix<N> = undefined> = (
  key: MessageKey<N, P>,
  vars?: Readonly<Record<string, unknown>>,
) => string;

/** `t` for one namespace (keys under `keyPrefix`, when given) in one language (decision 051). */
export function fixedT<N extends MessageNamespace, P extends KeyPrefix<N> = undefined>(
  lang: Lang,
  ns: N,
  keyPrefix?: P,
): ServerT<N, P> {
  const t = untypedT(lang);
  return (key, vars) => t(key, { ...vars, ns, keyPrefix });
}

/**
 * One message in `lang`: a key of `ns` (checked by `tsc`), `vars` in its `{{name}}` placeholders and a
 * numeric `vars.count` picking its plural form.
 */
export function translate<N extends MessageNamespace>(
  lang: Lang,
  ns: N,
  key: MessageKey<N>,
  vars?: Readonly<Record<string, string | number>>,
): string {
  return fixedT(lang, ns)(key, vars);
}

/**
 * A message whose key travels as data (an `AppError`'s `ns:key`, `common` when it names none; a fee's
 * name from a product's terms): checked only at run time, so a key that is not there reads `ns:key`.
 */
export function messageOf(lang: Lang, key: string, vars?: Readonly<Record<string, unknown>>): string {
  return untypedT(lang)(key, vars);
}
