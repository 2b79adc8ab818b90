import type { ParseKeys } from 'i18next';
import type { AdminProduct, ProductTermsBody, ProductUpdateBody } from '../../../../shared/contract/admin.ts';
import { LOGO_URL_PATTERN, PRODUCT_CODE_PATTERN } from '../../../../shared/contract/constants.ts';
import { PRODUCT_BOUNDS, type ProductProblem } from '../../../../shared/domain/product.ts';
import type { Market } from '../../../../shared/markets.ts';

/**
 * The product editor's form, as text, and its reading into the contract's body. Money and rates are read
 * from the decimal text exactly, digit by digit, into integers (minor units, basis points, parts per
 * million): never through a floating-point number, so 0.07 % a day is 700 ppm, not 699.9999.
 */

/** Decimals an amount may be typed with: rupees take paise; rupiah are whole (sen are never shown). */
export const MONEY_DECIMALS: Record<Market, number> = { IN: 2, ID: 0 };

/** Typed money (major units) → minor units (×100 in both markets), or null when it cannot be read. */
export function parseMoney(text: string, market: Market): number | null {
  const typed = parseScaled(text, MONEY_DECIMALS[market]);
  if (typed === null) return null;
  const minor = typed * 10 ** (2 - MONEY_DECIMALS[market]);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → the text an operator types (a stored amount with sen still shows them). */
export function moneyText(minor: number): string {
  return formatScaled(minor, 2);
}
/** % a day → parts per million (1 % = 10 000 ppm): four decimals. */
export const PPM_DECIMALS = 4;
/** % → basis points (1 % = 100 bp): two decimals. */
export const BP_DECIMALS = 2;
/** What the server takes (contract `productCopyBody`): each tag at most this long. */
export const TAG_LENGTH_MAX = 24;

/**
 * `text` as an integer number of 10^-decimals units ('15000.5' with 2 → 1500050), or null when it is not
 * a plain decimal with at most that many decimals (no sign, no grouping, no exponent).
 */
export function parseScaled(text: string, decimals: number): number | null {
  const match = (
    decimals > 0 ? new RegExp(`^(\\d{1,16})(?:\\.(\\d{1,${decimals}}))?$`) : /^(\d{1,16})$/
  ).exec(text.trim());
  if (!match) return null;
  const value =
    BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt((match[2] ?? '').padEnd(decimals, '0') || '0');
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(value);
}

/** The inverse of `parseScaled`: 1500050 with 2 → '15000.5' (no trailing zeros). */
export function formatScaled(value: number, decimals: number): string {
  if (decimals === 0) return String(value);
  const digits = String(value).padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export interface FeeDraft {
  key: number;
  name: string;
  kind: 'percent' | 'fixed';
  value: string;
  timing: 'upfront' | 'added';
}
export interface TierDraft {
  key: number;
  fromDay: string;
  percent: string;
}
export interface CopyDraft {
  description: string;
  tags: string;
}

/** Everything the editor shows, as typed. */
export interface Draft {
  market: Market;
  code: string;
  name: string;
  logoUrl: string;
  sort: string;
  dailyQuota: string;
  amountMin: string;
  amountMax: string;
  amountStep: string;
  termDays: string;
  installments: string;
  dailyInterest: string;
  fees: FeeDraft[];
  lateFeeNew: string;
  lateFeeRepeat: string;
  tiers: TierDraft[];
  coolingOffDays: string;
  earlyMinDay: string;
  earlyMinShare: string;
  extensionOn: boolean;
  extensionFee: string;
  extensionDays: string;
  copyEn: CopyDraft;
  copyId: CopyDraft;
}

let nextKey = 1;
/** Rows of a list (fees, tiers) keep their identity while the operator adds and removes others. */
export const rowKey = () => nextKey++;

export function newFee(): FeeDraft {
  return { key: rowKey(), name: 'processing', kind: 'percent', value: '', timing: 'upfront' };
}
export function newTier(): TierDraft {
  return { key: rowKey(), fromDay: '', percent: '' };
}

/** The form of a saved product, or an empty one for a new product of `market`. */
export function draftOf(product: AdminProduct | null, market: Market): Draft {
  const m = product?.market ?? market;
  const money = (minor: number | undefined) => (minor === undefined ? '' : moneyText(minor));
  const t = product?.terms ?? null;
  const copy = (lang: 'en' | 'id'): CopyDraft => ({
    description: product?.copy[lang].description ?? '',
    tags: product?.copy[lang].tags.join(', ') ?? '',
  });
  return {
    market: m,
    code: product?.code ?? '',
    name: product?.name ?? '',
    logoUrl: product?.logoUrl ?? '',
    sort: String(product?.sort ?? 0),
    dailyQuota:
      product?.dailyQuota === null || product?.dailyQuota === undefined ? '' : String(product.dailyQuota),
    amountMin: money(t?.amountMin),
    amountMax: money(t?.amountMax),
    amountStep: money(t?.amountStep),
    termDays: t ? t.termDays.join(', ') : '',
    installments: t ? String(t.installments) : '1',
    dailyInterest: t ? formatScaled(t.dailyInterestPpm, PPM_DECIMALS) : '',
    fees: (t?.fees ?? []).map((f) => ({
      key: rowKey(),
      name: f.name,
      kind: f.rateBp !== undefined || f.fixed === undefined ? 'percent' : 'fixed',
      value:
        f.rateBp !== undefined || f.fixed === undefined
          ? formatScaled(f.rateBp ?? 0, BP_DECIMALS)
          : money(f.fixed),
      timing: f.timing,
    })),
    lateFeeNew: money(t?.lateFee?.newBorrower),
    lateFeeRepeat: money(t?.lateFee?.repeatBorrower),
    tiers: (t?.lateChargeTiers ?? []).map((x) => ({
      key: rowKey(),
      fromDay: String(x.fromDay),
      percent: formatScaled(x.dailyPpm, PPM_DECIMALS),
    })),
    coolingOffDays: t ? String(t.coolingOffDays) : '',
    earlyMinDay: t ? String(t.earlyRepaymentMinDay) : '0',
    earlyMinShare: t ? formatScaled(t.earlyRepaymentMinTermBp, BP_DECIMALS) : '0',
    extensionOn: Boolean(t?.extension),
    extensionFee: t?.extension ? formatScaled(t.extension.feeBp, BP_DECIMALS) : '',
    extensionDays: t?.extension ? String(t.extension.days) : '',
    copyEn: copy('en'),
    copyId: copy('id'),
  };
}

/**
 * The form's fields, top to bottom as the editor shows them (the first marked one is focused), named as
 * the element ids and the error map name them.
 */
export const FIELD_KEYS = [
  'code',
  'name',
  'logoUrl',
  'sort',
  'dailyQuota',
  'amountMin',
  'amountMax',
  'amountStep',
  'termDays',
  'installments',
  'dailyInterest',
  'fees',
  'lateFeeNew',
  'lateFeeRepeat',
  'tiers',
  'coolingOffDays',
  'earlyMinDay',
  'earlyMinShare',
  'extensionFee',
  'extensionDays',
  'copyEnTags',
  'copyIdTags',
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];
/** The terms' fields: the amounts to the extension. */
const TERM_KEYS = FIELD_KEYS.slice(FIELD_KEYS.indexOf('amountMin'), FIELD_KEYS.indexOf('extensionDays') + 1);

/** A message key of `admin:productEditor.invalid` and its values. */
export interface FieldError {
  key: ParseKeys<'admin', Record<never, never>, 'productEditor.invalid'>;
  vars?: Record<string, string | number>;
}

export interface ReadDraft {
  /** Null while any field cannot be read. */
  body: ProductUpdateBody | null;
  /** The terms, when every terms field can be read (for the live preview and the local problem check). */
  terms: ProductTermsBody | null;
  errors: Partial<Record<FieldKey, FieldError>>;
}

/** Reads the form into the contract's body; what cannot be read is named per field. */
export function readDraft(d: Draft, opts: { isNew: boolean }): ReadDraft {
  const errors: Partial<Record<FieldKey, FieldError>> = {};
  const required = { key: 'required' } as const;
  const moneyError = { key: `money.${d.market}` } as const;
  const money = (field: FieldKey, text: string): number | undefined => {
    if (!text.trim()) {
      errors[field] ??= required;
      return undefined;
    }
    const v = parseMoney(text, d.market);
    if (v === null) errors[field] ??= moneyError;
    return v ?? undefined;
  };
  const whole = (field: FieldKey, text: string): number | undefined => {
    if (!text.trim()) {
      errors[field] ??= required;
      return undefined;
    }
    const v = parseScaled(text, 0);
    if (v === null) errors[field] ??= { key: 'whole' };
    return v ?? undefined;
  };
  const percent = (field: FieldKey, text: string, decimals: number): number | undefined => {
    if (!text.trim()) {
      errors[field] ??= required;
      return undefined;
    }
    const v = parseScaled(text, decimals);
    if (v === null)
      errors[field] ??= { key: 'percent', vars: { decimals, example: decimals === 4 ? '0.0833' : '2.5' } };
    return v ?? undefined;
  };

  if (opts.isNew && !PRODUCT_CODE_PATTERN.test(d.code.trim())) errors.code = { key: 'code' };
  if (!d.name.trim()) errors.name = required;
  if (!LOGO_URL_PATTERN.test(d.logoUrl.trim()))
    errors.logoUrl = d.logoUrl.trim() ? { key: 'logo' } : required;
  const sort = whole('sort', d.sort);
  const dailyQuota = d.dailyQuota.trim() ? whole('dailyQuota', d.dailyQuota) : null;

  const amountMin = money('amountMin', d.amountMin);
  const amountMax = money('amountMax', d.amountMax);
  const amountStep = money('amountStep', d.amountStep);
  const dayTexts = d.termDays
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const termDays = dayTexts.map((x) => parseScaled(x, 0));
  if (termDays.some((x) => x === null)) errors.termDays = { key: 'days' };
  const installments = whole('installments', d.installments);
  const dailyInterestPpm = percent('dailyInterest', d.dailyInterest, PPM_DECIMALS);
  const fees = d.fees.map((f) => {
    const value = f.kind === 'percent' ? percent('fees', f.value, BP_DECIMALS) : money('fees', f.value);
    return {
      name: f.name,
      ...(f.kind === 'percent' ? { rateBp: value } : { fixed: value }),
      timing: f.timing,
    };
  });
  const lateFee =
    d.lateFeeNew.trim() || d.lateFeeRepeat.trim()
      ? {
          newBorrower: money('lateFeeNew', d.lateFeeNew),
          repeatBorrower: money('lateFeeRepeat', d.lateFeeRepeat),
        }
      : undefined;
  const tiers = d.tiers.map((x) => ({
    fromDay: whole('tiers', x.fromDay),
    dailyPpm: percent('tiers', x.percent, PPM_DECIMALS),
  }));
  const coolingOffDays = whole('coolingOffDays', d.coolingOffDays);
  const earlyMinDay = whole('earlyMinDay', d.earlyMinDay);
  const earlyMinShare = percent('earlyMinShare', d.earlyMinShare, BP_DECIMALS);
  const extension = d.extensionOn
    ? {
        feeBp: percent('extensionFee', d.extensionFee, BP_DECIMALS),
        days: whole('extensionDays', d.extensionDays),
      }
    : undefined;

  const tagsOf = (field: FieldKey, text: string) => {
    const tags = text
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (tags.length > PRODUCT_BOUNDS.tagsMax || tags.some((x) => x.length > TAG_LENGTH_MAX))
      errors[field] = { key: 'tags', vars: { max: PRODUCT_BOUNDS.tagsMax, length: TAG_LENGTH_MAX } };
    return tags;
  };
  const copy = {
    en: { description: d.copyEn.description.trim(), tags: tagsOf('copyEnTags', d.copyEn.tags) },
    id: { description: d.copyId.description.trim(), tags: tagsOf('copyIdTags', d.copyId.tags) },
  };

  // Every value below was read when no terms field has an error.
  const terms: ProductTermsBody | null = TERM_KEYS.some((k) => errors[k])
    ? null
    : {
        amountMin: amountMin!,
        amountMax: amountMax!,
        amountStep: amountStep!,
        termDays: termDays as number[],
        installments: installments!,
        dailyInterestPpm: dailyInterestPpm!,
        fees: fees.map((f) => ({
          name: f.name,
          timing: f.timing,
          ...('rateBp' in f ? { rateBp: f.rateBp! } : { fixed: f.fixed! }),
        })),
        ...(lateFee
          ? { lateFee: { newBorrower: lateFee.newBorrower!, repeatBorrower: lateFee.repeatBorrower! } }
          : {}),
        lateChargeTiers: tiers.map((x) => ({ fromDay: x.fromDay!, dailyPpm: x.dailyPpm! })),
        coolingOffDays: coolingOffDays!,
        earlyRepaymentMinDay: earlyMinDay!,
        earlyRepaymentMinTermBp: earlyMinShare!,
        ...(extension ? { extension: { feeBp: extension.feeBp!, days: extension.days! } } : {}),
      };
  const body: ProductUpdateBody | null =
    Object.keys(errors).length || !terms
      ? null
      : {
          name: d.name.trim(),
          logoUrl: d.logoUrl.trim(),
          terms,
          copy,
          sort: sort!,
          dailyQuota: dailyQuota ?? null,
        };
  return { body, terms, errors };
}

/** The fields a problem of `productProblems` is about: marked and focused when the server refuses. */
export function fieldsOf(problem: ProductProblem): FieldKey[] {
  switch (problem.code) {
    case 'amountRange':
      return ['amountMin', 'amountMax'];
    case 'amountStep':
      return ['amountStep'];
    case 'noTerms':
      return ['termDays'];
    case 'installments':
      return ['installments'];
    case 'coolingOff':
      return ['coolingOffDays'];
    case 'lateChargeTiers':
      return ['tiers'];
    case 'extension':
      return ['extensionDays'];
    case 'extensionOverCap':
      return ['extensionFee', 'extensionDays'];
    case 'notPayable':
      return problem.fields.flatMap((f): FieldKey[] =>
        f === 'lateFee' ? ['lateFeeNew', 'lateFeeRepeat'] : [f],
      );
    case 'overCap':
      return ['dailyInterest', 'fees'];
  }
}
