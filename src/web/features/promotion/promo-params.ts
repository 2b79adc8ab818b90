import { isLang, type Lang } from '../../../shared/markets.ts';

/**
 * The channel's parameters of a promotion link (spec §2, §7): `/promotion?id=12&user_from=fb&…`. Partners
 * write them before the hash, older links after it (`#/?id=12…`), so both are read; the hash's win, being
 * what our own pages wrote when they moved the visitor along.
 */
export interface PromoParams {
  /** The channel template's id, or null when the link has none that could be one. */
  templateId: number | null;
  userFrom: string;
  appFrom: string;
  utmTag: string;
  linksId: string;
  downId: string;
  inviteCode: string;
  /** `lang=id` picks Indonesian for the pages shown before any template is known (an invalid link). */
  lang: Lang | null;
}

/** The largest row id the server takes (a PostgreSQL integer). */
const ID_MAX = 2_147_483_647;

/*
 * The server refuses longer values (src/shared/contract/promotion-schema.ts): a campaign tag that a
 * partner made too long must not cost the visitor the registration, so it is cut to what is kept.
 */
const LIMITS = { user_from: 40, app_from: 40, utm_tag: 80, invite_code: 40, links_id: 40, down_id: 40 };

function templateIdOf(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= ID_MAX ? n : null;
}

export function readPromoParams(pageSearch: string, hashSearch: string): PromoParams {
  const merged = new URLSearchParams(pageSearch);
  for (const [key, value] of new URLSearchParams(hashSearch)) merged.set(key, value);
  const text = (key: keyof typeof LIMITS) => (merged.get(key) ?? '').trim().slice(0, LIMITS[key]);
  const lang = merged.get('lang');
  return {
    templateId: templateIdOf(merged.get('id')),
    userFrom: text('user_from'),
    appFrom: text('app_from'),
    utmTag: text('utm_tag'),
    linksId: text('links_id'),
    downId: text('down_id'),
    inviteCode: text('invite_code'),
    lang: isLang(lang) ? lang : null,
  };
}

/**
 * The query the download and agreement pages are opened with (spec §2): app_from, user_from, utm_tag,
 * id and either links_id or down_id — always one of them (issue 29). links_id when the link had one (both:
 * links_id); else down_id, the link's own or, when it had none, the template's id: here one channel
 * template is both the landing and its download page, so the download template is the landing's own.
 */
export function carriedQuery(p: PromoParams): string {
  const q = new URLSearchParams();
  if (p.appFrom) q.set('app_from', p.appFrom);
  if (p.userFrom) q.set('user_from', p.userFrom);
  if (p.utmTag) q.set('utm_tag', p.utmTag);
  if (p.templateId !== null) q.set('id', String(p.templateId));
  if (p.linksId) q.set('links_id', p.linksId);
  else if (p.downId) q.set('down_id', p.downId);
  else if (p.templateId !== null) q.set('down_id', String(p.templateId));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The landing's own query: the carried one and the invite code, which only the register call uses. */
export function landingQuery(p: PromoParams): string {
  if (!p.inviteCode) return carriedQuery(p);
  const q = new URLSearchParams(carriedQuery(p));
  q.set('invite_code', p.inviteCode);
  return `?${q}`;
}
