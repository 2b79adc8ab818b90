import { describe, expect, it } from 'vitest';
import { ORDER_OPERATION_NAMES, transition } from './order-lifecycle.ts';
import { ORDER_STATUS } from './order-status.ts';

const ALL = [null, ...Object.values(ORDER_STATUS)];

/** The brief's §4 lifecycle as a table: what each operation may do, from where. */
const ALLOWED: Record<string, Array<[number | null, number]>> = {
  submit: [[null, 21]],
  approve: [[21, 151]],
  reject: [[21, 110]],
  disburse: [[151, 170]],
  fallDue: [[170, 174]],
  goOverdue: [
    [170, 180],
    [174, 180],
  ],
  cure: [
    [174, 170],
    [180, 170],
  ],
  extend: [
    [174, 170],
    [180, 170],
  ],
  settle: [
    [170, 200],
    [174, 200],
    [180, 200],
  ],
};

describe('order lifecycle', () => {
  it('allows exactly the moves of the table and refuses every other, for every operation and status', () => {
    for (const operation of ORDER_OPERATION_NAMES) {
      for (const from of ALL) {
        const result = transition(operation, from, 'a reason');
        const expected = ALLOWED[operation]!.find(([f]) => f === from);
        if (expected) expect(result, `${operation} from ${from}`).toEqual({ to: expected[1] });
        else
          expect(result, `${operation} from ${from}`).toEqual({
            refused: { code: 'illegalTransition', operation, from },
          });
      }
    }
  });

  it('never leaves a settled or rejected loan, and never enters a legacy code', () => {
    for (const operation of ORDER_OPERATION_NAMES) {
      expect('to' in transition(operation, 200, 'x')).toBe(false);
      expect('to' in transition(operation, 110, 'x')).toBe(false);
      const r = transition(operation, null, 'x');
      if ('to' in r) expect([3, 4, 5]).not.toContain(r.to);
    }
  });

  it('asks a rejection for its reason', () => {
    expect(transition('reject', 21)).toEqual({ refused: { code: 'reasonRequired', operation: 'reject' } });
    expect(transition('reject', 21, '   ')).toEqual({
      refused: { code: 'reasonRequired', operation: 'reject' },
    });
    expect(transition('reject', 21, 'Income could not be verified')).toEqual({ to: 110 });
  });
});
