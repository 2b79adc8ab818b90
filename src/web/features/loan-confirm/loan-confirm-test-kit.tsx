import { act } from '@testing-library/react';
import type { LoanConfirm } from '../../../shared/contract/loans.ts';
import { formatMoney } from '../../../shared/domain/money.ts';
import type { Market } from '../../../shared/markets.ts';

/** Test helpers of the loan confirmation: the shared network edge, toasts and router, and offers. */

export { type FetchHandler, NETWORK_DOWN, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
export { captureToasts, Marker, renderAt } from '../../test/screen-kit.tsx';

/** A promise whose settling the test decides. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending replies and renders through. */
export async function flush(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export const PRODUCT = {
  amountMin: 200_000,
  amountMax: 8_000_000,
  amountStep: 100_000,
  terms: [91, 120, 180],
};

/** The quote id the fake server gives an amount and term (22 characters, as the server's). */
export const quoteIdOf = (amount: number, periods: number, version = 1) =>
  `Q${version}${String(amount).padStart(12, '0')}${String(periods).padStart(8, '0')}`;

/**
 * An offer as the server writes it, its figures following the amount and term (so a test can tell a new
 * quote from the old one): interest 0.08 %/day, a 5 % processing fee kept from the disbursal.
 */
export function offer(
  amount: number = PRODUCT.amountMax,
  periods: number = Math.max(...PRODUCT.terms),
  overrides: Partial<LoanConfirm> = {},
  market: Market = 'IN',
): LoanConfirm {
  const money = (minor: number) => formatMoney(minor, market);
  const fee = Math.round(amount * 0.05);
  const interest = Math.round((amount * periods * 8) / 10_000);
  const total = amount + interest;
  return {
    productId: 7,
    productLogo: '/logo/quick-cash.png',
    productName: 'Quick Cash',
    amount,
    amountText: money(amount),
    periods,
    termUnit: 'day',
    choices: {
      amountMin: PRODUCT.amountMin,
      amountMax: PRODUCT.amountMax,
      amountStep: PRODUCT.amountStep,
      amountMinText: money(PRODUCT.amountMin),
      amountMaxText: money(PRODUCT.amountMax),
      terms: PRODUCT.terms,
    },
    pRateDsc: 'Interest 0.08%/day',
    details: [
      { title: 'Loan amount', value: money(amount) },
      { title: 'Term', value: `${periods} days` },
    ],
    repay_plans: [
      {
        title: 'Single repayment',
        description: `Principal ${money(amount)} + interest ${money(interest)}`,
        amount: money(total),
        pay_time: `Due day ${periods}`,
      },
    ],
    keyFacts: {
      title: 'Key fact statement',
      rows: [
        { key: 'principal', title: 'Loan amount', value: money(amount) },
        { key: 'disbursed', title: 'Amount disbursed to you', value: money(amount - fee) },
        { key: 'fee.processing', title: 'Processing fee (kept from the disbursal)', value: money(fee) },
        { key: 'interest', title: 'Interest', value: money(interest) },
        { key: 'total', title: 'Total repayable', value: money(total) },
        { key: 'apr', title: 'Annual percentage rate (APR)', value: '48.12%' },
        { key: 'dueDate', title: 'Due date', value: `day ${periods}` },
        { key: 'coolingOff', title: 'Cooling-off period', value: '3 days' },
        { key: 'lateCharges', title: 'Late charges', value: 'Late fee ₹1,000; 5%/day from day 1' },
      ],
      principal: amount,
      disbursed: amount - fee,
      interest,
      fees: [{ name: 'processing', title: 'Processing fee', amount: fee, timing: 'upfront' }],
      totalRepayable: total,
      aprBp: 4812,
      dueDates: ['2027-05-20'],
      coolingOffDays: 3,
    },
    quote: {
      id: quoteIdOf(amount, periods),
      termsVersion: 1,
      validUntil: '2026-11-27T10:30:00.000Z',
      principal: amount,
      disbursed: amount - fee,
      totalRepayable: total,
      aprBp: 4812,
    },
    isPopType: 0,
    popTitle: '',
    popContent: '',
    popAgreementUrl: '',
    languageType: 1,
    note: 'Figures if the loan were disbursed today.',
    ...overrides,
  };
}
