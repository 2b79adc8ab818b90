import { type ChangeEvent, type KeyboardEvent, useId, useState } from 'react';
import { formatMoney } from '../../../shared/domain/money.ts';
import { MARKET_INFO, type Market } from '../../../shared/markets.ts';

/**
 * The loan amount: 44 px+ − and + buttons for small moves, and the amount itself as a field the borrower
 * may type into for big ones (a spin button: ↑ and ↓ move one step). Chosen over a slider: on a 390 px
 * screen a range of 80 steps leaves a few pixels per step, so an exact amount is hard to hit.
 *
 * Written here rather than taken from antd-mobile: its Stepper gave the field no label and
 * `aria-valuenow="NaN"` once formatted, and with its Input and decimal library it added about 4 KB
 * brotli to the one antd chunk every H5 screen loads. Money stays in integer minor units throughout.
 */
export interface AmountStepperProps {
  /** Minor units. */
  value: number;
  min: number;
  max: number;
  step: number;
  market: Market;
  label: string;
  /** Id of a text that describes the field (the range on offer). */
  describedBy?: string;
  disabled?: boolean;
  /**
   * A new amount, always within the range and on its steps: from − / + or ↑ / ↓ (`step`), or as the
   * borrower types (`typing`: the amount their text would give, not yet final).
   */
  onChange: (minor: number, how: 'step' | 'typing') => void;
  /** The field was left, or Enter pressed: the amount it ends on. */
  onCommit: (minor: number) => void;
  onFocus?: () => void;
}

/** What the borrower has typed, and the amount the field showed before they started. */
interface Edit {
  text: string;
  from: number;
}

export function AmountStepper(props: AmountStepperProps) {
  const { value, min, max, step, market, label, disabled = false } = props;
  const id = useId();
  const [edit, setEdit] = useState<Edit | null>(null);
  const snap = (minor: number) => snapAmount(minor, min, max, step);
  /** The amount the field stands for now: what is typed, else the value. */
  const base = () => (edit ? (parseAmount(edit.text, market) ?? edit.from) : value);

  const move = (direction: 1 | -1) => {
    const next = stepAmount(base(), direction, min, max, step);
    setEdit(null);
    if (next !== value) props.onChange(next, 'step');
  };
  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    const from = edit?.from ?? value;
    setEdit({ text, from });
    const typed = parseAmount(text, market);
    // An emptied field stands for the amount it had; leaving it empty puts that back.
    props.onChange(typed === null ? from : snap(typed), 'typing');
  };
  const commit = () => {
    const typed = edit ? parseAmount(edit.text, market) : null;
    // Left empty or without digits: the amount it had before, as it was.
    const next = typed !== null ? snap(typed) : (edit?.from ?? value);
    setEdit(null);
    props.onCommit(next);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(event.key === 'ArrowUp' ? 1 : -1);
    } else if (event.key === 'Enter' && edit) {
      // Not prevented: a form around the field may still act on Enter (closing the keyboard).
      commit();
    }
  };

  const stepText = formatMoney(step, market);
  // At a bound the button says it is unavailable but keeps focus: a disabled button would drop a keyboard
  // user's focus onto the page the moment they reach the end of the range.
  const atMin = value <= min;
  const atMax = value >= max;
  return (
    <div className="amount-stepper">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <StepButton
        direction={-1}
        // Language-free: screen readers say "minus ₹1,000" in the borrower's language.
        name={`−${stepText}`}
        disabled={disabled}
        unavailable={atMin}
        onMove={move}
      />
      <input
        id={id}
        className="amount-stepper-input"
        type="text"
        inputMode="numeric"
        enterKeyHint="done"
        autoComplete="off"
        spellCheck={false}
        role="spinbutton"
        aria-describedby={props.describedBy}
        aria-valuenow={value / 100}
        aria-valuemin={min / 100}
        aria-valuemax={max / 100}
        aria-valuetext={formatMoney(value, market)}
        value={edit ? edit.text : formatMoney(value, market)}
        disabled={disabled}
        onFocus={(event) => {
          // Typing replaces the amount rather than adding digits to it.
          event.currentTarget.select();
          props.onFocus?.();
        }}
        onChange={type}
        onKeyDown={keyDown}
        onBlur={commit}
      />
      <StepButton direction={1} name={`+${stepText}`} disabled={disabled} unavailable={atMax} onMove={move} />
    </div>
  );
}

function StepButton(props: {
  direction: 1 | -1;
  name: string;
  disabled: boolean;
  unavailable: boolean;
  onMove: (direction: 1 | -1) => void;
}) {
  const { direction, unavailable } = props;
  return (
    <button
      type="button"
      className="amount-stepper-button"
      aria-label={props.name}
      aria-disabled={unavailable || undefined}
      disabled={props.disabled}
      onClick={() => {
        if (!unavailable) props.onMove(direction);
      }}
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinecap="round"
      >
        <path d={direction > 0 ? 'M5 12h14M12 5v14' : 'M5 12h14'} />
      </svg>
    </button>
  );
}

const decimalMarks = new Map<Market, string>();
/** The market's decimal mark: `.` for ₹, `,` for Rp (where `.` groups thousands). */
function decimalMark(market: Market): string {
  let mark = decimalMarks.get(market);
  if (mark === undefined) {
    const parts = new Intl.NumberFormat(MARKET_INFO[market].locale).formatToParts(1.5);
    mark = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    decimalMarks.set(market, mark);
  }
  return mark;
}

/** Longest whole amount read from the field; anything longer is past every product's maximum. */
const MAX_DIGITS = 13;

/**
 * Whatever the borrower types (`80,000`, `Rp 1.500.000`, `80000`) as minor units: the digits of its
 * whole units, a fraction (`80000.50`) dropped. Null when there are no digits.
 */
export function parseAmount(text: string, market: Market): number | null {
  const whole = text.split(decimalMark(market))[0] ?? '';
  const digits = whole.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return null;
  if (digits.length > MAX_DIGITS) return Number.MAX_SAFE_INTEGER;
  return Number(digits) * 100;
}

/** The nearest amount the product offers: within its range, on its steps (half a step rounds up). */
export function snapAmount(minor: number, min: number, max: number, step: number): number {
  if (!Number.isSafeInteger(minor) || minor <= min) return min;
  if (minor >= max) return max;
  if (step <= 0) return minor;
  const down = minor - ((minor - min) % step);
  // The step above, or the maximum when it is off the steps and nearer.
  const up = Math.min(max, down + step);
  return (minor - down) * 2 >= up - down ? up : down;
}

/**
 * One step up or down from an amount: to the next amount on the product's steps in that direction
 * (from between two steps, the nearer one that way), kept within the range.
 */
export function stepAmount(minor: number, direction: 1 | -1, min: number, max: number, step: number): number {
  if (minor < min) return min;
  if (minor > max) return max;
  if (step <= 0) return minor;
  const over = (minor - min) % step;
  const next = direction > 0 ? minor - over + step : over > 0 ? minor - over : minor - step;
  return Math.min(max, Math.max(min, next));
}
