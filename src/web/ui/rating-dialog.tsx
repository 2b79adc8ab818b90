import { type KeyboardEvent, useEffect, useState } from 'react';
import { toast } from '../lib/toast.ts';
import { Dialog } from './overlays.tsx';
import './rating-dialog.css';

export const STAR_COUNT = 5;
/**
 * Spec §9: a pending rating is asked for 3 s after the screen has loaded, so the borrower first sees what
 * they came to read (complaint details, loan details).
 */
export const RATING_DELAY_MS = 3000;

export interface RatingLabels {
  title: string;
  cancel: string;
  send: string;
  /** Shown when Send is pressed with no star chosen ("Silakan pilih" in Indonesian, spec §5). */
  pickStars: string;
  /** Accessible name of a star: receives the star number, e.g. (n) => `${n} stars`. */
  star: (n: number) => string;
}

export interface RatingDialogProps {
  visible: boolean;
  labels: RatingLabels;
  /** Sends the score (the caller's mutation); the caller hides the dialog once it was accepted. */
  onSend: (score: number) => void;
  /** The score is on its way (the mutation's `isPending`): Send waits. */
  sending?: boolean;
  /** Cancel or a tap on the mask: closes and resets the score (spec §4). */
  onCancel: () => void;
}

/**
 * Five keyboard- and screen-reader-friendly stars (a radio group) in a dialog with Cancel and Send.
 * Used wherever the borrower rates something: a handled complaint, the chatbot, the loan details.
 */
export function RatingDialog({ visible, labels, onSend, sending = false, onCancel }: RatingDialogProps) {
  const [score, setScore] = useState(0);
  // Hidden (sent, or cancelled): the next time it opens, no star is chosen.
  useEffect(() => {
    if (!visible) setScore(0);
  }, [visible]);

  const close = () => {
    setScore(0);
    onCancel();
  };

  const send = () => {
    if (score === 0) {
      toast.show(labels.pickStars);
      return;
    }
    if (!sending) onSend(score);
  };

  return (
    <Dialog
      // Dialog forwards aria-label to its role="dialog" element; without it the dialog has no name.
      {...{ 'aria-label': labels.title }}
      visible={visible}
      title={labels.title}
      content={<StarRating value={score} onChange={setScore} label={labels.title} starLabel={labels.star} />}
      closeOnMaskClick
      onClose={close}
      actions={[
        [
          { key: 'cancel', text: labels.cancel, onClick: close },
          { key: 'send', text: labels.send, bold: true, disabled: sending, onClick: send },
        ],
      ]}
    />
  );
}

export interface StarRatingProps {
  value: number;
  onChange: (value: number) => void;
  label: string;
  starLabel: (n: number) => string;
}

/** A radio group of stars: arrow keys move the choice, as with any radio group. */
export function StarRating({ value, onChange, label, starLabel }: StarRatingProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') {
      event.preventDefault();
      onChange(Math.min(STAR_COUNT, value + 1));
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') {
      event.preventDefault();
      onChange(Math.max(1, value - 1));
    }
  };
  return (
    <div role="radiogroup" aria-label={label} className="star-rating" onKeyDown={onKeyDown}>
      {Array.from({ length: STAR_COUNT }, (_, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA radio pattern on buttons keeps the star glyph tappable at 44 px; arrow keys and roving tabindex are handled above.
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={starLabel(n)}
            // Only the chosen star (or the first) is in the tab order, as in a radio group.
            tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
            className={n <= value ? 'star-rating-star is-on' : 'star-rating-star'}
            onClick={() => onChange(n)}
          >
            <span aria-hidden="true">★</span>
          </button>
        );
      })}
    </div>
  );
}
