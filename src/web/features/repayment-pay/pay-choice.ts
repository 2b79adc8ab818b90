import {
  PAY_CHOICE_STORAGE_KEY,
  PAY_DEFAULTS,
  PAY_TYPE,
  type PayType,
} from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';

/**
 * The chooser's choice (spec §4, §9), kept in local storage for `/that`: which pay type, which bank or
 * store (`payCode` and its place in the list + 1), the way to pay at a bank, and whether the borrower
 * chose it (isDefault 0) or it is the default (1). Reading it is here; making and keeping a choice is
 * the chooser's (chooser-choice.ts).
 */
export interface PayChoice {
  payType: PayType;
  /** The bank's or store's code from init-pay-type; `UPI` for UPI; '' when none is chosen. */
  payCode: string;
  /** The bank's or store's place in the list + 1 (spec §9). */
  specificNum: number;
  /** 1 until the borrower chooses, then 0 (spec §9). */
  isDefault: 0 | 1;
  /** The way to pay at the bank (`ATM`, `MobileBank`, `InternetBank`); '' for stores and UPI. */
  method: string;
}

/** What a borrower who has chosen nothing gets: the bank type, no bank yet (0: no place), default (spec §9). */
export const DEFAULT_PAY_CHOICE: PayChoice = {
  payType: PAY_DEFAULTS.payType,
  payCode: '',
  specificNum: 0,
  isDefault: PAY_DEFAULTS.isDefault,
  method: '',
};

/** India pays by UPI only: the one way (first of a list of one), chosen or not. */
export const UPI_PAY_CODE = 'UPI';
export const INDIA_DEFAULT_CHOICE: PayChoice = {
  payType: PAY_TYPE.UPI,
  payCode: UPI_PAY_CODE,
  specificNum: PAY_DEFAULTS.specificNumOffset,
  isDefault: PAY_DEFAULTS.isDefault,
  method: '',
};

/** The pay types each market offers (the server's init-pay-type says the same, in this order). */
export const MARKET_PAY_TYPES: Record<Market, readonly PayType[]> = {
  ID: [PAY_TYPE.BANK, PAY_TYPE.STORE],
  IN: [PAY_TYPE.UPI],
};

// What the server accepts (repayment.ts): a pay code of letters, digits and _, at most 32; 0-999.
const PAY_CODE = /^[A-Za-z0-9_]{1,32}$/;
const METHOD = /^[A-Za-z0-9_ -]{0,40}$/;

function isPayType(value: unknown): value is PayType {
  return value === PAY_TYPE.BANK || value === PAY_TYPE.STORE || value === PAY_TYPE.UPI;
}

/** A stored value read back, or null when it is not a whole, valid choice. */
export function parsePayChoice(value: unknown): PayChoice | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isPayType(v.payType)) return null;
  if (typeof v.payCode !== 'string' || !PAY_CODE.test(v.payCode)) return null;
  if (typeof v.specificNum !== 'number' || !Number.isInteger(v.specificNum)) return null;
  if (v.specificNum < 0 || v.specificNum > 999) return null;
  if (v.isDefault !== 0 && v.isDefault !== 1) return null;
  const method = v.method ?? '';
  if (typeof method !== 'string' || !METHOD.test(method)) return null;
  return {
    payType: v.payType,
    payCode: v.payCode,
    specificNum: v.specificNum,
    isDefault: v.isDefault,
    method,
  };
}

export function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // A web view with storage turned off throws on the mere access.
    return null;
  }
}

/** The stored choice, or null when there is none (or it is unreadable: corrupt, old, hand-edited). */
export function readStoredPayChoice(): PayChoice | null {
  try {
    const raw = storage()?.getItem(PAY_CHOICE_STORAGE_KEY);
    return raw ? parsePayChoice(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** The stored choice, or the defaults (spec §9) when there is none: never throws. */
export function readPayChoice(): PayChoice {
  return readStoredPayChoice() ?? DEFAULT_PAY_CHOICE;
}

/** The stored choice if its pay type is one the market offers, else null. */
export function storedFor(market: Market): PayChoice | null {
  const stored = readStoredPayChoice();
  return stored && MARKET_PAY_TYPES[market].includes(stored.payType) ? stored : null;
}

/**
 * What `/that` pays with: the stored choice (for this market); in India, UPI when none is stored; in
 * Indonesia null, because there is no bank or store to name yet: the borrower chooses first.
 */
export function payPageChoice(market: Market): PayChoice | null {
  return storedFor(market) ?? (market === 'IN' ? INDIA_DEFAULT_CHOICE : null);
}
