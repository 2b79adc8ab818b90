import type { LoanDetails, RecommendedProduct } from '../../../shared/contract/loans.ts';

/** Test helpers of the loan-details screens: the shared network edge, shell, toasts and router, and loans. */

export { ok, reply, stubFetch } from '../../test/fake-fetch.ts';
export { fakeNativeShell } from '../../test/fake-shell.ts';
export { captureToasts, Marker, renderAt, settle } from '../../test/screen-kit.tsx';

export function product(id: number, overrides: Partial<RecommendedProduct> = {}): RecommendedProduct {
  return {
    id,
    productLogo: `/logo-${id}.png`,
    productName: `Product ${id}`,
    buttonStatus: 1,
    buttonText: 'Apply',
    amountRange: '₹5,000 - ₹50,000',
    amountRangeDes: 'Loan amount',
    loan_rate: '0.08%/day',
    productDesc: 'Money in 2 hours',
    productTags: ['Fast'],
    ...overrides,
  };
}

export function loanDetails(overrides: Partial<LoanDetails> = {}): LoanDetails {
  return {
    orderNo: 'IN001',
    orderStatus: 21,
    noticeStatusText: 'Under review',
    noticeDesText: 'We are checking your application.',
    productId: 9,
    productName: 'Salary Advance',
    productLogo: '/logo.png',
    userOrderDetail: {
      detail: [
        { text: 'Loan amount', value: '₹15,000' },
        { text: 'Due date', value: '12 Dec 2026' },
      ],
    },
    recProducts: [product(3), product(4)],
    h5Url: '/installment?orderId=IN001&productId=9',
    delayUrl: '/repaymentDelay?orderId=IN001&productId=9',
    isDelay: '0',
    isScore: '0',
    telephone: '1800 123 456',
    coolingOff: null,
    rejection: null,
    ...overrides,
  };
}
