import type { Rejection } from '../../../shared/contract/order-rejection.ts';

/**
 * Why a declined application was declined, and what the borrower can do next (issue 29): the reason the
 * operator picked, in the borrower's language (the texts come with the loan's details), and for "another
 * reason" the operator's own words.
 */
export function RejectionReason({ rejection: r }: { rejection: NonNullable<Rejection> }) {
  return (
    <section className="loan-details-rejection" aria-labelledby="loan-details-rejection">
      <h2 id="loan-details-rejection">{r.title}</h2>
      <p>{r.text}</p>
      {/* The operator's words: a text node, never markup. */}
      {r.note ? <p className="loan-details-rejection-note">{r.note}</p> : null}
      <h3>{r.nextTitle}</h3>
      <p>{r.next}</p>
    </section>
  );
}
