import { z } from 'zod';
import { LANGS, MARKETS } from '../markets.ts';
import { envelope } from './envelope.ts';
import { multiline, text } from './fields.ts';

/** Company and site configuration per market, kept in the database and editable by operators. */
export const siteConfig = z.object({
  market: z.enum(MARKETS),
  companyName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  brandColour: z.string(),
  appName: z.string(),
  policyUrl: z.string(),
  /** The regulator's line in the site's footer: India, the NBFC's RBI registration; Indonesia, the OJK licence. */
  licence: z.string(),
  /** The app's store listing behind "Download the app"; empty: the site shows no download link. */
  storeUrl: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const siteConfigQuery = z.object({ market: z.enum(MARKETS).optional() });
export const siteConfigReply = envelope(siteConfig);

/**
 * Request shape of the contact form. Strings are accepted as they come so that the service can answer
 * with the form's own messages (spec §5) rather than a generic schema error; only control characters
 * (a NUL byte, …) are refused here (decision 021).
 */
export const contactMessageBody = z.strictObject({
  name: text(500).default(''),
  telephone: text(500).default(''),
  suggestion: multiline(5000).default(''),
  email: text(500).optional(),
  market: z.enum(MARKETS),
  lang: z.enum(LANGS).optional(),
});
export type ContactMessageBody = z.infer<typeof contactMessageBody>;
export const contactMessageReply = envelope(z.object({ id: z.number().int() }));
