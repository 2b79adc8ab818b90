import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { ReceiptsData } from '../../../shared/contract/documents-schema.ts';
import { documents } from '../../../shared/i18n/documents.ts';
import { repaymentPlan } from '../../../shared/i18n/repayment-plan.ts';
import { isNetworkFailure } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { type OpenDocument, useOpenDocument } from '../../lib/open-document.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { certificateLink, receiptsQuery } from './receipts-queries.ts';
import { RepayScreen } from './repay-screen.tsx';
import './installment-page.css';
import './receipts-page.css';

addCopy({ documents, repaymentPlan });

/**
 * Payments and receipts (`/receipts?orderId=`): one receipt per payment applied to the loan, each with
 * how and when it was paid, the provider's reference and what it paid, and, once the loan is settled,
 * the no-dues certificate to download (a PDF with a code anyone can check on our site), opened on the
 * document viewer (`open`: tests pass their own).
 */
export function ReceiptsPage({ open: given }: { open?: OpenDocument }) {
  const { t } = useTranslation('documents');
  const viewer = useOpenDocument('certificate');
  const open = given ?? viewer;
  return (
    <RepayScreen
      className="receipts"
      title={t('screen.title')}
      query={receiptsQuery}
      skeleton={<ReceiptsSkeleton />}
    >
      {(data) => <ReceiptsBody data={data} open={open} />}
    </RepayScreen>
  );
}

function ReceiptsBody({ data, open }: { data: ReceiptsData; open: OpenDocument }) {
  const { t } = useTranslation('documents');
  const certificateId = useId();
  const listId = useId();
  const download = useMutation({
    mutationFn: () => certificateLink(data.orderNo),
    onSuccess: ({ url, code }) => open(url, code),
  });
  const failure = download.isError
    ? isNetworkFailure(download.error)
      ? t('screen.offline')
      : download.error.message || t('screen.downloadFailed')
    : '';

  return (
    <>
      <p className="receipts-product">{data.productName}</p>

      <section className="receipts-card receipts-certificate" aria-labelledby={certificateId}>
        <h2 id={certificateId}>{t('screen.certificateTitle')}</h2>
        {data.certificate ? (
          <>
            <p>{t('screen.certificateReady')}</p>
            <button
              type="button"
              className="shell-button"
              disabled={download.isPending}
              onClick={() => download.mutate()}
            >
              {download.isPending ? t('screen.preparing') : t('screen.download')}
            </button>
            {download.data ? (
              <p className="receipts-code">
                {t('screen.codeLabel')}: <strong>{download.data.code}</strong>
              </p>
            ) : null}
            {failure ? (
              <p className="receipts-error" role="alert">
                {failure}
              </p>
            ) : null}
          </>
        ) : (
          <p className="receipts-note">{data.certificateNote}</p>
        )}
      </section>

      <section aria-labelledby={listId}>
        <h2 id={listId} className="receipts-heading">
          {t('screen.listTitle')}
        </h2>
        {data.list.length === 0 ? (
          <p className="receipts-card receipts-note">{t('screen.empty')}</p>
        ) : (
          <ol className="receipts-list">
            {data.list.map((r) => (
              <li key={r.receiptNo} className="receipts-card">
                <div className="receipts-top">
                  <h3>{t('screen.receiptNo', { no: r.receiptNo })}</h3>
                  <strong className="receipts-amount">{r.amount}</strong>
                </div>
                <dl className="repay-rows">
                  <div>
                    <dt>{t('screen.paidAt')}</dt>
                    <dd>{r.paidAt}</dd>
                  </div>
                  <div>
                    <dt>{t('screen.method')}</dt>
                    <dd>{r.method}</dd>
                  </div>
                  <div>
                    <dt>{t('screen.reference')}</dt>
                    <dd className="receipts-ref">{r.reference}</dd>
                  </div>
                </dl>
                <h4>{t('screen.applied')}</h4>
                <dl className="repay-rows receipts-parts">
                  {r.parts.map((p) => (
                    <div key={p.text}>
                      <dt>{p.text}</dt>
                      <dd>{p.value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function ReceiptsSkeleton() {
  const { t } = useTranslation('documents');
  return (
    <SkeletonRegion label={t('screen.loading')}>
      <SkeletonLines lines={1} lastWidth="40%" />
      <SkeletonBlock height="120px" />
      <SkeletonBlock height="180px" />
    </SkeletonRegion>
  );
}
