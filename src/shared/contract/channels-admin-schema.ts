/**
 * The back office's promotion channels (decision 037): templates and their funnel. Paths, limits and the
 * template rules, zod-free, are in channels-admin.ts. Request fields use the field helpers (decision 021).
 * Links and colours are taken here as any short line of text, so that the service can say what is wrong
 * with one ("not https", "too little contrast") instead of a bare "not valid".
 */
import { z } from 'zod';
import { MARKETS } from '../markets.ts';
import { TEMPLATE_LIMITS } from './channels-admin.ts';
import { envelope } from './envelope.ts';
import { id, text } from './fields.ts';

const templateFields = {
  name: text(TEMPLATE_LIMITS.name, { trim: true }),
  headline: text(TEMPLATE_LIMITS.headline, { trim: true }),
  subline: text(TEMPLATE_LIMITS.subline, { trim: true }).default(''),
  appName: text(TEMPLATE_LIMITS.appName, { trim: true }),
  /** A picture of ours (`/…`), or empty: the landing then draws its own banner. */
  bannerUrl: text(TEMPLATE_LIMITS.url, { trim: true }).default(''),
  /** `#rrggbb`, judged by the brand's contrast rule (decision 007). */
  theme: z.strictObject({ primary: text(20, { trim: true }), background: text(20, { trim: true }) }),
  /** https store listings, or empty: not offered on that platform. */
  androidUrl: text(TEMPLATE_LIMITS.url, { trim: true }).default(''),
  iosUrl: text(TEMPLATE_LIMITS.url, { trim: true }).default(''),
};

export const templateCreateBody = z.strictObject({ market: z.enum(MARKETS), ...templateFields });
export type TemplateCreateBody = z.input<typeof templateCreateBody>;

export const templateUpdateBody = z.strictObject({
  ...templateFields,
  /**
   * The `updatedAt` the editor loaded. A template changed since (another operator, a switch in the list)
   * is not overwritten: 409, and the editor offers the newer version.
   */
  version: text(40, { min: 1 }),
});
export type TemplateUpdateBody = z.input<typeof templateUpdateBody>;

export const templateEnabledBody = z.strictObject({ enabled: z.boolean() });
export const templateIdParams = z.object({ id: id() });
export const templatesQuery = z.object({
  market: z.enum(MARKETS).optional(),
  /** '1' only enabled templates, '0' only disabled ones. */
  enabled: z.enum(['0', '1']).optional(),
});

const marketDay = text(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
export const funnelQuery = z
  .object({
    /** One template's funnel … */
    templateId: id().optional(),
    /** … or all of a market's templates together. */
    market: z.enum(MARKETS).optional(),
    /** Market days, both included; the last 14 days up to today when absent. */
    from: marketDay.optional(),
    to: marketDay.optional(),
  })
  .refine((q) => (q.templateId === undefined) !== (q.market === undefined), {
    message: 'either templateId or market',
  });
export type FunnelQuery = z.input<typeof funnelQuery>;

export const adminTemplate = z.object({
  id: z.number().int(),
  market: z.enum(MARKETS),
  name: z.string(),
  headline: z.string(),
  subline: z.string(),
  bannerUrl: z.string(),
  theme: z.object({ primary: z.string(), background: z.string() }),
  androidUrl: z.string(),
  iosUrl: z.string(),
  appName: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** Also the version an update names. */
  updatedAt: z.string(),
});
export type AdminTemplate = z.infer<typeof adminTemplate>;
export const adminTemplateReply = envelope(adminTemplate);
export const adminTemplatesReply = envelope(
  z.object({
    items: z.array(adminTemplate),
    /** More templates match than the list carries (CHANNELS_LIST_MAX, newest first). */
    more: z.boolean(),
  }),
);
export type AdminTemplates = z.infer<typeof adminTemplatesReply>['data'];

const counts = {
  visits: z.number().int(),
  clicks: z.number().int(),
  /** SMS codes sent from the landing. */
  codes: z.number().int(),
  registrations: z.number().int(),
  /** Registrations per hundred visits, one decimal; 0 without visits. */
  conversion: z.number(),
};
export const funnelDay = z.object({ day: z.string(), ...counts });
export type FunnelDay = z.infer<typeof funnelDay>;
export const funnelData = z.object({
  market: z.enum(MARKETS),
  /** Null: every template of the market. */
  templateId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, with zeros where nothing happened. */
  days: z.array(funnelDay),
  totals: z.object(counts),
});
export type FunnelData = z.infer<typeof funnelData>;
export const funnelReply = envelope(funnelData);
