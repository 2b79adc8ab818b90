/**
 * The promotion landing and registration (issue 10; spec §2 "Register landing template", §3 "Register
 * form", §7 "Promotion and registration", §8 codes). Public calls (no session), form-encoded bodies as the
 * original sends them (JSON is accepted too). Paths and codes here without zod, for the landing page;
 * schemas in promotion-schema.ts.
 */
export const PROMO_BASE = '/api/v2/youmi';
export const PROMO_PATHS = {
  /** GET `?templateId=`: the channel's landing template (look, links, market). */
  template: `${PROMO_BASE}/service/channel/channel-template`,
  /** GET: a visit of the landing page (page_id, user_from, client_type, page_type=1, utm_tag, app_from). */
  trackVisit: `${PROMO_BASE}/promotion/track-visit`,
  /** GET: a tap on the register button (the visit's fields and phone). */
  trackClick: `${PROMO_BASE}/promotion/track-click`,
  /** GET `?templateId=`: a captcha session id (`data.sid`), bound to the template's market. */
  sid: `${PROMO_BASE}/promotion/get-sid`,
  /** GET `?sid=&a=<timestamp>`: the captcha picture (PNG) of that session; each call draws a new one. */
  captcha: `${PROMO_BASE}/promotion/get-captcha`,
  /** POST: checks the captcha and sends the SMS code (phone, capcode, sid, deviceId, appName, …). */
  sms: `${PROMO_BASE}/promotion/get-sms`,
  /** POST: registers the phone with its SMS code (phone, capcode, sid, smsCode, channel fields…). */
  register: `${PROMO_BASE}/promotion/register`,
} as const;

/** Spec §8: register and SMS codes, as strings in `code`. */
export const PROMO_CODE = {
  OK: '0',
  /** get-sms: the picture captcha is wrong (or used, or expired): refresh it. */
  SMS_BAD_CAPTCHA: '101',
  /** register: the picture captcha is wrong: refresh it. */
  REGISTER_BAD_CAPTCHA: '-1',
  /** register: the phone has an account already: download the app and sign in. */
  ALREADY_REGISTERED: '11',
} as const;

/** Spec §5, §9: input limits of the register form. */
export const PROMO_LIMITS = { captcha: 4, smsCode: 6, resendSeconds: 60 } as const;

/** The promo shell's hash routes (spec §2). */
export const PROMO_ROUTES = {
  landing: '/',
  download: '/downloadTemplate',
  agreement: '/agreementTemplate',
} as const;
