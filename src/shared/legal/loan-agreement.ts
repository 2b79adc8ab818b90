import type { Lang, Market } from '../markets.ts';
import type { LegalDocument } from './legal-document.ts';
import { LOAN_AGREEMENT_ID } from './loan-agreement-id.ts';
import { LOAN_AGREEMENT_IN } from './loan-agreement-in.ts';

/**
 * Each market's loan agreement, the one source of the text for the public site's `/Loan` page and the
 * app's `/loanAgreement` screen. The market picks the agreement (its law), the language picks the text:
 * a borrower in Indonesia who reads English gets the English rendering of Indonesia's agreement, never
 * India's, and the reverse. The app screen loads one market's module on demand (both languages together),
 * so this all-markets module is for the site's build-time rendering.
 */
export const LOAN_AGREEMENTS: Record<Market, Record<Lang, LegalDocument>> = {
  IN: LOAN_AGREEMENT_IN,
  ID: LOAN_AGREEMENT_ID,
};

export function loanAgreement(market: Market, lang: Lang): LegalDocument {
  return LOAN_AGREEMENTS[market][lang];
}
