import {
  PAY_CHOICE_STORAGE_KEY,
  PAY_DEFAULTS,
  PAY_TYPE,
  type PayType,
} from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';
import {
  DEFAULT_PAY_CHOICE,
  INDIA_DEFAULT_CHOICE,
  type PayChoice,
  storage,
  storedFor,
} from './pay-choice.ts';

/**
 * The chooser's side of the stored choice (spec §4, §9): making and keeping the borrower's own choice, and
 * what the chooser starts from. Apart from pay-choice.ts so that the pay page does not load it.
 */

/** Keeps the choice; false when the browser would not (private mode, full storage). */
export function writePayChoice(choice: PayChoice): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(PAY_CHOICE_STORAGE_KEY, JSON.stringify(choice));
    return true;
  } catch {
    return false;
  }
}

/** The borrower's own choice of the `index`-th bank or store of the list (spec §9: isDefault 0). */
export function manualPayChoice(payType: PayType, payCode: string, index: number, method = ''): PayChoice {
  return {
    payType,
    payCode,
    specificNum: index + PAY_DEFAULTS.specificNumOffset,
    isDefault: PAY_DEFAULTS.manualIsDefault,
    method,
  };
}

/** The pay type the chooser opens on: the stored choice's, else the market's default. */
export function chooserPayType(market: Market): PayType {
  return storedFor(market)?.payType ?? (market === 'IN' ? PAY_TYPE.UPI : DEFAULT_PAY_CHOICE.payType);
}

/** What the chooser pre-selects: the stored choice (for this market), else the defaults. */
export function chooserStart(market: Market): PayChoice {
  return storedFor(market) ?? (market === 'IN' ? INDIA_DEFAULT_CHOICE : DEFAULT_PAY_CHOICE);
}
