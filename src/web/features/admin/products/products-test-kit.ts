import type { AdminProduct } from '../../../../shared/contract/admin.ts';

/** Products as the server sends them, for the product screens' tests. */

/** An Indian product on India's terms of spec §9 (paise in a fee, to see amounts kept exactly). */
export function inProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 4,
    market: 'IN',
    code: 'kredito-flex',
    name: 'Kredito Flex',
    logoUrl: '/favicon.svg',
    terms: {
      amountMin: 200_000,
      amountMax: 8_000_000,
      amountStep: 100_000,
      termDays: [91, 180, 365],
      installments: 3,
      dailyInterestPpm: 700,
      fees: [
        { name: 'processing', fixed: 20_050, timing: 'upfront' },
        { name: 'service', rateBp: 125, timing: 'added' },
      ],
      lateFee: { newBorrower: 100_000, repeatBorrower: 80_000 },
      lateChargeTiers: [
        { fromDay: 1, dailyPpm: 50_000 },
        { fromDay: 31, dailyPpm: 40_000 },
      ],
      coolingOffDays: 3,
      earlyRepaymentMinDay: 7,
      earlyRepaymentMinTermBp: 5_000,
      extension: { feeBp: 750, days: 7 },
    },
    copy: {
      en: { description: 'Cash in two hours', tags: ['Fast', 'No collateral'] },
      id: { description: 'Dana cair dalam dua jam', tags: ['Cepat'] },
    },
    enabled: true,
    sort: 1,
    dailyQuota: 50,
    termsVersion: 1,
    updatedAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

/** An Indonesian product within the caps: 0.08 % a day and a 0.5 % fee, under 0.1 % a day of cost. */
export function idProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return inProduct({
    id: 9,
    market: 'ID',
    code: 'kredito-kilat',
    name: 'Kredito Kilat',
    terms: {
      amountMin: 100_000_000,
      amountMax: 1_500_000_000,
      amountStep: 50_000_000,
      termDays: [30, 60],
      installments: 1,
      dailyInterestPpm: 800,
      fees: [{ name: 'processing', rateBp: 50, timing: 'upfront' }],
      lateFee: { newBorrower: 5_000_000, repeatBorrower: 4_000_000 },
      lateChargeTiers: [{ fromDay: 1, dailyPpm: 1_000 }],
      coolingOffDays: 2,
      earlyRepaymentMinDay: 0,
      earlyRepaymentMinTermBp: 0,
    },
    enabled: false,
    dailyQuota: null,
    ...overrides,
  });
}
