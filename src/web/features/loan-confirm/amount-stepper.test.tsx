import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Market } from '../../../shared/markets.ts';
import { AmountStepper, parseAmount, snapAmount, stepAmount } from './amount-stepper.tsx';

/** The products of the two markets: ₹2,000 to ₹80,000 by ₹1,000; Rp 1.000.000 to Rp 15.000.000 by Rp 500.000. */
const RANGES = {
  IN: { min: 200_000, max: 8_000_000, step: 100_000, label: 'Loan amount' },
  ID: { min: 100_000_000, max: 1_500_000_000, step: 50_000_000, label: 'Jumlah pinjaman' },
} as const;

type Change = [number, 'step' | 'typing'];

interface HolderProps {
  market: Market;
  value: number;
  disabled?: boolean;
  changes: Change[];
  commits: number[];
}

/** The stepper as the page holds it: the value follows what it reports; every report is recorded. */
function Holder({ market, value, disabled, changes, commits }: HolderProps) {
  const [amount, setAmount] = useState(value);
  const range = RANGES[market];
  return (
    <>
      <AmountStepper
        value={amount}
        min={range.min}
        max={range.max}
        step={range.step}
        market={market}
        label={range.label}
        describedBy="range"
        disabled={disabled}
        onChange={(minor, how) => {
          changes.push([minor, how]);
          setAmount(minor);
        }}
        onCommit={(minor) => {
          commits.push(minor);
          setAmount(minor);
        }}
      />
      <p id="range">the range</p>
      <button type="button">elsewhere</button>
    </>
  );
}

function renderStepper(market: Market, value: number, options: { disabled?: boolean } = {}) {
  const changes: Change[] = [];
  const commits: number[] = [];
  render(
    <Holder market={market} value={value} disabled={options.disabled} changes={changes} commits={commits} />,
  );
  const field = () => screen.getByRole('spinbutton', { name: RANGES[market].label }) as HTMLInputElement;
  return { changes, commits, field };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** The no-break space between `Rp` and its amount (names keep it). */
const NBSP = '\u00a0';

describe('AmountStepper: what it says', () => {
  it('is a labelled numeric field between − and + buttons that name their step (English, ₹)', () => {
    const { field } = renderStepper('IN', 8_000_000);
    const input = field();
    expect(input.tagName).toBe('INPUT');
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('numeric');
    expect(input.labels?.[0]?.textContent).toBe('Loan amount');
    expect(input.getAttribute('aria-describedby')).toBe('range');
    expect(input.value).toBe('₹80,000');
    expect(input.getAttribute('aria-valuetext')).toBe('₹80,000');
    expect(input.getAttribute('aria-valuenow')).toBe('80000');
    expect(input.getAttribute('aria-valuemin')).toBe('2000');
    expect(input.getAttribute('aria-valuemax')).toBe('80000');
    for (const name of ['−₹1,000', '+₹1,000']) {
      expect(button(name).type).toBe('button');
    }
    // The − button, the field, the + button, in that order.
    const order = [button('−₹1,000'), input, button('+₹1,000')];
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('in Indonesian, with rupiah amounts', () => {
    const { field } = renderStepper('ID', 300_000_000);
    const input = field();
    expect(input.labels?.[0]?.textContent).toBe('Jumlah pinjaman');
    expect(input.value).toBe(`Rp${NBSP}3.000.000`);
    expect(input.getAttribute('aria-valuetext')).toBe(`Rp${NBSP}3.000.000`);
    expect(input.getAttribute('aria-valuenow')).toBe('3000000');
    expect(button(`−Rp${NBSP}500.000`)).toBeTruthy();
    expect(button(`+Rp${NBSP}500.000`)).toBeTruthy();
  });
});

describe('AmountStepper: buttons', () => {
  it('move one step each tap, reported as steps', async () => {
    const user = userEvent.setup();
    const { changes, field } = renderStepper('IN', 5_000_000);
    await user.click(button('+₹1,000'));
    await user.click(button('+₹1,000'));
    await user.click(button('−₹1,000'));
    expect(changes).toEqual([
      [5_100_000, 'step'],
      [5_200_000, 'step'],
      [5_100_000, 'step'],
    ]);
    expect(field().getAttribute('aria-valuetext')).toBe('₹51,000');
  });

  it('at the maximum + is unavailable and does nothing, keeping its focus; − still works', async () => {
    const user = userEvent.setup();
    const { changes, field } = renderStepper('IN', 7_900_000);
    const plus = button('+₹1,000');
    expect(plus.getAttribute('aria-disabled')).toBeNull();
    await user.click(plus);
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    // Enter on the focused button again: nothing moves, and the keyboard user is still on the button.
    await user.keyboard('{Enter}');
    await user.click(plus);
    expect(changes).toEqual([[8_000_000, 'step']]);
    expect(document.activeElement).toBe(plus);
    expect(field().value).toBe('₹80,000');
    expect(button('−₹1,000').getAttribute('aria-disabled')).toBeNull();
  });

  it('at the minimum − is unavailable and does nothing', async () => {
    const user = userEvent.setup();
    const { changes } = renderStepper('ID', 150_000_000);
    const minus = button(`−Rp${NBSP}500.000`);
    await user.click(minus);
    expect(changes).toEqual([[100_000_000, 'step']]);
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    await user.click(minus);
    expect(changes).toHaveLength(1);
    expect(button(`+Rp${NBSP}500.000`).getAttribute('aria-disabled')).toBeNull();
  });

  it('disabled as a whole (while the loan is being confirmed): buttons and field', () => {
    const { field } = renderStepper('IN', 5_000_000, { disabled: true });
    expect(field().disabled).toBe(true);
    expect(button('−₹1,000').disabled).toBe(true);
    expect(button('+₹1,000').disabled).toBe(true);
  });
});

describe('AmountStepper: typing', () => {
  it('reports the amount the text would give, on the steps, and commits it when the field is left', async () => {
    const user = userEvent.setup();
    const { changes, commits, field } = renderStepper('IN', 8_000_000);
    await user.click(field());
    // Focus selects the amount: typing replaces it.
    await user.keyboard('12345');
    expect(field().value).toBe('12345');
    expect(changes.at(-1)).toEqual([1_200_000, 'typing']);
    // Until the last digits, the amount was below the range: its minimum.
    expect(changes.slice(0, 4).map(([minor]) => minor)).toEqual([200_000, 200_000, 200_000, 200_000]);
    expect(commits).toEqual([]);
    await user.tab();
    expect(commits).toEqual([1_200_000]);
    expect(field().value).toBe('₹12,000');
  });

  it.each([
    ['12499', 1_200_000],
    ['12500', 1_300_000],
    ['5', 200_000],
    ['999999', 8_000_000],
    ['80,000.50', 8_000_000],
    ['₹45,678', 4_600_000],
    ['0045000', 4_500_000],
  ])('₹: %s is taken as %i', async (typed, expected) => {
    const user = userEvent.setup();
    const { commits, field } = renderStepper('IN', 5_000_000);
    await user.click(field());
    await user.keyboard(typed);
    await user.keyboard('{Enter}');
    expect(commits).toEqual([expected]);
  });

  it.each([
    ['1.234.567', 100_000_000],
    ['1300000', 150_000_000],
    ['Rp 7.000.000,75', 700_000_000],
    ['99.000.000', 1_500_000_000],
  ])('Rp: %s is taken as %i', async (typed, expected) => {
    const user = userEvent.setup();
    const { commits, field } = renderStepper('ID', 300_000_000);
    await user.click(field());
    await user.keyboard(typed);
    await user.tab();
    expect(commits).toEqual([expected]);
  });

  it('Enter commits what was typed', async () => {
    const user = userEvent.setup();
    const { commits, field } = renderStepper('IN', 8_000_000);
    await user.click(field());
    await user.keyboard('30000{Enter}');
    expect(commits).toEqual([3_000_000]);
    expect(field().value).toBe('₹30,000');
  });

  it('a field left empty (or without digits) goes back to the amount it had', async () => {
    const user = userEvent.setup();
    const { changes, commits, field } = renderStepper('IN', 5_000_000);
    await user.click(field());
    await user.keyboard('{Backspace}');
    expect(field().value).toBe('');
    expect(changes).toEqual([[5_000_000, 'typing']]);
    await user.keyboard('abc');
    await user.tab();
    expect(commits).toEqual([5_000_000]);
    expect(field().value).toBe('₹50,000');
  });
});

describe('AmountStepper: keyboard', () => {
  it('↑ and ↓ move one step and the new amount is what the field says', async () => {
    const user = userEvent.setup();
    const { changes, field } = renderStepper('IN', 5_000_000);
    await user.click(field());
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(changes).toEqual([
      [5_100_000, 'step'],
      [5_200_000, 'step'],
      [5_100_000, 'step'],
      [5_000_000, 'step'],
      [4_900_000, 'step'],
    ]);
    expect(field().value).toBe('₹49,000');
    expect(field().getAttribute('aria-valuetext')).toBe('₹49,000');
    expect(field().getAttribute('aria-valuenow')).toBe('49000');
  });

  it('in Indonesian too, and stops at the bounds', async () => {
    const user = userEvent.setup();
    const { changes, field } = renderStepper('ID', 1_450_000_000);
    await user.click(field());
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(changes).toEqual([[1_500_000_000, 'step']]);
    expect(field().getAttribute('aria-valuetext')).toBe(`Rp${NBSP}15.000.000`);
  });

  it('↑ after typing moves from the typed amount', async () => {
    const user = userEvent.setup();
    const { changes, field } = renderStepper('IN', 8_000_000);
    await user.click(field());
    await user.keyboard('12345{ArrowUp}');
    expect(changes.at(-1)).toEqual([1_300_000, 'step']);
    expect(field().value).toBe('₹13,000');
  });

  it('the arrow keys do not also move the caret or scroll', () => {
    const { field } = renderStepper('IN', 5_000_000);
    const notCancelled = fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(notCancelled).toBe(false);
  });
});

describe('amount arithmetic (integer minor units)', () => {
  const { min, max, step } = RANGES.IN;
  it('snaps to the nearest step within the range', () => {
    expect(snapAmount(1_234_500, min, max, step)).toBe(1_200_000);
    expect(snapAmount(1_250_000, min, max, step)).toBe(1_300_000);
    expect(snapAmount(100, min, max, step)).toBe(min);
    expect(snapAmount(9_000_000, min, max, step)).toBe(max);
    expect(snapAmount(Number.NaN, min, max, step)).toBe(min);
    // A maximum off the steps is still offered, and nothing snaps past it.
    expect(snapAmount(7_990_000, min, 8_050_000, step)).toBe(8_000_000);
    expect(snapAmount(8_020_000, min, 8_050_000, step)).toBe(8_000_000);
    expect(snapAmount(8_030_000, min, 8_050_000, step)).toBe(8_050_000);
  });

  it('steps to the next amount on the steps, within the range', () => {
    expect(stepAmount(5_000_000, 1, min, max, step)).toBe(5_100_000);
    expect(stepAmount(5_000_000, -1, min, max, step)).toBe(4_900_000);
    // From between two steps: the nearer step that way.
    expect(stepAmount(5_050_000, 1, min, max, step)).toBe(5_100_000);
    expect(stepAmount(5_050_000, -1, min, max, step)).toBe(5_000_000);
    expect(stepAmount(max, 1, min, max, step)).toBe(max);
    expect(stepAmount(min, -1, min, max, step)).toBe(min);
    expect(stepAmount(8_050_000, -1, min, 8_050_000, step)).toBe(8_000_000);
    expect(stepAmount(8_000_000, 1, min, 8_050_000, step)).toBe(8_050_000);
  });

  it('reads whole units from what was typed', () => {
    expect(parseAmount('₹80,000', 'IN')).toBe(8_000_000);
    expect(parseAmount('80000.99', 'IN')).toBe(8_000_000);
    expect(parseAmount('Rp 1.500.000', 'ID')).toBe(150_000_000);
    expect(parseAmount('1.500.000,50', 'ID')).toBe(150_000_000);
    expect(parseAmount('', 'IN')).toBeNull();
    expect(parseAmount('₹', 'IN')).toBeNull();
    expect(parseAmount('9'.repeat(30), 'IN')).toBe(Number.MAX_SAFE_INTEGER);
    expect(Number.isSafeInteger(parseAmount('1234567890123', 'IN'))).toBe(true);
  });
});
