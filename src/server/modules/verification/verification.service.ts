import {
  CONSENT_TEXT_VERSION,
  REQUIRED_STEPS,
  type RequiredStep,
} from '../../../shared/contract/constants.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import {
  type BaseBody,
  type ConsentDataBody,
  EDUCATIONS,
  EMPLOYMENT_TYPES,
  type ExtraBody,
  GENDERS,
  type JobBody,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  type PersonalBody,
  RELATIONS,
  type StepsData,
} from '../../../shared/contract/verification.ts';
import { findCity, REGIONS } from '../../../shared/domain/cities.ts';
import {
  checkBirthDate,
  checkNik,
  checkPan,
  type Gender,
  INCOME_FLOOR,
  meetsIncomeFloor,
} from '../../../shared/domain/identity-documents.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import { normalizePhone, SHARED_PATTERNS } from '../../../shared/domain/phone.ts';
import { marketDay } from '../../../shared/domain/time.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import type { Clock } from '../../clock.ts';
import type { Sealer } from '../../crypto/sealed.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import { firstMissing, maskLast4, type Problems, refuseFields, sealPurpose, stepView } from './step-views.ts';
import type { VerificationRepository } from './verification.repository.ts';

/** The steps this module saves; identity and bank are other features' (KYC, bank accounts). */
export type FormStep = 'base' | 'personal' | 'job' | 'extra';

/** The base step's fields the identity check verified: locked once it passed (decision 067). */
const IDENTITY_FIELDS = ['fullName', 'birthDate', 'gender'] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (list as readonly string[]).includes(value);

/** Letters (any script), spaces, dots, apostrophes and hyphens; at least two letters. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const nameOk = (v: string) => NAME.test(v) && (v.match(/\p{L}/gu) ?? []).length >= 2;

/**
 * The verification steps (issue 30, decision 064): each step a validated record with its own status and
 * history; personal numbers sealed at rest and masked in every reply; the level derived from the steps
 * gates applying and confirming a loan (`gate`, injected into the loans service).
 */
export function verificationService(deps: { repo: VerificationRepository; sealer: Sealer; clock: Clock }) {
  const { repo, sealer, clock } = deps;

  async function save(
    borrower: BorrowerIdentity,
    lang: Lang,
    step: FormStep,
    build: (own: { phone: string }) => {
      data: Record<string, unknown>;
      secret: Record<string, unknown> | null;
      masked: Record<string, string | string[]>;
    },
    /** A further refusal judged under the borrower's lock (the base step's identity lock). */
    guard?: (
      tx: Db,
      built: { data: Record<string, unknown>; secret: Record<string, unknown> | null },
    ) => Promise<void>,
  ) {
    const saved = await repo.transaction(async (tx) => {
      const me = await repo.lockBorrower(tx, borrower.id, step);
      // A correction while a loan is pending or live would change who the lender agreed to lend to: the
      // borrower asks support instead (decision 064). A first entry is always taken.
      if (me.hasStep && me.openLoan)
        throw new AppError(ERROR_CODE.CONFLICT, 'verification:refusals.liveLoan', 409);
      const built = build(me);
      if (guard) await guard(tx, built);
      return repo.saveStep(tx, {
        borrowerId: borrower.id,
        market: borrower.market,
        step,
        status: 'done',
        data: built.data,
        sealed: built.secret ? sealer.seal(sealPurpose(step), JSON.stringify(built.secret)) : null,
        masked: built.masked,
        reason: null,
        actor: 'borrower',
        // Which fields the borrower sent: never their values (the history is read by staff and exports).
        detail: { fields: Object.keys(built.data).concat(Object.keys(built.masked)) },
      });
    });
    const done = await repo.doneSteps(borrower.id);
    return { saved: stepView(lang, step, saved), next: firstMissing(done) };
  }

  const today = (market: Market) => marketDay(clock.now(), market);

  return {
    async steps(borrower: BorrowerIdentity, lang: Lang): Promise<StepsData> {
      const rows = await repo.steps(borrower.id);
      const byStep = new Map(rows.map((r) => [r.step, r]));
      const names = [...REQUIRED_STEPS, ...rows.map((r) => r.step).filter((s) => !oneOf(REQUIRED_STEPS, s))];
      const done = rows.filter((r) => r.status === 'done').map((r) => r.step);
      return {
        steps: names.map((s) => stepView(lang, s, byStep.get(s))),
        next: firstMissing(done),
        level: REQUIRED_STEPS.filter((s) => done.includes(s)).length,
        required: REQUIRED_STEPS.length,
      };
    },

    /** The first required step the borrower has not done, or null when they may apply. One statement. */
    async missingStep(borrowerId: number): Promise<RequiredStep | null> {
      return firstMissing(await repo.doneSteps(borrowerId));
    },

    async base(borrower: BorrowerIdentity, lang: Lang, body: BaseBody) {
      const m = borrower.market;
      const p: Problems = {};
      const fullName = body.fullName?.trim() ?? '';
      if (!fullName) p.fullName = { key: 'required' };
      else if (!nameOk(fullName)) p.fullName = { key: 'fullName' };
      let birthDate: string | null = null;
      if (!body.birthDate) p.birthDate = { key: 'required' };
      else {
        const b = checkBirthDate(body.birthDate.trim(), today(m));
        if (b.ok) birthDate = b.value;
        else p.birthDate = { key: b.reason === 'minor' ? 'minor' : 'birthDate' };
      }
      const gender = oneOf(GENDERS, body.gender) ? (body.gender as Gender) : null;
      if (!body.gender) p.gender = { key: 'required' };
      else if (!gender) p.gender = { key: 'gender' };
      const email = body.email?.trim() ?? '';
      if (!email) p.email = { key: 'required' };
      else if (!SHARED_PATTERNS.email.test(email)) p.email = { key: 'email' };
      let secret: Record<string, string> = {};
      if (m === 'IN') {
        if (body.nik) p.nik = { key: 'notForMarket' };
        if (!body.pan) p.pan = { key: 'required' };
        else {
          const pan = checkPan(body.pan);
          if (pan.ok) secret = { pan: pan.value };
          else p.pan = { key: pan.reason === 'notPerson' ? 'panNotPerson' : 'panFormat' };
        }
      } else {
        if (body.pan) p.pan = { key: 'notForMarket' };
        if (!body.nik) p.nik = { key: 'required' };
        else if (birthDate && gender) {
          const nik = checkNik(body.nik, birthDate, gender);
          const keys = {
            format: 'nikFormat',
            province: 'nikProvince',
            birthDate: 'nikBirthDate',
            gender: 'nikGender',
          };
          if (nik.ok) secret = { nik: nik.value };
          else p.nik = { key: keys[nik.reason] };
        } else if (!/^\d{16}$/.test(body.nik.replace(/[\s-]/g, ''))) p.nik = { key: 'nikFormat' };
      }
      if (Object.keys(p).length > 0) refuseFields(lang, p);
      const [kind, number] = Object.entries(secret)[0]!;
      return save(
        borrower,
        lang,
        'base',
        () => ({
          data: { fullName, birthDate, gender, email },
          secret,
          masked: { [kind]: maskLast4(number) },
        }),
        // Once the identity check passed (or waits for review) on these details, they are what the
        // lender verified: name, birth date, gender and number stay; the e-mail may change (decision 067).
        async (tx, built) => {
          const rows = await repo.stepsForUpdate(tx, borrower.id, ['base', 'identity']);
          const identity = rows.find((r) => r.step === 'identity');
          const old = rows.find((r) => r.step === 'base');
          if (!old || !identity || identity.status === 'refused') return;
          const same =
            IDENTITY_FIELDS.every((f) => old.data[f] === built.data[f]) &&
            old.sealed !== null &&
            sealer.open(sealPurpose('base'), old.sealed) === JSON.stringify(built.secret);
          if (!same) throw new AppError(ERROR_CODE.CONFLICT, 'verification:identity.locked', 409);
        },
      );
    },

    async personal(borrower: BorrowerIdentity, lang: Lang, body: PersonalBody) {
      const p: Problems = {};
      const address = body.address?.trim() ?? '';
      if (!address) p.address = { key: 'required' };
      else if (address.length < 5) p.address = { key: 'address' };
      const place = body.city ? findCity(borrower.market, body.city) : null;
      if (!body.city) p.city = { key: 'required' };
      else if (!place) p.city = { key: 'city' };
      if (!body.education) p.education = { key: 'required' };
      else if (!oneOf(EDUCATIONS, body.education)) p.education = { key: 'education' };
      if (!body.maritalStatus) p.maritalStatus = { key: 'required' };
      else if (!oneOf(MARITAL_STATUSES, body.maritalStatus)) p.maritalStatus = { key: 'maritalStatus' };
      if (Object.keys(p).length > 0) refuseFields(lang, p);
      return save(borrower, lang, 'personal', () => ({
        data: {
          address,
          city: body.city,
          cityName: place!.city,
          region: place!.region.code,
          regionName: place!.region.name,
          education: body.education,
          maritalStatus: body.maritalStatus,
        },
        secret: null,
        masked: {},
      }));
    },

    async job(borrower: BorrowerIdentity, lang: Lang, body: JobBody) {
      const m = borrower.market;
      const p: Problems = {};
      if (!body.employmentType) p.employmentType = { key: 'required' };
      else if (!oneOf(EMPLOYMENT_TYPES, body.employmentType)) p.employmentType = { key: 'employmentType' };
      const employer = body.employer?.trim() ?? '';
      if (!employer) p.employer = { key: 'required' };
      else if (employer.length < 2) p.employer = { key: 'employer' };
      if (body.income === undefined) p.income = { key: 'required' };
      else if (!meetsIncomeFloor(m, body.income)) {
        const floor = INCOME_FLOOR[m];
        p.income = {
          key: floor.per === 'month' ? 'incomeMonthly' : 'incomeYearly',
          vars: { floor: formatMoney(floor.minor, m) },
        };
      }
      if (Object.keys(p).length > 0) refuseFields(lang, p);
      return save(borrower, lang, 'job', () => ({
        data: {
          employmentType: body.employmentType,
          employer,
          income: body.income,
          incomePer: INCOME_FLOOR[m].per,
        },
        secret: null,
        masked: {},
      }));
    },

    async extra(borrower: BorrowerIdentity, lang: Lang, body: ExtraBody) {
      const m = borrower.market;
      const p: Problems = {};
      if (!body.purpose) p.purpose = { key: 'required' };
      else if (!oneOf(LOAN_PURPOSES, body.purpose)) p.purpose = { key: 'purpose' };
      const contacts = body.contacts ?? [];
      if (contacts.length < 1 || contacts.length > 3) p.contacts = { key: 'contactsCount' };
      const phones: string[] = [];
      contacts.forEach((c, i) => {
        const at = `contacts.${i}`;
        const name = c.name?.trim() ?? '';
        if (!name) p[`${at}.name`] = { key: 'required' };
        else if (!nameOk(name)) p[`${at}.name`] = { key: 'contactName' };
        if (!c.relation) p[`${at}.relation`] = { key: 'required' };
        else if (!oneOf(RELATIONS, c.relation)) p[`${at}.relation`] = { key: 'relation' };
        const phone = c.phone ? normalizePhone(m, c.phone) : null;
        if (!c.phone) p[`${at}.phone`] = { key: 'required' };
        else if (!phone) p[`${at}.phone`] = { key: 'contactPhone' };
        else if (phones.includes(phone)) p[`${at}.phone`] = { key: 'duplicatePhone' };
        if (phone) phones.push(phone);
      });
      if (Object.keys(p).length > 0) refuseFields(lang, p);
      return save(borrower, lang, 'extra', (own) => {
        // The borrower's own phone is known only inside the transaction (their row, locked).
        const mine = normalizePhone(m, own.phone) ?? own.phone;
        const i = phones.indexOf(mine);
        if (i >= 0) refuseFields(lang, { [`contacts.${i}.phone`]: { key: 'ownPhone' } });
        return {
          data: {
            purpose: body.purpose,
            contacts: contacts.map((c) => ({ name: c.name!.trim(), relation: c.relation })),
          },
          secret: { phones },
          masked: { contacts: phones.map(maskLast4) },
        };
      });
    },

    cityList(market: Market) {
      return { regions: REGIONS[market].map((r) => ({ code: r.code, name: r.name, cities: [...r.cities] })) };
    },

    /**
     * Location or device data, kept with the consent it was sent under (purpose, text version, time).
     * Once per purpose: the app sends it after the borrower agreed, and never again on its own.
     */
    async consentData(borrower: BorrowerIdentity, body: ConsentDataBody) {
      const c = body.consent;
      if (c?.granted !== true) throw new AppError(ERROR_CODE.FORBIDDEN, 'verification:refusals.noConsent');
      if (c.textVersion !== CONSENT_TEXT_VERSION)
        throw new AppError(ERROR_CODE.CONFLICT, 'verification:refusals.consentVersion');
      const data = c.purpose === 'location' ? body.location : body.device;
      const other = c.purpose === 'location' ? body.device : body.location;
      if (!data || other) throw new AppError(ERROR_CODE.VALIDATION, 'verification:refusals.consentData');
      const recordedAt = await repo.transaction(async (tx) => {
        await repo.lockBorrower(tx, borrower.id, 'base');
        if (await repo.hasConsent(tx, borrower.id, c.purpose))
          throw new AppError(ERROR_CODE.CONFLICT, 'verification:refusals.consentGiven');
        return repo.recordConsent(tx, {
          borrowerId: borrower.id,
          purpose: c.purpose,
          textVersion: c.textVersion,
          data: data as Record<string, unknown>,
        });
      });
      return { purpose: c.purpose, textVersion: c.textVersion, recordedAt: recordedAt.toISOString() };
    },

    /** The message the borrower reads on `/v3/certify/contacts`: we never read an address book. */
    contactsRefusal: () => new AppError(ERROR_CODE.FORBIDDEN, 'verification:refusals.contacts'),
  };
}
export type VerificationService = ReturnType<typeof verificationService>;

/** `translate` typed for this namespace's keys (used by the routes' success messages). */
export const savedMessage = (lang: Lang) => translate(lang, 'verification', 'saved');
