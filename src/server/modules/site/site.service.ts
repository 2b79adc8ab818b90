import { CONTACT_LIMITS } from '../../../shared/contract/constants.ts';
import type { ContactMessageBody, SiteConfig } from '../../../shared/contract/site.ts';
import { SHARED_PATTERNS } from '../../../shared/domain/phone.ts';
import { MARKET_INFO, type Market } from '../../../shared/markets.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ReferenceData } from '../../reference-data.ts';
import type { SiteRepository } from './site.repository.ts';

const invalid = (key: string) => new AppError('400', `contact:${key}`);

/** A telephone as people type it: digits with optional +, spaces, dashes, brackets; 6 to 15 digits. */
function isTelephone(value: string): boolean {
  return /^\+?[\d\s\-()]+$/.test(value) && /^\d{6,15}$/.test(value.replace(/\D/g, ''));
}

export function siteService(repo: SiteRepository, reference: ReferenceData) {
  return {
    /** Company details operators set: reference data, so no query on the pages and calls that show them. */
    async config(market: Market): Promise<SiteConfig> {
      const row = await reference.siteConfig(market);
      if (!row) throw notFound();
      const { updatedAt: _updatedAt, ...config } = row;
      return { ...config, market };
    },

    /** Stores a contact-form message (the original showed success and sent nothing). */
    async submitContactMessage(body: ContactMessageBody): Promise<{ id: number }> {
      const name = body.name.trim();
      const telephone = body.telephone.trim();
      const suggestion = body.suggestion.trim();
      const email = body.email?.trim() || null;
      if (!name || !telephone || !suggestion) throw invalid('incomplete');
      if (
        name.length > CONTACT_LIMITS.name ||
        telephone.length > CONTACT_LIMITS.telephone ||
        suggestion.length > CONTACT_LIMITS.suggestion ||
        (email && email.length > CONTACT_LIMITS.email)
      ) {
        throw invalid('tooLong');
      }
      if (!isTelephone(telephone)) throw invalid('invalidTelephone');
      if (email && !SHARED_PATTERNS.email.test(email)) throw invalid('invalidEmail');
      return repo.insertContactMessage({
        market: body.market,
        lang: body.lang ?? MARKET_INFO[body.market].lang,
        name,
        telephone,
        email,
        suggestion,
      });
    },
  };
}
export type SiteService = ReturnType<typeof siteService>;
