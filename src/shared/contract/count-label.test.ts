import { describe, expect, it } from 'vitest';
import { countLabel, LIST_PAGE } from './constants.ts';

describe('countLabel', () => {
  it('shows counts up to the cap as they are and anything past it as "99+"', () => {
    expect(countLabel(0)).toBe('0');
    expect(countLabel(LIST_PAGE.countCap)).toBe('99');
    expect(countLabel(LIST_PAGE.countCap + 1)).toBe('99+');
  });
});
