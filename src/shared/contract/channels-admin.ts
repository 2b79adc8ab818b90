/**
 * The back office's promotion channels (issue 10; decision 037): paths, limits and the rules a landing
 * template must meet, without zod, so the editor can run the same rules as it is typed. The schemas are in
 * channels-admin-schema.ts (the editor's form pipes into them, decision 052). Apart from promotion.ts on
 * purpose: the landing must carry neither the back office's rules nor zod.
 */
import { ADMIN_BASE } from './constants.ts';

/** Staff session and CSRF token, as every `/admin-api` call. */
export const CHANNELS_ADMIN_PATHS = {
  /** GET `?market=&enabled=0|1`: the templates of the operator's markets; POST: a new one. */
  list: `${ADMIN_BASE}/channels`,
  /** GET, PUT: one template. */
  one: (id: number | string) => `${ADMIN_BASE}/channels/${id}`,
  /** POST `{ enabled }`: switches its public page on or off. */
  enabled: (id: number | string) => `${ADMIN_BASE}/channels/${id}/enabled`,
  /** GET `?templateId=` or `?market=`, `&from=&to=` (market days): the funnel per day. */
  funnel: `${ADMIN_BASE}/channels/funnel`,
} as const;

/** The public page of a template (the promo shell, decision 034): the link partners and ads carry. */
export function landingPath(id: number): string {
  return `/promotion?id=${id}`;
}

/**
 * Longest texts, in UTF-16 code units as both zod and an input count them. The headline and subline fit
 * two lines each on a 360 px phone; the app name is said inside sentences of the agreement.
 */
export const TEMPLATE_LIMITS = {
  name: 60,
  headline: 80,
  subline: 160,
  appName: 40,
  /** Store listings and banner paths: real ones are under 150. */
  url: 300,
} as const;

/** Most templates one list answer carries (newest first); past it the list says there are more. */
export const CHANNELS_LIST_MAX = 500;

/** Funnel ranges, in market days, both ends included. */
export const FUNNEL_DAYS = { default: 14, max: 92 } as const;

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30), as days since 1970, or null. */
function dayNumber(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day ? ms / 86_400_000 : null;
}

export type RangeProblem = { field: 'from' | 'to'; code: 'badDay' | 'order' | 'tooLong' };

/**
 * What is wrong with a funnel range of market days, both included, if anything: the server refuses it
 * and the screen says it at the field before asking. Its own day arithmetic rather than domain/time.ts:
 * a module the back office shares with the borrower screens is built into the code every borrower screen
 * loads (vite.config.ts, chunk groups), and they must not grow for the back office.
 */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  const start = dayNumber(from);
  if (start === null) return { field: 'from', code: 'badDay' };
  const end = dayNumber(to);
  if (end === null) return { field: 'to', code: 'badDay' };
  if (end < start) return { field: 'from', code: 'order' };
  if (end - start + 1 > FUNNEL_DAYS.max) return { field: 'to', code: 'tooLong' };
  return null;
}

/**
 * The "looks empty" rule of domain/text.ts (`isBlankText`: white space and default-ignorable characters
 * only), repeated for the editor for the same reason as `rangeProblem`'s arithmetic; the server passes
 * the original to `templateProblems`, and a test holds the two to the same answers.
 */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;
export const looksBlank = (text: string): boolean => INVISIBLE_ONLY.test(text);

/** What the landing draws on the template's colours (promotion.css, tokens.css). */
export const THEME_RULE = {
  /** White text (buttons, the drawn banner) on `primary`. */
  onPrimary: '#ffffff',
  /** `--text-muted`, the palest text the landing draws on `background`. */
  onBackground: '#4a5b55',
  /** WCAG AA for normal text (decision 007). */
  min: 4.5,
} as const;

export const COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A ratio as people read it, cut (not rounded) to one decimal: 4.47 must not read "4.5:1" next to "at
 * least 4.5:1 is needed".
 */
export function ratioText(ratio: number): string {
  return (Math.floor(ratio * 10) / 10).toFixed(1);
}

/**
 * A store listing: https, a host with a dot, no user name or password (`https://play.google.com@evil.example`
 * opens evil.example), no white space.
 */
export function isStoreUrl(url: string): boolean {
  if (!/^https:\/\/\S+$/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      parsed.hostname.includes('.') &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * A picture of ours: a path from the site's root. The app's CSP (`img-src 'self' data: blob:`) blocks any
 * other host, so a banner elsewhere would never show. `//host` and `/\host` are other hosts to a browser.
 */
export function isOwnPath(url: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(url);
}

export interface TemplateFields {
  name: string;
  headline: string;
  subline: string;
  appName: string;
  bannerUrl: string;
  androidUrl: string;
  iosUrl: string;
  theme: { primary: string; background: string };
}

export type TemplateField = Exclude<keyof TemplateFields, 'theme'> | 'primary' | 'background';

/** What may be wrong with each field: exactly the pairs the copy has a sentence for (`problems.<field>.<code>`). */
export type TemplateProblem =
  | { field: 'name' | 'appName' | 'headline'; code: 'empty' | 'tooLong' }
  | { field: 'subline'; code: 'tooLong' }
  | { field: 'bannerUrl'; code: 'tooLong' | 'notOwnPath' }
  | { field: 'androidUrl' | 'iosUrl'; code: 'tooLong' | 'notHttps' }
  | { field: 'primary' | 'background'; code: 'notColour' }
  | { field: 'primary' | 'background'; code: 'contrast'; ratio: number };

/** The key of a problem's sentence, one of the pairs above (so `tsc` checks each against the copy). */
export type ProblemKey<P extends TemplateProblem = TemplateProblem> = P extends {
  field: infer F extends string;
  code: infer C extends string;
}
  ? `problems.${F}.${C}`
  : never;
export function problemKey<P extends TemplateProblem>(problem: P): ProblemKey<P> {
  return `problems.${problem.field}.${problem.code}` as ProblemKey<P>;
}

/** The longest text a field takes. */
export function limitOf(field: TemplateField): number {
  return field === 'name' || field === 'headline' || field === 'subline' || field === 'appName'
    ? TEMPLATE_LIMITS[field]
    : TEMPLATE_LIMITS.url;
}

/**
 * The values a problem's message names (`channelsAdmin:problems.<field>.<code>`), the same for the
 * server's refusal and the editor's inline message.
 */
export function problemVars(problem: TemplateProblem, fields: TemplateFields): Record<string, string> {
  if (problem.code === 'tooLong') return { max: String(limitOf(problem.field)) };
  if (problem.code === 'contrast') {
    return {
      colour: fields.theme[problem.field].toLowerCase(),
      ratio: ratioText(problem.ratio),
      min: String(THEME_RULE.min),
    };
  }
  return {};
}

/**
 * Everything wrong with a template, field by field, in the editor's order (name, app name, headline,
 * subline, banner, colours, store links; empty when it may be saved). The
 * server refuses a template with any of these and names them all; the editor shows each at its field.
 * `isBlank` is the shared "looks empty" rule (white space and invisible characters only).
 */
export function templateProblems(t: TemplateFields, isBlank: (text: string) => boolean): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const text = (field: 'name' | 'headline' | 'appName') => {
    const value = t[field];
    if (isBlank(value)) problems.push({ field, code: 'empty' });
    else if (value.length > limitOf(field)) problems.push({ field, code: 'tooLong' });
  };
  const colour = (field: 'primary' | 'background', against: string) => {
    const value = t.theme[field];
    if (!COLOUR_PATTERN.test(value)) {
      problems.push({ field, code: 'notColour' });
      return;
    }
    const ratio = contrastRatio(value, against);
    if (ratio < THEME_RULE.min) problems.push({ field, code: 'contrast', ratio });
  };
  text('name');
  text('appName');
  text('headline');
  // The line under the headline may be empty.
  if (t.subline.length > limitOf('subline')) problems.push({ field: 'subline', code: 'tooLong' });
  if (t.bannerUrl !== '') {
    if (t.bannerUrl.length > TEMPLATE_LIMITS.url) problems.push({ field: 'bannerUrl', code: 'tooLong' });
    else if (!isOwnPath(t.bannerUrl)) problems.push({ field: 'bannerUrl', code: 'notOwnPath' });
  }
  colour('primary', THEME_RULE.onPrimary);
  colour('background', THEME_RULE.onBackground);
  for (const field of ['androidUrl', 'iosUrl'] as const) {
    const value = t[field];
    if (value === '') continue;
    if (value.length > TEMPLATE_LIMITS.url) problems.push({ field, code: 'tooLong' });
    else if (!isStoreUrl(value)) problems.push({ field, code: 'notHttps' });
  }
  return problems;
}

/**
 * Registrations per hundred visits, to one decimal (half up), 0 without visits. Integers until the last
 * division, so 1 of 8 is exactly 12.5 and 1 of 16 is 6.3.
 */
export function conversionPercent(registrations: number, visits: number): number {
  if (visits <= 0) return 0;
  return Math.round((registrations * 1000) / visits) / 10;
}
