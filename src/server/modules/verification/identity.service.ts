import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import {
  IDENTITY_REASONS,
  type IdentityBody,
  type IdentityOtpBody,
  type IdentityReason,
} from '../../../shared/contract/verification.ts';
import { checkAadhaar, type Gender, namesMatch } from '../../../shared/domain/identity-documents.ts';
import type { Lang } from '../../../shared/markets.ts';
import { type FieldMatch, type KycProvider, KycUnavailable, type Liveness } from '../../adapters/kyc.ts';
import type { Clock } from '../../clock.ts';
import type { Sealer } from '../../crypto/sealed.ts';
import { AppError } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import { firstMissing, maskLast4, type Problems, refuseFields, sealPurpose, stepView } from './step-views.ts';
import type { VerificationRepository } from './verification.repository.ts';

/** How long an Aadhaar OTP may be confirmed (the UIDAI's OTP lives 10 minutes). */
export const OTP_TTL_MS = 10 * 60_000;
/** How long a selfie stays usable for the check: a face taken now, not a photo from last week. */
export const SELFIE_TTL_MS = 30 * 60_000;

/** The selfie store the identity check needs (the uploads feature's checked, re-encoded images). */
export interface SelfieStore {
  store(image: Buffer, owner: { kind: 'borrower'; id: number }): Promise<{ id: string }>;
}

const STEP = 'identity';
const unavailable = () => new AppError(ERROR_CODE.UNAVAILABLE, 'verification:identity.unavailable', 503);
const conflict = (key: string) => new AppError(ERROR_CODE.CONFLICT, `verification:identity.${key}`, 409);
const refusal = (key: string) => new AppError(ERROR_CODE.VALIDATION, `verification:identity.${key}`, 400);

/** The provider's answer, or 503 when it cannot answer: nothing is kept (decision 067). */
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof KycUnavailable) throw unavailable();
    throw err;
  }
}

/** The checks' results → the step's status and its reason (the first of the catalogue's order). */
export function judge(reasons: readonly IdentityReason[]): {
  status: 'done' | 'review' | 'refused';
  reason: IdentityReason | null;
} {
  const ordered = (Object.keys(IDENTITY_REASONS) as IdentityReason[]).filter((r) => reasons.includes(r));
  const refused = ordered.find((r) => IDENTITY_REASONS[r] === 'refused');
  if (refused) return { status: 'refused', reason: refused };
  if (ordered[0]) return { status: 'review', reason: ordered[0] };
  return { status: 'done', reason: null };
}

/**
 * The identity step (issue 30, decision 067): India's Aadhaar OTP or Indonesia's Dukcapil match of the
 * base step's details, and a selfie's liveness and face match, through the KYC adapter. The Aadhaar
 * number is never kept, sealed or not: its last four and the provider's reference are.
 */
export function identityService(deps: {
  repo: VerificationRepository;
  sealer: Sealer;
  clock: Clock;
  kyc: KycProvider;
  selfies: SelfieStore;
}) {
  const { repo, sealer, clock, kyc, selfies } = deps;

  /** The base step (its details and number) when the identity check may run now; refused otherwise. */
  async function checkable(borrowerId: number) {
    const rows = await repo.transaction((tx) => repo.stepsForUpdate(tx, borrowerId, ['base', STEP]));
    const base = rows.find((r) => r.step === 'base' && r.status === 'done');
    if (!base) throw conflict('needsBase');
    const identity = rows.find((r) => r.step === STEP);
    // A verified identity is not checked again; one in review waits for the reviewer.
    if (identity?.status === 'done') throw conflict('done');
    if (identity?.status === 'review') throw conflict('review');
    return {
      fullName: String(base.data.fullName),
      birthDate: String(base.data.birthDate),
      gender: base.data.gender as Gender,
      version: base.version,
      number: () => JSON.parse(sealer.open(sealPurpose('base'), base.sealed!)) as { nik?: string },
    };
  }

  return {
    /** India: asks the UIDAI to send the OTP. The number is checked, sent, and forgotten. */
    async otpStart(borrower: BorrowerIdentity, lang: Lang, body: IdentityOtpBody) {
      if (borrower.market !== 'IN') refuseFields(lang, { aadhaar: { key: 'notForMarketCheck' } });
      await checkable(borrower.id);
      const p: Problems = {};
      const aadhaar = body.aadhaar?.replace(/[\s-]/g, '') ?? '';
      let last4 = '';
      if (!aadhaar) p.aadhaar = { key: 'required' };
      else {
        const c = checkAadhaar(aadhaar);
        if (c.ok) last4 = c.value;
        else p.aadhaar = { key: c.reason === 'checksum' ? 'aadhaarChecksum' : 'aadhaarFormat' };
      }
      if (Object.keys(p).length > 0) refuseFields(lang, p);
      const { reference } = await ask(() => kyc.aadhaarOtpStart(aadhaar));
      const expiresAt = new Date(clock.now().getTime() + OTP_TTL_MS).toISOString();
      await repo.addEvent(borrower.id, {
        step: STEP,
        status: 'otpSent',
        detail: { method: 'aadhaarOtp', reference, last4, expiresAt },
      });
      return { reference, expiresAt, aadhaar: maskLast4(`00000000${last4}`) };
    },

    /** The selfie: checked and re-encoded by the uploads' checks, kept, and its liveness asked. */
    async selfie(borrower: BorrowerIdentity, image: Buffer) {
      await checkable(borrower.id);
      const stored = await selfies.store(image, { kind: 'borrower', id: borrower.id });
      const result = await ask(() => kyc.selfie(image));
      const at = clock.now().toISOString();
      await repo.addEvent(borrower.id, {
        step: STEP,
        status: 'selfie',
        detail: { upload: stored.id, reference: result.reference, liveness: result.liveness, at },
      });
      return { received: true as const, uploadedAt: at };
    },

    /**
     * Runs the check and records its result: done, review or refused with the reason. The provider is
     * asked before the borrower's lock is taken; under the lock, a reference or selfie a result already
     * used is refused, so the same confirmation sent twice at once gives one result.
     */
    async check(borrower: BorrowerIdentity, lang: Lang, body: IdentityBody) {
      const market = borrower.market;
      const person = await checkable(borrower.id);
      const p: Problems = {};
      const reference = body?.reference?.trim() ?? '';
      const otp = body?.otp?.trim() ?? '';
      if (market === 'IN') {
        if (!reference) p.reference = { key: 'required' };
        if (!otp) p.otp = { key: 'required' };
        else if (!/^\d{6}$/.test(otp)) p.otp = { key: 'otp' };
      } else {
        if (body?.reference) p.reference = { key: 'notForMarket' };
        if (body?.otp) p.otp = { key: 'notForMarket' };
      }
      if (Object.keys(p).length > 0) refuseFields(lang, p);

      const selfie = await repo.latestEvent(borrower.id, STEP, 'selfie');
      if (!selfie) throw conflict('selfieFirst');
      const shot = selfie.detail as { upload: string; reference: string; liveness: Liveness; at: string };
      if (clock.now().getTime() - Date.parse(shot.at) > SELFIE_TTL_MS) throw conflict('selfieStale');

      const reasons: IdentityReason[] = [];
      let identityReference: string;
      let verifiedName: string | null;
      let masked: Record<string, string>;
      let method: string;
      const checks: Record<string, string> = {};
      if (market === 'IN') {
        method = 'aadhaarOtp';
        // Another borrower's reference is not found either: the same answer as no OTP at all.
        const sent = await repo.latestEvent(borrower.id, STEP, 'otpSent', reference);
        if (!sent) throw refusal('noOtp');
        const otpSent = sent.detail as { last4: string; expiresAt: string };
        if (await repo.transaction((tx) => repo.resultUsed(tx, borrower.id, STEP, 'reference', reference)))
          throw conflict('used');
        if (clock.now().getTime() > Date.parse(otpSent.expiresAt)) throw refusal('expired');
        const r = await ask(() =>
          kyc.aadhaarOtpConfirm({
            reference,
            otp,
            onFile: { name: person.fullName, birthDate: person.birthDate, gender: person.gender },
          }),
        );
        if (r.outcome === 'wrongOtp') throw refusal('wrongOtp');
        identityReference = r.reference;
        checks.number = 'match';
        checks.name = namesMatch(r.name, person.fullName) ? 'match' : 'mismatch';
        checks.birthDate = r.birthDate === person.birthDate ? 'match' : 'mismatch';
        checks.gender = r.gender === person.gender ? 'match' : 'mismatch';
        verifiedName = r.name;
        masked = { aadhaar: maskLast4(`00000000${otpSent.last4}`) };
      } else {
        method = 'nikMatch';
        const nik = person.number().nik!;
        const r = await ask(() => kyc.nikMatch({ nik, name: person.fullName, birthDate: person.birthDate }));
        identityReference = r.reference;
        checks.number = r.outcome === 'found' ? 'match' : 'mismatch';
        if (r.outcome === 'found') {
          checks.name = r.name;
          checks.birthDate = r.birthDate;
        }
        // Dukcapil answers "sesuai", never the record: the verified name is ours once it agreed.
        verifiedName = checks.name === 'match' ? person.fullName : null;
        masked = { nik: maskLast4(nik) };
      }
      if (checks.number === 'mismatch') reasons.push('numberNotFound');
      if (checks.birthDate === 'mismatch') reasons.push('birthDateMismatch');
      if (checks.gender === 'mismatch') reasons.push('genderMismatch');
      if (checks.name === 'mismatch') reasons.push('nameMismatch');
      checks.liveness = shot.liveness;
      if (shot.liveness === 'notLive') reasons.push('notLive');
      if (shot.liveness === 'doubtful') reasons.push('livenessDoubtful');
      // A face is matched only against an identity the provider found (it has no photo otherwise).
      let face: FieldMatch | 'noPhoto' = 'noPhoto';
      if (checks.number === 'match')
        face = await ask(() => kyc.faceMatch({ selfieReference: shot.reference, identityReference }));
      checks.face = face;
      if (face === 'mismatch') reasons.push('faceMismatch');
      const { status, reason } = judge(reasons);

      const saved = await repo.transaction(async (tx) => {
        const me = await repo.lockBorrower(tx, borrower.id, STEP);
        if (me.hasStep && me.openLoan)
          throw new AppError(ERROR_CODE.CONFLICT, 'verification:refusals.liveLoan', 409);
        const rows = await repo.stepsForUpdate(tx, borrower.id, ['base', STEP]);
        const current = rows.find((r) => r.step === STEP);
        if (current?.status === 'done') throw conflict('done');
        if (current?.status === 'review') throw conflict('review');
        // The base step changed while the provider was asked: the answer was about other details.
        if (rows.find((r) => r.step === 'base')?.version !== person.version)
          throw new AppError(ERROR_CODE.CONFLICT);
        if (await repo.resultUsed(tx, borrower.id, STEP, 'selfie', shot.upload)) throw conflict('used');
        if (market === 'IN' && (await repo.resultUsed(tx, borrower.id, STEP, 'reference', reference)))
          throw conflict('used');
        return repo.saveStep(tx, {
          borrowerId: borrower.id,
          market,
          step: STEP,
          status,
          reason,
          data: {
            method,
            reference: identityReference,
            ...(market === 'IN' ? { aadhaarLast4: masked.aadhaar!.slice(-4) } : {}),
            verifiedName,
            checks,
            selfieUpload: shot.upload,
          },
          // Nothing is sealed: the Aadhaar number is never kept, the NIK is the base step's.
          sealed: null,
          masked,
          actor: 'borrower',
          // Never a number: the provider's reference, the selfie's upload and each check's answer.
          detail: {
            method,
            reference: market === 'IN' ? reference : identityReference,
            selfie: shot.upload,
            checks,
            reasons,
          },
        });
      });
      const done = await repo.doneSteps(borrower.id);
      return {
        result: { saved: stepView(lang, STEP, saved), next: firstMissing(done) },
        status,
      };
    },
  };
}
export type IdentityService = ReturnType<typeof identityService>;
