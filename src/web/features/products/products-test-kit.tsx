import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import { reply } from '../../test/fake-fetch.ts';

/** Test helpers of the product screens: the shared network edge, shell, toasts and router, and products. */

export { reply, stubFetch } from '../../test/fake-fetch.ts';
export { fakeNativeShell, removeNativeShell } from '../../test/fake-shell.ts';
export { captureToasts, Marker, renderAt } from '../../test/screen-kit.tsx';

/** The `/indah` families' success (spec §8). */
export const ok00 = (data: unknown) => reply({ code: '00', data, message: '' });

export function product(id: number, overrides: Partial<RecommendedProduct> = {}): RecommendedProduct {
  return {
    id,
    productLogo: `/logos/${id}.png`,
    productName: `Product ${id}`,
    buttonStatus: 1,
    buttonText: 'Apply now',
    amountRange: '₹5,000 - ₹50,000',
    amountRangeDes: 'Loan amount',
    loan_rate: '0.08%/day',
    productDesc: `Description of product ${id}`,
    productTags: [`Tag ${id}a`, `Tag ${id}b`],
    ...overrides,
  };
}
