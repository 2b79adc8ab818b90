import { PAY_TYPE, type PayType } from '../contract/constants.ts';
import type { Market } from '../markets.ts';

/**
 * The ways to pay per market (issue 9). Indonesia: bank virtual accounts (the banks most borrowers hold,
 * each payable at an ATM, in its app or online) and the two national mini-market chains. India: UPI,
 * which every bank account can pay from. The codes are what the gateway knows them by.
 */
export const BANK_METHODS = ['ATM', 'MobileBank', 'InternetBank'] as const;
export type BankMethod = (typeof BANK_METHODS)[number];

export const PAY_OPTIONS: Record<
  Market,
  { payTypes: PayType[]; banks: Array<{ payCode: string; bankName: string }>; markets: string[] }
> = {
  ID: {
    payTypes: [PAY_TYPE.BANK, PAY_TYPE.STORE],
    banks: [
      { payCode: 'BCA', bankName: 'BCA' },
      { payCode: 'BNI', bankName: 'BNI' },
      { payCode: 'BRI', bankName: 'BRI' },
      { payCode: 'MANDIRI', bankName: 'Bank Mandiri' },
      { payCode: 'PERMATA', bankName: 'Bank Permata' },
    ],
    markets: ['ALFAMART', 'INDOMARET'],
  },
  IN: { payTypes: [PAY_TYPE.UPI], banks: [], markets: [] },
};

/**
 * The name a borrower reads for each mini market's pay code (the codes are the gateway's, in capitals):
 * the chooser, the pay page, its steps and the receipts all name a store from here (issue 29), as they
 * name a bank from `banks[].bankName`.
 */
export const STORE_NAMES: Record<string, string> = { ALFAMART: 'Alfamart', INDOMARET: 'Indomaret' };

/** A mini market's display name from its pay code (the code itself for one not listed). */
export function storeName(payCode: string): string {
  return STORE_NAMES[payCode] ?? payCode;
}

/** The UPI payee the intents name (the lender's collection account's VPA). */
export const UPI_PAYEE = { vpa: 'repay.kredito@icici', name: 'Kredito Finance India' } as const;

/** The name shown for a pay code of a pay type, or null when the market does not offer it. */
export function payName(market: Market, payType: number, payCode: string): string | null {
  const options = PAY_OPTIONS[market];
  if (!options.payTypes.includes(payType as PayType)) return null;
  if (payType === PAY_TYPE.BANK) return options.banks.find((b) => b.payCode === payCode)?.bankName ?? null;
  if (payType === PAY_TYPE.STORE) return options.markets.includes(payCode) ? storeName(payCode) : null;
  return payCode === 'UPI' ? 'UPI' : null;
}
