import type { BankAccountData, BindBankBody } from '../../../shared/contract/bank-account-schema.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { checkAccountNumber, checkIfsc, namesMatch } from '../../../shared/domain/identity-documents.ts';
import { bankOfIfsc } from '../../../shared/domain/indian-banks.ts';
import { PAY_OPTIONS } from '../../../shared/domain/pay-options.ts';
import { isReviewRejectReason } from '../../../shared/domain/review-reasons.ts';
import { translate } from '../../../shared/i18n/resources.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { BankVerificationUnavailable, type BankVerifier } from '../../adapters/bank-verification.ts';
import type { Sealer } from '../../crypto/sealed.ts';
import { AppError, withVars } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import { checkRefusal, type OneTimeCodes, sendRefusal } from '../identity/index.ts';
import type { BankAccountRow, BankRepository } from './bank.repository.ts';

/** The sealing purpose of account numbers: a value sealed as one thing never opens as another. */
export const ACCOUNT_PURPOSE = 'bank-account';
/** The one-time codes' purpose of an account change (subject: the borrower's id). */
export const CHANGE_CODE_PURPOSE = 'bank-account-change';

/** Account-number lengths per market (identity-documents.ts), for the refusal's message. */
const ACCOUNT_DIGITS: Record<Market, { min: number; max: number }> = {
  IN: { min: 9, max: 18 },
  ID: { min: 8, max: 18 },
};

const refuse = (key: string, vars?: Record<string, string>) => {
  const err = new AppError(ERROR_CODE.VALIDATION, `bankAccount:refusals.${key}`, 400);
  return vars ? withVars(err, vars) : err;
};

/** `**** 1234`: the one form an account number leaves the server in. */
export const maskAccount = (last4: string) => `**** ${last4}`;

/**
 * The key an account is known by across borrowers: the market, the bank (India: the IFSC's bank part,
 * since one account number is the same account at every branch of its bank) and the number.
 */
export function accountKey(market: Market, bankCode: string, account: string): string {
  return `${market}:${market === 'IN' ? bankCode.slice(0, 4) : bankCode}:${account}`;
}

/** Sealed fields of a new account row (also the seed's and the tests' way to make one). */
export function sealedAccount(sealed: Sealer, market: Market, bankCode: string, account: string) {
  return {
    accountSealed: sealed.seal(ACCOUNT_PURPOSE, account),
    accountLast4: account.slice(-4),
    accountLookup: sealed.lookup(ACCOUNT_PURPOSE, accountKey(market, bankCode, account)),
  };
}

/**
 * The borrower's bank account (issue 30; decision 065): the market's fields checked, the account checked
 * through the bank (penny drop / account inquiry), the bank's holder name compared with the verified
 * identity (decision 062's rule): the same person → verified; another name → kept for staff review, and
 * the borrower told why. The number is sealed at rest and only its last four digits leave the server.
 * Changing a bound account needs an SMS code, and the replaced account is kept as `replaced`.
 */
export function bankService(deps: {
  repo: BankRepository;
  verifier: BankVerifier;
  sealed: Sealer;
  codes: OneTimeCodes;
  clock: { now(): Date };
  appName: (market: Market) => Promise<string>;
}) {
  const { repo, verifier, sealed, codes, clock } = deps;

  function bankName(market: Market, code: string): string {
    // India keeps the IFSC as the code: the bank is its first four letters.
    const named =
      market === 'IN'
        ? bankOfIfsc(code)
        : PAY_OPTIONS[market].banks.find((b) => b.payCode === code)?.bankName;
    return named ?? code;
  }

  function view(market: Market, lang: Lang, row: BankAccountRow | null): BankAccountData {
    const banks = PAY_OPTIONS[market].banks.map((b) => ({ code: b.payCode, name: b.bankName }));
    if (!row || (row.status !== 'verified' && row.status !== 'review'))
      return {
        status: 'none',
        bankCode: null,
        bankName: null,
        accountMasked: null,
        last4: null,
        holderName: null,
        // Staff refused the last one (decision 068): the borrower reads why before adding another.
        reason:
          row?.status === 'refused' && isReviewRejectReason(row.reason)
            ? translate(lang, 'reviewReasons', row.reason)
            : null,
        verifiedAt: null,
        banks,
        changeNeedsCode: false,
      };
    return {
      status: row.status as 'verified' | 'review',
      bankCode: row.bankCode,
      bankName: bankName(market, row.bankCode),
      accountMasked: maskAccount(row.accountLast4),
      last4: row.accountLast4,
      holderName: row.holderName,
      reason:
        row.status === 'review' ? translate(lang, 'bankAccount', 'review', { holder: row.holderName }) : null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      banks,
      changeNeedsCode: true,
    };
  }

  /** The market's fields, checked: the bank (IFSC or a listed bank's code) and the account's digits. */
  function fields(market: Market, body: BindBankBody): { bankCode: string; account: string } {
    let bankCode: string;
    if (market === 'IN') {
      if (body.bankCode) throw refuse('notForMarket');
      if (!body.ifsc) throw refuse('ifscRequired');
      const ifsc = checkIfsc(body.ifsc);
      if (!ifsc.ok) throw refuse('ifscFormat');
      bankCode = ifsc.value;
    } else {
      if (body.ifsc) throw refuse('notForMarket');
      if (!body.bankCode) throw refuse('bankRequired');
      const code = body.bankCode.toUpperCase();
      if (!PAY_OPTIONS.ID.banks.some((b) => b.payCode === code)) throw refuse('bankUnknown');
      bankCode = code;
    }
    const account = checkAccountNumber(market, body.accountNo);
    if (!account.ok) {
      const { min, max } = ACCOUNT_DIGITS[market];
      throw refuse('accountFormat', { min: String(min), max: String(max) });
    }
    return { bankCode, account: account.value };
  }

  return {
    async info(borrower: BorrowerIdentity, lang: Lang): Promise<BankAccountData> {
      return view(borrower.market, lang, await repo.latest(borrower.id));
    },

    /** Sends the SMS code a change needs (one-time-codes.ts limits: one a minute, five an hour). */
    async sendChangeCode(borrower: BorrowerIdentity, lang: Lang): Promise<{ resendIn: number }> {
      const [current, person] = await Promise.all([repo.current(borrower.id), repo.person(borrower.id)]);
      if (!current) throw new AppError(ERROR_CODE.CONFLICT, 'bankAccount:refusals.noAccountYet', 409);
      if (!person) throw new AppError(ERROR_CODE.NOT_FOUND);
      const app = await deps.appName(borrower.market);
      const result = await codes.issue({
        purpose: CHANGE_CODE_PURPOSE,
        subject: String(borrower.id),
        market: borrower.market,
        phone: person.phone,
        now: clock.now(),
        text: (code) => translate(lang, 'bankAccount', 'sms', { app, code }),
      });
      if (!result.sent)
        throw sendRefusal(result, {
          tooSoon: 'bankAccount:refusals.tooSoon',
          tooMany: 'bankAccount:refusals.tooManyCodes',
        });
      return { resendIn: result.resendIn };
    },

    async bind(borrower: BorrowerIdentity, lang: Lang, body: BindBankBody): Promise<BankAccountData> {
      const market = borrower.market;
      const { bankCode, account } = fields(market, body);
      const [current, person] = await Promise.all([repo.current(borrower.id), repo.person(borrower.id)]);
      if (!person) throw new AppError(ERROR_CODE.NOT_FOUND);
      const keyed = sealedAccount(sealed, market, bankCode, account);
      // A change needs the code sent to the borrower's phone: whoever holds a stolen session cannot
      // redirect the next payout without the phone too.
      if (current) {
        if (!body.verifyCode) throw refuse('codeRequired');
        const checked = await codes.verify({
          purpose: CHANGE_CODE_PURPOSE,
          subject: String(borrower.id),
          code: body.verifyCode,
          now: clock.now(),
        });
        // No code was ever sent for this borrower: ask for one ("expired" would be untrue). The borrower is
        // signed in, so this tells nobody anything about another phone.
        if (checked.outcome === 'none') throw refuse('codeRequired');
        if (checked.outcome !== 'ok') throw checkRefusal(checked);
      }
      // Refused before asking the bank: another borrower's account is never checked again for this one.
      if (await repo.takenByOther(keyed.accountLookup, borrower.id))
        throw new AppError(ERROR_CODE.CONFLICT, 'bankAccount:refusals.taken', 409);
      let answer: Awaited<ReturnType<BankVerifier['verify']>>;
      try {
        answer = await verifier.verify({ market, bankCode, account, nameOnFile: person.name });
      } catch (err) {
        if (err instanceof BankVerificationUnavailable)
          throw new AppError(ERROR_CODE.UNAVAILABLE, 'bankAccount:refusals.unavailable', 503);
        throw err;
      }
      if (answer.outcome === 'noAccount') throw refuse('noAccount');
      const match = namesMatch(person.name, answer.holderName);
      const outcome = await repo.save(
        {
          borrowerId: borrower.id,
          market,
          bankCode,
          ...keyed,
          holderName: answer.holderName,
          status: match ? 'verified' : 'review',
          // For staff: which names differed (the borrower reads the message in their language).
          reason: match ? null : 'nameMismatch',
          providerRef: answer.reference,
          now: clock.now(),
        },
        current?.id ?? null,
      );
      if ('taken' in outcome) throw new AppError(ERROR_CODE.CONFLICT, 'bankAccount:refusals.taken', 409);
      if ('changedMeanwhile' in outcome)
        throw new AppError(ERROR_CODE.CONFLICT, 'bankAccount:refusals.changedMeanwhile', 409);
      return view(market, lang, outcome.saved);
    },
  };
}
export type BankService = ReturnType<typeof bankService>;
