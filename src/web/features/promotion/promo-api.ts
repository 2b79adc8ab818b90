import type { Delivery } from '../../../shared/contract/identity.ts';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';
import { promotion } from '../../../shared/i18n/promotion.ts';
import type { Lang } from '../../../shared/markets.ts';
import { type ApiResult, request } from '../../lib/api-client.ts';
import { addCopy } from '../../lib/i18n.ts';
import type { PromoParams } from './promo-params.ts';

// The landing's copy travels with its code.
addCopy({ promotion });

/**
 * The landing's calls (spec §7 "Promotion and registration"), all through the one request helper, in
 * its form flavour as the original sends them. Every call is `silent`: the page says each outcome where
 * it belongs (at a field, in the form's alert, on the download page) and in the page's language, which
 * is the template's, not the address's; `x-lang` asks the server for its messages in that language too.
 */
const call = (lang: Lang) => ({ flavour: 'form', silent: true, headers: { 'x-lang': lang } }) as const;

export function fetchTemplate(templateId: number, lang: Lang): Promise<ApiResult<TemplateData>> {
  return request<TemplateData>(PROMO_PATHS.template, { ...call(lang), method: 'GET', data: { templateId } });
}

export type ClientType = 'ios' | 'android';

/** The store platform of the visitor's phone, from its user agent; undefined for anything else. */
export function clientTypeOf(userAgent: string): ClientType | undefined {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return undefined;
}

function trackFields(p: PromoParams, templateId: number, userAgent: string) {
  return {
    page_id: templateId,
    user_from: p.userFrom || undefined,
    client_type: clientTypeOf(userAgent),
    page_type: 1,
    utm_tag: p.utmTag || undefined,
    app_from: p.appFrom || undefined,
  };
}

/** A visit of the landing. Counting is the server's business: a failure changes nothing for the visitor. */
export function trackVisit(p: PromoParams, templateId: number, lang: Lang, userAgent: string): void {
  void request(PROMO_PATHS.trackVisit, {
    ...call(lang),
    method: 'GET',
    data: trackFields(p, templateId, userAgent),
  });
}

/** A tap on Register, with the phone it is for; as with the visit, failures are nobody's concern. */
export function trackClick(
  p: PromoParams,
  templateId: number,
  phone: string,
  lang: Lang,
  userAgent: string,
): void {
  void request(PROMO_PATHS.trackClick, {
    ...call(lang),
    method: 'GET',
    data: { ...trackFields(p, templateId, userAgent), phone },
  });
}

export function fetchSid(templateId: number, lang: Lang): Promise<ApiResult<{ sid: string }>> {
  return request<{ sid: string }>(PROMO_PATHS.sid, { ...call(lang), method: 'GET', data: { templateId } });
}

/** The picture of a captcha session; `stamp` makes each one a new address, so a new picture. */
export function captchaSrc(sid: string, stamp: number): string {
  return `${PROMO_PATHS.captcha}?${new URLSearchParams({ sid, a: String(stamp) })}`;
}

const DEVICE_KEY = 'promo-device-id';

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A random id of this browser, kept in local storage: the server ties a registration to the device it
 * came from. It identifies nothing else (no fingerprint); without storage it lives for this page only.
 */
let memoryDeviceId: string | null = null;
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = randomId();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    memoryDeviceId ??= randomId();
    return memoryDeviceId;
  }
}

export interface CodeRequest {
  phone: string;
  capcode: string;
  sid: string;
  /** `voice`: the code is read out in a call (ours; same limits as the SMS). */
  via?: Delivery;
}

function channelBody(p: PromoParams, template: TemplateData) {
  return {
    deviceId: deviceId(),
    appName: template.appName,
    app_from: p.appFrom,
    user_from: p.userFrom,
    utm_tag: p.utmTag,
  };
}

export function sendSmsCode(
  req: CodeRequest,
  p: PromoParams,
  template: TemplateData,
): Promise<ApiResult<null>> {
  return request<null>(PROMO_PATHS.sms, {
    ...call(template.lang),
    method: 'POST',
    data: { ...req, ...channelBody(p, template) },
  });
}

export function register(
  req: CodeRequest & { smsCode: string },
  p: PromoParams,
  template: TemplateData,
): Promise<ApiResult<null>> {
  return request<null>(PROMO_PATHS.register, {
    ...call(template.lang),
    method: 'POST',
    data: {
      phone: req.phone,
      capcode: req.capcode,
      sid: req.sid,
      ...channelBody(p, template),
      // Spec §9: the original always sends merchant 0 and no name; the name is asked for in the app.
      merchantNumber: '0',
      userName: '',
      smsCode: req.smsCode,
      invite_code: p.inviteCode,
      id: template.id,
    },
  });
}
