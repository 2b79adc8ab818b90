import { useQuery } from '@tanstack/react-query';
import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { Rejection } from '../../../shared/contract/order-rejection.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';
import { loanDetailsKeys } from './loan-details-queries.ts';

/** Silent: without an answer the screen shows the status alone, as before reasons were kept. */
function fetchRejection(orderNo: string): Promise<Rejection> {
  return unwrap(request<Rejection>(LOAN_PATHS.rejection, { data: { orderId: orderNo }, silent: true }));
}

/**
 * Why a declined application was declined, and what the borrower can do next (issue 29): the reason the
 * operator picked, in the borrower's language (the texts come from the server), and for "another
 * reason" the operator's own words. Under the loan's key, so what refreshes the loan refreshes it.
 */
export function RejectionReason({ orderNo }: { orderNo: string }) {
  const rejection = useQuery({
    queryKey: [...loanDetailsKeys.order(orderNo), 'rejection'],
    queryFn: () => fetchRejection(orderNo),
    retry: false,
  });
  const r = rejection.data;
  if (!r) return null;
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
