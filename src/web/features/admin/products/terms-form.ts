import { z } from 'zod';
import {
  type AdminProduct,
  productCreateBody,
  productTermsBody,
  productUpdateBody,
} from '../../../../shared/contract/admin.ts';
import { LOGO_URL_PATTERN, PRODUCT_CODE_PATTERN } from '../../../../shared/contract/constants.ts';
import { PRODUCT_BOUNDS, type ProductProblem } from '../../../../shared/domain/product.ts';
import { MARKETS, type Market } from '../../../../shared/markets.ts';
import { copyKey } from '../admin-form.tsx';

/**
 * The product editor's form, as text, and its schema: each field read into the contract's body, then the
 * contract's own schema. Money and rates are read from the decimal text exactly, digit by digit, into
 * integers (minor units, basis points, parts per million): never through a floating-point number, so
 * 0.07 % a day is 700 ppm, not 699.9999.
 */

/** Decimals an amount may be typed with: rupees take paise; rupiah are whole (sen are never shown). */
export const MONEY_DECIMALS: Record<Market, number> = { IN: 2, ID: 0 };
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

/** Typed money (major units) → minor units (×100 in both markets), or null when it cannot be read. */
export function parseMoney(text: string, market: Market): number | null {
  const typed = parseScaled(text, MONEY_DECIMALS[market]);
  if (typed === null) return null;
  const minor = typed * 10 ** (2 - MONEY_DECIMALS[market]);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → the text an operator types (a stored amount with sen still shows them). */
export const moneyText = (minor: number): string => formatScaled(minor, 2);

const invalid = (key: string, vars?: Record<string, string | number>) =>
  copyKey(`admin:productEditor.invalid.${key}`, vars);

const filled = z.string().trim().min(1, invalid('required'));
/** Filled-in text read by `read`, or the message when it cannot be. */
const readAs = (read: (text: string) => number | null, message: string) =>
  filled.transform((text, ctx) => {
    const value = read(text);
    if (value === null) ctx.addIssue({ code: 'custom', message });
    return value ?? z.NEVER;
  });
const whole = () => readAs((x) => parseScaled(x, 0), invalid('whole'));
const percent = (decimals: number) =>
  readAs(
    (x) => parseScaled(x, decimals),
    invalid('percent', { decimals, example: decimals === PPM_DECIMALS ? '0.0833' : '2.5' }),
  );
const money = (market: Market) => readAs((x) => parseMoney(x, market), invalid(`money.${market}`));
/** Comma-separated items, blanks left out. */
const listOf = (text: string) =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The terms' fields; fees and tiers are rows, the late fee and the extension optional pairs. */
function termsShape(market: Market) {
  const blankOrMoney = z.string().transform((text, ctx) => {
    if (!text.trim()) return undefined;
    const parsed = money(market).safeParse(text);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
    return parsed.success ? parsed.data : z.NEVER;
  });
  return {
    amountMin: money(market),
    amountMax: money(market),
    amountStep: money(market),
    termDays: z.string().transform((text, ctx) => {
      const days = listOf(text).map((x) => parseScaled(x, 0));
      if (days.some((d) => d === null)) ctx.addIssue({ code: 'custom', message: invalid('days') });
      return days as number[];
    }),
    installments: whole(),
    dailyInterest: percent(PPM_DECIMALS),
    fees: z.array(
      z.discriminatedUnion('kind', [
        z.object({
          name: z.string(),
          kind: z.literal('percent'),
          value: percent(BP_DECIMALS),
          timing: z.enum(['upfront', 'added']),
        }),
        z.object({
          name: z.string(),
          kind: z.literal('fixed'),
          value: money(market),
          timing: z.enum(['upfront', 'added']),
        }),
      ]),
    ),
    /** Both blank: no late fee; else both are needed. */
    lateFee: z
      .object({ newBorrower: blankOrMoney, repeatBorrower: blankOrMoney })
      .superRefine((pair, ctx) => {
        for (const [key, other] of [
          ['newBorrower', 'repeatBorrower'],
          ['repeatBorrower', 'newBorrower'],
        ] as const)
          if (pair[key] === undefined && pair[other] !== undefined)
            ctx.addIssue({ code: 'custom', message: invalid('required'), path: [key] });
      }),
    tiers: z.array(z.object({ fromDay: whole(), percent: percent(PPM_DECIMALS) })),
    coolingOffDays: whole(),
    earlyMinDay: whole(),
    earlyMinShare: percent(BP_DECIMALS),
    /** Its fields are read only while it is on (they are hidden while off). */
    extension: z.discriminatedUnion('on', [
      z.object({ on: z.literal(false), fee: z.string(), days: z.string() }),
      z.object({ on: z.literal(true), fee: percent(BP_DECIMALS), days: whole() }),
    ]),
  };
}

type TermsRead = z.output<z.ZodObject<ReturnType<typeof termsShape>>>;

/** The read terms in the contract's words. */
function termsBody(d: TermsRead): z.input<typeof productTermsBody> {
  const { newBorrower, repeatBorrower } = d.lateFee;
  return {
    amountMin: d.amountMin,
    amountMax: d.amountMax,
    amountStep: d.amountStep,
    termDays: d.termDays,
    installments: d.installments,
    dailyInterestPpm: d.dailyInterest,
    fees: d.fees.map((f) => ({
      name: f.name,
      timing: f.timing,
      ...(f.kind === 'percent' ? { rateBp: f.value } : { fixed: f.value }),
    })),
    ...(newBorrower !== undefined && repeatBorrower !== undefined
      ? { lateFee: { newBorrower, repeatBorrower } }
      : {}),
    lateChargeTiers: d.tiers.map((x) => ({ fromDay: x.fromDay, dailyPpm: x.percent })),
    coolingOffDays: d.coolingOffDays,
    earlyRepaymentMinDay: d.earlyMinDay,
    earlyRepaymentMinTermBp: d.earlyMinShare,
    ...(d.extension.on ? { extension: { feeBp: d.extension.fee, days: d.extension.days } } : {}),
  };
}

/** The terms alone, for the live preview: null until every terms field can be read. */
export function readTerms(values: ProductFormValues) {
  const read = z
    .object(termsShape(values.market))
    .transform(termsBody)
    .pipe(productTermsBody)
    .safeParse(values);
  return read.success ? read.data : null;
}

const copyOfLang = z.object({
  description: z.string().trim(),
  tags: z
    .string()
    .transform(listOf)
    .refine(
      (tags) => tags.length <= PRODUCT_BOUNDS.tagsMax && tags.every((x) => x.length <= TAG_LENGTH_MAX),
      invalid('tags', { max: PRODUCT_BOUNDS.tagsMax, length: TAG_LENGTH_MAX }),
    ),
});

function formShape(market: Market) {
  return {
    market: z.enum(MARKETS),
    name: filled,
    logoUrl: filled.regex(LOGO_URL_PATTERN, invalid('logo')),
    sort: whole(),
    dailyQuota: z.string().transform((text, ctx) => {
      if (!text.trim()) return null;
      const read = parseScaled(text, 0);
      if (read === null) ctx.addIssue({ code: 'custom', message: invalid('whole') });
      return read ?? z.NEVER;
    }),
    ...termsShape(market),
    copy: z.object({ en: copyOfLang, id: copyOfLang }),
  };
}

type FormRead = z.output<z.ZodObject<ReturnType<typeof formShape>>>;
const updateOf = (d: FormRead): z.input<typeof productUpdateBody> => ({
  name: d.name,
  logoUrl: d.logoUrl,
  terms: termsBody(d),
  copy: d.copy,
  sort: d.sort,
  dailyQuota: d.dailyQuota,
});

/** A saved product's form → the body of `PUT /products/:id`, checked by the contract's schema. */
export function productUpdateForm(market: Market) {
  return z.object(formShape(market)).transform(updateOf).pipe(productUpdateBody);
}

/** A new product's form (its market and code too) → the body of `POST /products`. */
export function productCreateForm(market: Market) {
  return z
    .object({ ...formShape(market), code: z.string().trim().regex(PRODUCT_CODE_PATTERN, invalid('code')) })
    .transform((d) => ({ market: d.market, code: d.code, ...updateOf(d) }))
    .pipe(productCreateBody);
}

export type FeeRow = { name: string; kind: 'percent' | 'fixed'; value: string; timing: 'upfront' | 'added' };

/** Everything the editor shows, as typed. */
export type ProductFormValues = {
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
  fees: FeeRow[];
  lateFee: { newBorrower: string; repeatBorrower: string };
  tiers: { fromDay: string; percent: string }[];
  coolingOffDays: string;
  earlyMinDay: string;
  earlyMinShare: string;
  extension: { on: boolean; fee: string; days: string };
  copy: Record<'en' | 'id', { description: string; tags: string }>;
};

export const newFee = (): FeeRow => ({ name: 'processing', kind: 'percent', value: '', timing: 'upfront' });
export const newTier = () => ({ fromDay: '', percent: '' });

/** The form of a saved product, or an empty one for a new product of `market`. */
export function formOf(product: AdminProduct | null, market: Market): ProductFormValues {
  const money = (minor: number | undefined) => (minor === undefined ? '' : moneyText(minor));
  const t = product?.terms ?? null;
  const copy = (lang: 'en' | 'id') => ({
    description: product?.copy[lang].description ?? '',
    tags: product?.copy[lang].tags.join(', ') ?? '',
  });
  return {
    market: product?.market ?? market,
    code: product?.code ?? '',
    name: product?.name ?? '',
    logoUrl: product?.logoUrl ?? '',
    sort: String(product?.sort ?? 0),
    dailyQuota: product?.dailyQuota == null ? '' : String(product.dailyQuota),
    amountMin: money(t?.amountMin),
    amountMax: money(t?.amountMax),
    amountStep: money(t?.amountStep),
    termDays: t ? t.termDays.join(', ') : '',
    installments: t ? String(t.installments) : '1',
    dailyInterest: t ? formatScaled(t.dailyInterestPpm, PPM_DECIMALS) : '',
    fees: (t?.fees ?? []).map((f) =>
      f.rateBp !== undefined || f.fixed === undefined
        ? { name: f.name, kind: 'percent', value: formatScaled(f.rateBp ?? 0, BP_DECIMALS), timing: f.timing }
        : { name: f.name, kind: 'fixed', value: money(f.fixed), timing: f.timing },
    ),
    lateFee: {
      newBorrower: money(t?.lateFee?.newBorrower),
      repeatBorrower: money(t?.lateFee?.repeatBorrower),
    },
    tiers: (t?.lateChargeTiers ?? []).map((x) => ({
      fromDay: String(x.fromDay),
      percent: formatScaled(x.dailyPpm, PPM_DECIMALS),
    })),
    coolingOffDays: t ? String(t.coolingOffDays) : '',
    earlyMinDay: t ? String(t.earlyRepaymentMinDay) : '0',
    earlyMinShare: t ? formatScaled(t.earlyRepaymentMinTermBp, BP_DECIMALS) : '0',
    extension: {
      on: Boolean(t?.extension),
      fee: t?.extension ? formatScaled(t.extension.feeBp, BP_DECIMALS) : '',
      days: t?.extension ? String(t.extension.days) : '',
    },
    copy: { en: copy('en'), id: copy('id') },
  };
}

/** A field (or a group of rows) of the form a server's refusal can be about, top to bottom. */
export const PROBLEM_FIELDS = [
  'amountMin',
  'amountMax',
  'amountStep',
  'termDays',
  'installments',
  'dailyInterest',
  'fees',
  'lateFee.newBorrower',
  'lateFee.repeatBorrower',
  'tiers',
  'coolingOffDays',
  'extension.fee',
  'extension.days',
] as const;
export type ProblemField = (typeof PROBLEM_FIELDS)[number];

/** The fields a problem of `productProblems` is about: marked and focused when the server refuses. */
export function fieldsOf(problem: ProductProblem): ProblemField[] {
  switch (problem.code) {
    case 'amountRange':
    case 'outsideOffer':
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
      return ['extension.days'];
    case 'extensionOverCap':
      return ['extension.fee', 'extension.days'];
    case 'notPayable':
      return problem.fields.flatMap((f): ProblemField[] =>
        f === 'lateFee' ? ['lateFee.newBorrower', 'lateFee.repeatBorrower'] : [f],
      );
    case 'overCap':
      return ['dailyInterest', 'fees'];
  }
}
