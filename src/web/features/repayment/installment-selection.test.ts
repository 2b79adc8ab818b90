import { describe, expect, it } from 'vitest';
import {
  allSelected,
  canPay,
  canSelectAll,
  canStart,
  canToggle,
  chooserPath,
  clampCount,
  detailsPath,
  initialCount,
  type SelectablePeriod,
  selectAll,
  selectedTotal,
  toggle,
} from './installment-selection.ts';

/** Three waiting periods as the server sends them: only the first is marked clickable. */
const three: SelectablePeriod[] = [
  { totalAmount: 512_050, canClick: 1 },
  { totalAmount: 500_000, canClick: 0 },
  { totalAmount: 499_999, canClick: 0 },
];
const one: SelectablePeriod[] = [{ totalAmount: 700_000, canClick: 1 }];
const blocked: SelectablePeriod[] = [
  { totalAmount: 500_000, canClick: 0 },
  { totalAmount: 500_000, canClick: 0 },
];

describe('installment selection', () => {
  it('starts with the first waiting period checked, or nothing when the server allows none', () => {
    expect(initialCount(three)).toBe(1);
    expect(initialCount(one)).toBe(1);
    expect(initialCount(blocked)).toBe(0);
    expect(initialCount([])).toBe(0);
    expect(canStart(blocked)).toBe(false);
  });

  it('lets only the first period be tapped at first, then each next one once the one before is checked', () => {
    expect([0, 1, 2].map((i) => canToggle(three, 0, i))).toEqual([true, false, false]);
    expect([0, 1, 2].map((i) => canToggle(three, 1, i))).toEqual([true, true, false]);
    expect([0, 1, 2].map((i) => canToggle(three, 2, i))).toEqual([true, true, true]);
    expect(canToggle(three, 3, 3)).toBe(false);
    expect(canToggle(blocked, 0, 0)).toBe(false);
  });

  it('checks a period only in order: a tap on a later one changes nothing', () => {
    expect(toggle(three, 0, 2)).toBe(0);
    expect(toggle(three, 1, 2)).toBe(1);
    expect(toggle(three, 0, 0)).toBe(1);
    expect(toggle(three, 1, 1)).toBe(2);
    expect(toggle(three, 2, 2)).toBe(3);
    expect(toggle(blocked, 0, 0)).toBe(0);
  });

  it('unchecking a period unchecks every later one', () => {
    expect(toggle(three, 3, 1)).toBe(1);
    expect(toggle(three, 3, 0)).toBe(0);
    expect(toggle(three, 2, 1)).toBe(1);
    expect(toggle(three, 3, 2)).toBe(2);
  });

  it('sums the totalAmount of the checked periods, in minor units', () => {
    expect(selectedTotal(three, 0)).toBe(0);
    expect(selectedTotal(three, 1)).toBe(512_050);
    expect(selectedTotal(three, 2)).toBe(1_012_050);
    expect(selectedTotal(three, 3)).toBe(1_512_049);
  });

  it('select-all toggles between every waiting period and the first one only', () => {
    expect(selectAll(three, 1)).toBe(3);
    expect(selectAll(three, 0)).toBe(3);
    expect(selectAll(three, 2)).toBe(3);
    expect(selectAll(three, 3)).toBe(1);
    expect(allSelected(three, 3)).toBe(true);
    expect(allSelected(three, 2)).toBe(false);
    expect(allSelected([], 0)).toBe(false);
  });

  it('select-all does nothing when nothing may be chosen, or when all is the one chosen period', () => {
    expect(selectAll(blocked, 0)).toBe(0);
    expect(canSelectAll(blocked, 0)).toBe(false);
    expect(canSelectAll(one, 1)).toBe(false);
    expect(canSelectAll(one, 0)).toBe(true);
    expect(canSelectAll(three, 3)).toBe(true);
  });

  it('select-all never unchecks a period checked by hand while a later one must wait (issue 29)', () => {
    // Three waiting, two payable now: periods 1 and 2 checked by hand are all select-all can reach.
    const payable = three.slice(0, 2);
    expect(allSelected(payable, 2, 3)).toBe(false);
    expect(selectAll(payable, 2, 3)).toBe(2);
    expect(canSelectAll(payable, 2, 3)).toBe(false);
    // From the first only, it checks every payable one.
    expect(selectAll(payable, 1, 3)).toBe(2);
    expect(canSelectAll(payable, 1, 3)).toBe(true);
    // Every waiting period payable and checked: the spec's toggle back to the first.
    expect(selectAll(three, 3, 3)).toBe(1);
    expect(selectAll(three, 2, 3)).toBe(3);
  });

  it('blocks paying at zero', () => {
    expect(canPay(0)).toBe(false);
    expect(canPay(selectedTotal(three, 0))).toBe(false);
    expect(canPay(1)).toBe(true);
  });

  it('keeps a selection within the periods still waiting after a refetch', () => {
    expect(clampCount(three, 5)).toBe(3);
    expect(clampCount(one, 3)).toBe(1);
    expect(clampCount(three, 2)).toBe(2);
    expect(clampCount(blocked, 2)).toBe(0);
  });
});

describe('repayment addresses', () => {
  it('sends the chooser the order, the amount as plain minor units and what it pays', () => {
    expect(chooserPath({ productId: 9, orderId: 'IN001', amount: 150_000_000, display: 0 })).toBe(
      '/individual?productId=9&orderId=IN001&amount=150000000&display=0',
    );
    expect(chooserPath({ productId: 9, orderId: 'ID7', amount: 2_500, display: 1 })).toBe(
      '/individual?productId=9&orderId=ID7&amount=2500&display=1',
    );
  });

  it("leads back to the order's loan details, with its product when known", () => {
    expect(detailsPath('IN001', 9)).toBe('/loanDetails?orderId=IN001&productId=9');
    expect(detailsPath('IN001', null)).toBe('/loanDetails?orderId=IN001');
  });
});
