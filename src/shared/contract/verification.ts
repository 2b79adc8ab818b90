/**
 * Verification steps (issue 30, decision 064; paths in constants.ts `CERTIFY_PATHS`). The request schemas
 * check only the shape (text without control characters, bounded lengths, whole numbers): every field is
 * optional here so the service can answer a missing or wrong field with its own message in the borrower's
 * language (`data.fields`, code `VERIFY_ERROR_CODE.FIELDS`). Personal numbers (PAN, NIK, contacts' phones)
 * come back masked, never in clear.
 */
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { int, text } from './fields.ts';

export const GENDERS = ['male', 'female'] as const;
export const EDUCATIONS = [
  'none',
  'primary',
  'secondary',
  'higherSecondary',
  'diploma',
  'bachelor',
  'master',
  'doctorate',
] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export const EMPLOYMENT_TYPES = [
  'salaried',
  'selfEmployed',
  'business',
  'freelance',
  'student',
  'retired',
  'unemployed',
] as const;
export const LOAN_PURPOSES = [
  'personal',
  'education',
  'medical',
  'business',
  'travel',
  'homeRepair',
  'consumerGoods',
  'other',
] as const;
export const RELATIONS = ['parent', 'spouse', 'sibling', 'child', 'relative', 'friend', 'colleague'] as const;
export const STEP_STATUSES = ['done', 'review', 'refused', 'missing'] as const;

/** The largest income a form takes, in minor units (far above anyone's; keeps the number exact). */
export const INCOME_MAX = 1_000_000_000_000_000;

const field = (max: number) => text(max).optional();
const lang = z.enum(['en', 'id']).optional();

export const baseBody = z.strictObject({
  fullName: field(100),
  /** `YYYY-MM-DD` */
  birthDate: field(10),
  gender: field(10),
  email: field(254),
  /** India only. */
  pan: field(20),
  /** Indonesia only. */
  nik: field(30),
  lang,
});
export type BaseBody = z.infer<typeof baseBody>;

export const personalBody = z.strictObject({
  address: field(300),
  /** A city's code from the city list. */
  city: field(40),
  education: field(30),
  maritalStatus: field(30),
  lang,
});
export type PersonalBody = z.infer<typeof personalBody>;

export const jobBody = z.strictObject({
  employmentType: field(30),
  employer: field(120),
  /** Minor units: India a month's salary, Indonesia a year's income. */
  income: int(0, INCOME_MAX).optional(),
  lang,
});
export type JobBody = z.infer<typeof jobBody>;

export const contactBody = z.strictObject({ name: field(100), relation: field(30), phone: field(20) });
export const extraBody = z.strictObject({
  purpose: field(30),
  /** One to three people the borrower names (typed, never read from the address book). */
  contacts: z.array(contactBody).max(10).optional(),
  lang,
});
export type ExtraBody = z.infer<typeof extraBody>;

/** What one step holds, as the borrower may see it: personal numbers masked (last 4). */
export const stepView = z.object({
  step: z.string(),
  status: z.enum(STEP_STATUSES),
  /** The step's name in the borrower's language. */
  title: z.string(),
  /** Why the step was refused or is in review, in the borrower's language; empty otherwise. */
  reason: z.string(),
  version: z.number().int(),
  /** The step's fields that are not personal numbers. */
  data: z.record(z.string(), z.unknown()),
  /** Personal numbers, masked: `{"pan":"******234F"}`, `{"contacts":["******3210"]}`. */
  masked: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  updatedAt: z.string().nullable(),
});
export type StepView = z.infer<typeof stepView>;

export const stepsData = z.object({
  steps: z.array(stepView),
  /** The first required step not done, or null when the borrower may apply. */
  next: z.string().nullable(),
  /** How many required steps are done. */
  level: z.number().int(),
  required: z.number().int(),
});
export type StepsData = z.infer<typeof stepsData>;
export const stepsBody = z.strictObject({ lang }).optional();
export const stepsReply = envelope(stepsData);
export const saveReply = envelope(z.object({ saved: stepView, next: z.string().nullable() }));

export const cityListBody = z.strictObject({ lang }).optional();
export const cityListReply = envelope(
  z.object({
    regions: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        cities: z.array(z.object({ code: z.string(), name: z.string() })),
      }),
    ),
  }),
);

/** Location and device data, each sent once with the consent the borrower gave for it. */
export const consentDataBody = z.strictObject({
  consent: z
    .strictObject({
      purpose: z.enum(['location', 'device']),
      /** The consent text's version the app showed (`CONSENT_TEXT_VERSION`). */
      textVersion: text(20),
      /** The borrower's explicit yes: anything else is no consent. */
      granted: z.boolean(),
    })
    .optional(),
  location: z
    .strictObject({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      accuracyMeters: z.number().min(0).max(100_000).optional(),
    })
    .optional(),
  device: z
    .strictObject({
      model: text(60),
      os: text(30),
      osVersion: text(30),
      appVersion: text(30),
    })
    .optional(),
  lang,
});
export type ConsentDataBody = z.infer<typeof consentDataBody>;
export const consentDataReply = envelope(
  z.object({ purpose: z.string(), textVersion: z.string(), recordedAt: z.string() }),
);
export const contactsReply = envelope(z.null());

/**
 * The identity check's reason codes (decision 067), one catalogue for the borrower's replies, the
 * back office's queue and the history: each with the status it gives the step. A refusal beats a review;
 * several reasons are all kept in the history's `checks`, the step's `reason` is the first of this order.
 */
export const IDENTITY_REASONS = {
  numberNotFound: 'refused',
  birthDateMismatch: 'refused',
  genderMismatch: 'refused',
  notLive: 'refused',
  nameMismatch: 'review',
  livenessDoubtful: 'review',
  faceMismatch: 'review',
} as const;
export type IdentityReason = keyof typeof IDENTITY_REASONS;

/** India: the 12-digit Aadhaar (spaces forgiven), to ask the UIDAI for an OTP. */
export const identityOtpBody = z.strictObject({ aadhaar: field(20), lang });
export type IdentityOtpBody = z.infer<typeof identityOtpBody>;
export const identityOtpReply = envelope(
  z.object({
    /** The provider's reference, to send back with the OTP. */
    reference: z.string(),
    /** Until when the OTP may be confirmed. */
    expiresAt: z.string(),
    /** The Aadhaar's last four digits, masked: all that is kept of it. */
    aadhaar: z.string(),
  }),
);

/** India: the reference of `identity-otp` and the six-digit OTP; Indonesia: nothing (the base step's NIK). */
export const identityBody = z.strictObject({ reference: field(80), otp: field(10), lang }).optional();
export type IdentityBody = z.infer<typeof identityBody>;

export const identitySelfieReply = envelope(z.object({ received: z.literal(true), uploadedAt: z.string() }));
