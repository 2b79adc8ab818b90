import type { ReactNode } from 'react';
import { statusImageKey } from '../../../shared/domain/order-status.ts';
import { keyIn } from '../../../shared/i18n/catalog.ts';
import { loanDetails } from '../../../shared/i18n/loan-details.ts';
import { useTranslation } from '../../lib/use-translation.tsx';

/*
 * The loan-details status pictures (product brief §4: six statuses have their own, the rest the settled
 * one). Inline SVG, a few hundred bytes each: they draw in the build-time frame with no request, stay
 * sharp at any density, and follow the brand tokens (tokens.css), written out because SVG presentation
 * attributes cannot read custom properties. Colours: brand #0dcc86, brand-strong #087a50, tint #e8f9f2,
 * text #1b2b25, muted #4a5b55, border #d5e3dd, amber #ffd166 / #b36b00 for "needs attention" (never red:
 * an overdue loan is a reason to act, not to be scolded).
 */

const STROKE = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Under review: a document under a magnifying glass. */
const review = (
  <>
    <rect x="30" y="20" width="50" height="66" rx="6" fill="#fff" stroke="#087a50" strokeWidth="3" />
    <path d="M40 36h30M40 47h30M40 58h16" stroke="#0dcc86" strokeWidth="4" {...STROKE} />
    <circle cx="78" cy="74" r="14" fill="#e8f9f2" stroke="#087a50" strokeWidth="4" />
    <path d="m88 84 11 11" stroke="#087a50" strokeWidth="6" {...STROKE} />
  </>
);

/** Disbursing: a banknote on its way, with speed lines behind it. */
const disbursing = (
  <>
    <path d="M14 50h14M10 62h18M16 74h12" stroke="#0dcc86" strokeWidth="4" {...STROKE} />
    <rect x="36" y="42" width="62" height="40" rx="6" fill="#0dcc86" stroke="#087a50" strokeWidth="3" />
    <circle cx="67" cy="62" r="10" fill="#e8f9f2" />
    <path d="M67 56v12M46 50h6M82 74h6" stroke="#087a50" strokeWidth="3" {...STROKE} />
    <path d="m92 28 10 8-10 8" stroke="#087a50" strokeWidth="4" {...STROKE} />
  </>
);

/** A calendar page; the marked day is what differs between "due" and "overdue". */
function calendar(mark: string): ReactNode {
  return (
    <>
      <rect x="24" y="28" width="68" height="62" rx="8" fill="#fff" stroke="#087a50" strokeWidth="3" />
      <path d="M25.5 36a6.5 6.5 0 0 1 6.5-6.5h52a6.5 6.5 0 0 1 6.5 6.5v9h-65z" fill="#0dcc86" />
      <path d="M42 22v12M74 22v12" stroke="#087a50" strokeWidth="5" {...STROKE} />
      <path
        d="M38 58h0M50 58h0M62 58h0M78 58h0M38 72h0M50 72h0M62 72h0M78 72h0"
        stroke="#d5e3dd"
        strokeWidth="6"
        {...STROKE}
      />
      <circle cx="66" cy="70" r="8" fill={mark} />
    </>
  );
}

/** Due: a calendar with the due day marked. */
const due = calendar('#0dcc86');

/** Overdue: the calendar, with a soft amber alert badge. */
const overdue = (
  <>
    {calendar('#ffd166')}
    <circle cx="90" cy="86" r="16" fill="#ffd166" stroke="#b36b00" strokeWidth="3" />
    <path d="M90 77v10" stroke="#1b2b25" strokeWidth="4" {...STROKE} />
    <circle cx="90" cy="94" r="2.5" fill="#1b2b25" />
  </>
);

/** Not approved: a gently closed folder, muted, nothing alarming. */
const rejected = (
  <>
    <path
      d="M24 40a6 6 0 0 1 6-6h17l8 8h35a6 6 0 0 1 6 6v34a6 6 0 0 1-6 6H30a6 6 0 0 1-6-6z"
      fill="#d5e3dd"
      stroke="#4a5b55"
      strokeWidth="3"
      strokeLinejoin="round"
    />
    <path d="M24 54h72" stroke="#4a5b55" strokeWidth="3" {...STROKE} />
    <circle cx="60" cy="70" r="5" fill="#0dcc86" />
  </>
);

/** Settled (and every status without its own picture): a check mark. */
const settled = (
  <>
    <circle cx="60" cy="60" r="34" fill="#087a50" stroke="#0dcc86" strokeWidth="5" />
    <path d="m45 61 10 10 21-23" stroke="#fff" strokeWidth="7" {...STROKE} />
  </>
);

const PICTURES: Record<number, ReactNode> = {
  21: review,
  151: disbursing,
  174: due,
  180: overdue,
  110: rejected,
  200: settled,
};

/** The status picture of an order: its own for six statuses, the settled one otherwise. */
export function StatusImage({ status }: { status: number }) {
  const { t } = useTranslation('loanDetails');
  const key = statusImageKey(status);
  return (
    <svg
      className="loan-details-image"
      viewBox="0 0 120 120"
      width="120"
      height="120"
      role="img"
      aria-label={t(`images.${keyIn(loanDetails.en.images, key) ?? '21'}`)}
      data-image={key}
      focusable="false"
    >
      <circle cx="60" cy="60" r="58" fill="#e8f9f2" />
      {PICTURES[key]}
    </svg>
  );
}
