import type { Lang } from '../markets.ts';
import { admin } from './admin.ts';
import { channelsAdmin } from './channels-admin.ts';
import { chatbot } from './chatbot.ts';
import { common } from './common.ts';
import { complaints } from './complaints.ts';
import { contact } from './contact.ts';
import { dataRights } from './data-rights.ts';
import { documents } from './documents.ts';
import { loanConfirm } from './loan-confirm.ts';
import { loanDetails } from './loan-details.ts';
import { loans } from './loans.ts';
import { fill, lookupCounted } from './lookup.ts';
import { orders } from './orders.ts';
import { products } from './products.ts';
import { promotion } from './promotion.ts';
import { registration } from './registration.ts';
import { repayment } from './repayment.ts';
import { repaymentCard } from './repayment-card.ts';
import { repaymentPay } from './repayment-pay.ts';
import { repaymentPlan } from './repayment-plan.ts';
import { shell } from './shell.ts';
import { site } from './site.ts';
import { staff } from './staff.ts';
import { support } from './support.ts';

/**
 * Every namespace, in both languages: the server's catalog (error messages in the caller's language).
 * A feature adds its own file beside this one and one line here. Browser shells do not import this
 * file: each hands its i18n instance only the namespaces it shows, to keep other copy out of its bundle.
 * The `en` side is the reference shape; the catalog test checks that `id` has exactly the same keys.
 */
const namespaces = {
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
  documents,
  dataRights,
  registration,
  complaints,
  chatbot,
  support,
  staff,
  promotion,
} as const;

export type Namespace = keyof typeof namespaces;
export const NAMESPACES = Object.keys(namespaces) as Namespace[];

export const resources = {
  en: Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaces[ns].en])),
  id: Object.fromEntries(NAMESPACES.map((ns) => [ns, namespaces[ns].id])),
} as unknown as Record<Lang, Record<Namespace, Record<string, unknown>>>;

/**
 * Looks a dotted key up in one namespace, with `vars` in its `{{name}}` placeholders and a numeric
 * `vars.count` picking the key's `_one` / `_other` form where it has them (issue 29: "1 days late");
 * returns the key itself when missing so gaps show.
 */
export function translate(
  lang: Lang,
  ns: Namespace,
  key: string,
  vars?: Readonly<Record<string, string | number>>,
): string {
  return fill(lookupCounted(resources[lang][ns], key, lang, vars?.count) ?? `${ns}:${key}`, vars);
}
