import type { AdminOrder, AdminOrderItem } from '../../../../shared/contract/admin.ts';

/** Orders as the server sends them, for the order screens' tests. */

export function orderItem(overrides: Partial<AdminOrderItem> = {}): AdminOrderItem {
  return {
    orderNo: 'IN001',
    market: 'IN',
    borrowerName: 'Priya Sharma',
    borrowerPhone: '******3210',
    productName: 'Salary Advance',
    amountMinor: 1_500_000,
    amount: '₹15,000',
    status: 21,
    createdAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    orderNo: 'IN001',
    market: 'IN',
    status: 21,
    amountMinor: 1_500_000,
    amount: '₹15,000',
    termDays: 91,
    borrowerName: 'Priya Sharma',
    borrowerPhone: '******3210',
    productName: 'Salary Advance',
    createdAt: '2026-11-20T04:30:00.000Z',
    disbursedAt: null,
    dueAt: null,
    quote: {
      disbursed: '₹14,800',
      interest: '₹955',
      fees: [{ name: 'processing', amount: '₹200', timing: 'upfront' }],
      totalRepayable: '₹15,955',
      aprBp: 4_213,
    },
    events: [
      {
        operation: 'submit',
        fromStatus: null,
        toStatus: 21,
        actor: 'borrower:1',
        actorName: null,
        reasonCode: null,
        reason: '',
        at: '2026-11-20T04:30:00.000Z',
      },
    ],
    ...overrides,
  };
}
