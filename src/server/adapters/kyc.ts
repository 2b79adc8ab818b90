import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Gender } from '../../shared/domain/identity-documents.ts';

/**
 * Knowing who the borrower is (issue 30, decision 067), shaped like the providers of each market:
 * - India: Aadhaar OTP e-KYC. The Aadhaar number is sent once to start (the UIDAI texts an OTP to the
 *   phone the Aadhaar is linked to, and answers a transaction reference); the reference and the six-digit
 *   OTP confirm it, and the answer is the UIDAI's demographic record: name, birth date, gender and the
 *   number's last four digits. The number itself is never kept (decision 062): the caller holds the last
 *   four and the reference.
 * - Indonesia: Dukcapil's data match. NIK, name and birth date are sent; the answer is, per field, "sesuai"
 *   or "tidak sesuai" (match / mismatch), or that no such NIK exists. Dukcapil never returns the record.
 * - A selfie: liveness (a live person, doubtful, or not live: a photo of a photo, a mask) and a face match
 *   against the photo the identity provider holds (UIDAI's e-KYC photo, Dukcapil's KTP photo).
 * A provider that cannot answer now throws `KycUnavailable`: the caller answers 503 and keeps nothing.
 * No method's error ever carries the number it was given.
 */
export type FieldMatch = 'match' | 'mismatch';

export type AadhaarOtpStart = { outcome: 'sent'; reference: string };

export type AadhaarOtpResult =
  | {
      outcome: 'verified';
      /** The UIDAI's record. */
      name: string;
      birthDate: string;
      gender: Gender;
      last4: string;
      /** The provider's reference of this e-KYC (for the face match). */
      reference: string;
    }
  | { outcome: 'wrongOtp' };

export type NikMatchResult =
  | { outcome: 'found'; name: FieldMatch; birthDate: FieldMatch; reference: string }
  | { outcome: 'notFound'; reference: string };

export type Liveness = 'live' | 'doubtful' | 'notLive';
export type SelfieResult = { liveness: Liveness; reference: string };

export interface KycProvider {
  /** India: asks the UIDAI to text an OTP to the phone linked to the Aadhaar (12 digits, already checked). */
  aadhaarOtpStart(aadhaar: string): Promise<AadhaarOtpStart>;
  /**
   * India: the OTP for a started reference. `onFile` is what we hold of the borrower: a real provider is
   * not told it (the UIDAI answers its own record); only the sandbox uses it, to answer with the
   * borrower's own record for most test numbers.
   */
  aadhaarOtpConfirm(request: {
    reference: string;
    otp: string;
    onFile: { name: string; birthDate: string; gender: Gender };
  }): Promise<AadhaarOtpResult>;
  /** Indonesia: the NIK, name and birth date against Dukcapil's register. */
  nikMatch(request: { nik: string; name: string; birthDate: string }): Promise<NikMatchResult>;
  /** The selfie's liveness (image bytes, already checked and decoded by the uploads' checks). */
  selfie(image: Buffer): Promise<SelfieResult>;
  /** The selfie's face against the photo behind an identity reference (e-KYC or Dukcapil). */
  faceMatch(request: { selfieReference: string; identityReference: string }): Promise<FieldMatch>;
}

/** The provider could not answer (down, timed out): nothing is known. */
export class KycUnavailable extends Error {
  constructor() {
    super('identity check unavailable');
  }
}

/**
 * The sandbox's test values (decision 067).
 * Aadhaar, by its last four digits (any 12 digits with a valid Verhoeff check digit; decision 067 lists
 * one per value, e.g. `2345 6793 4321`):
 * - `9999`: unavailable when the OTP is asked (503, nothing kept);
 * - `8888`: the OTP is sent, but the provider is unavailable when it is confirmed (503, nothing kept);
 * - `1111`: the UIDAI's record holds another name (`SANDBOX_OTHER_PERSON`): review;
 * - `2222`: the record holds another birth date (1 January 1970): refused;
 * - any other: the borrower's own record (the name on file in capitals, their birth date and gender).
 * The OTP `000000` is wrong; any other six digits are right.
 * NIK, by its last four digits (the serial): `9999` unavailable, `3333` no such NIK (refused), `2222`
 * birth date "tidak sesuai" (refused), `1111` name "tidak sesuai" (review), any other all "sesuai".
 * Selfie, by the image's size in pixels: 321 wide → liveness doubtful (review), 322 wide → not live
 * (refused), 323 high → the face does not match the identity's photo (review); any other: live, match.
 * References carry what the sandbox needs to answer later, so it keeps no state between calls.
 */
export const SANDBOX_KYC = {
  aadhaar: { unavailable: '9999', unavailableOnConfirm: '8888', otherName: '1111', otherBirthDate: '2222' },
  nik: { unavailable: '9999', notFound: '3333', otherBirthDate: '2222', otherName: '1111' },
  wrongOtp: '000000',
  selfie: { doubtfulWidth: 321, notLiveWidth: 322, otherFaceHeight: 323 },
} as const;

/** The name the UIDAI's record holds for the `1111` Aadhaar test numbers. */
export const SANDBOX_OTHER_PERSON = 'MEENAKSHI IYER';

const tag = () => randomBytes(6).toString('hex').toUpperCase();

export function sandboxKyc(): KycProvider {
  return {
    async aadhaarOtpStart(aadhaar) {
      const last4 = aadhaar.slice(-4);
      if (last4 === SANDBOX_KYC.aadhaar.unavailable) throw new KycUnavailable();
      // The sandbox's reference ends with the last four, to answer the confirmation by them.
      return { outcome: 'sent', reference: `UIDAI-SANDBOX-${tag()}-${last4}` };
    },
    async aadhaarOtpConfirm({ reference, otp, onFile }) {
      const last4 = reference.slice(-4);
      if (last4 === SANDBOX_KYC.aadhaar.unavailableOnConfirm) throw new KycUnavailable();
      if (otp === SANDBOX_KYC.wrongOtp) return { outcome: 'wrongOtp' };
      return {
        outcome: 'verified',
        name: last4 === SANDBOX_KYC.aadhaar.otherName ? SANDBOX_OTHER_PERSON : onFile.name.toUpperCase(),
        birthDate: last4 === SANDBOX_KYC.aadhaar.otherBirthDate ? '1970-01-01' : onFile.birthDate,
        gender: onFile.gender,
        last4,
        reference,
      };
    },
    async nikMatch({ nik }) {
      const last4 = nik.slice(-4);
      const n = SANDBOX_KYC.nik;
      if (last4 === n.unavailable) throw new KycUnavailable();
      // Derived from the NIK, never containing it: the same question gives the same reference.
      const digest = createHash('sha256').update(`dukcapil:${nik}`).digest('hex').slice(0, 12).toUpperCase();
      const reference = `DUKCAPIL-SANDBOX-${digest}`;
      if (last4 === n.notFound) return { outcome: 'notFound', reference };
      return {
        outcome: 'found',
        name: last4 === n.otherName ? 'mismatch' : 'match',
        birthDate: last4 === n.otherBirthDate ? 'mismatch' : 'match',
        reference,
      };
    },
    async selfie(image) {
      // Only the header is read (the uploads' checks decoded the image already).
      const { width, height } = await sharp(image).metadata();
      const s = SANDBOX_KYC.selfie;
      const liveness: Liveness =
        width === s.doubtfulWidth ? 'doubtful' : width === s.notLiveWidth ? 'notLive' : 'live';
      const face = height === s.otherFaceHeight ? 'X' : 'M';
      return { liveness, reference: `SELFIE-SANDBOX-${tag()}-${face}` };
    },
    async faceMatch({ selfieReference }) {
      return selfieReference.endsWith('-X') ? 'mismatch' : 'match';
    },
  };
}

/**
 * No provider configured (outside demo mode without the sandbox): nothing can be checked, so every
 * identity call answers 503 and nothing is kept. Never a silent pass.
 */
export function noKyc(): KycProvider {
  const unavailable = async (): Promise<never> => {
    throw new KycUnavailable();
  };
  return {
    aadhaarOtpStart: unavailable,
    aadhaarOtpConfirm: unavailable,
    nikMatch: unavailable,
    selfie: unavailable,
    faceMatch: unavailable,
  };
}
