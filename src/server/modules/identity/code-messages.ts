import type { Delivery } from '../../../shared/contract/identity.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Lang } from '../../../shared/markets.ts';

/**
 * The words of a registration or sign-in code as they reach the phone, in the reader's language: a text
 * message, or the script of a call that reads the code one digit at a time, twice (a caller cannot scroll
 * back). The sender is named (`app`): a code from nobody teaches borrowers to trust codes from anybody.
 */
export function codeText(lang: Lang, kind: 'register' | 'login', via: Delivery, app: string) {
  return (code: string) =>
    translate(lang, 'registration', `codes.${via}.${kind}`, { app, code, digits: code.split('').join(', ') });
}
