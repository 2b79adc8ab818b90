import { DOC_PATHS } from '../../../shared/contract/documents.ts';
import type { ReceiptsData } from '../../../shared/contract/documents-schema.ts';
import { request } from '../../lib/api-client.ts';
import { isNotFound, unwrap } from '../../lib/api-query.ts';

/** The receipts screen's one query: the order's applied payments and whether a certificate is ready. */
export const receiptsQuery = (orderNo: string) => ({
  queryKey: ['documents', 'receipts', orderNo] as const,
  queryFn: () =>
    unwrap(request<ReceiptsData>(DOC_PATHS.receipts, { data: { orderId: orderNo }, silent: true })),
  // Another borrower's order (or none) will not change on a second try.
  retry: (failures: number, error: Error) => failures < 1 && !isNotFound(error),
  retryOnMount: false,
});

/** A signed link to the order's no-dues certificate (PDF) and the code printed on it. */
export const certificateLink = (orderNo: string) =>
  unwrap(
    request<{ url: string; code: string }>(DOC_PATHS.certificate, {
      data: { orderId: orderNo },
      silent: true,
    }),
  );
