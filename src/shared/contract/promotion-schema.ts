import { z } from 'zod';
import { envelope } from './envelope.ts';
import { id, text } from './fields.ts';
import { DELIVERIES } from './identity.ts';

/** The channel's landing template: what the page looks like and where its links go. */
export const templateData = z.object({
  id: z.number().int(),
  market: z.enum(['IN', 'ID']),
  /** The page's language follows the market (English in India, Indonesian in Indonesia). */
  lang: z.enum(['en', 'id']),
  headline: z.string(),
  subline: z.string(),
  /** A picture of ours (`/…`) or https; empty: the page draws its own banner. */
  bannerUrl: z.string(),
  /** Brand colours, checked against the brand's contrast rules when an operator saves them. */
  theme: z.object({ primary: z.string(), background: z.string() }),
  /** Store links by platform (empty: not offered). */
  androidUrl: z.string(),
  iosUrl: z.string(),
  appName: z.string(),
});
export type TemplateData = z.infer<typeof templateData>;
export const templateReply = envelope(templateData);
export const templateQuery = z.object({ templateId: id() });

const channel = {
  app_from: text(40).optional(),
  user_from: text(40).optional(),
  utm_tag: text(80).optional(),
};
export const trackQuery = z.object({
  page_id: id(),
  client_type: z.enum(['ios', 'android']).optional(),
  page_type: z.coerce.number().int().min(0).max(9).optional(),
  phone: text(20).optional(),
  ...channel,
});

export const sidQuery = z.object({ templateId: id() });
export const sidReply = envelope(z.object({ sid: z.string() }));
export const captchaQuery = z.object({ sid: text(64, { min: 16 }), a: text(20).optional() });

export const smsBody = z.object({
  phone: text(20, { min: 1 }),
  capcode: text(8, { min: 1 }),
  sid: text(64, { min: 16 }),
  deviceId: text(100).optional(),
  appName: text(40).optional(),
  /** Ours: `voice` reads the code out in a call instead (same limits as the SMS). */
  via: z.enum(DELIVERIES).optional(),
  ...channel,
});
export const registerBody = smsBody.omit({ via: true }).extend({
  smsCode: text(8, { min: 1 }),
  merchantNumber: text(20).optional(),
  userName: text(80).optional(),
  invite_code: text(40).optional(),
  /** The template's id. */
  id: id(),
});
export const okReply = envelope(z.null());
