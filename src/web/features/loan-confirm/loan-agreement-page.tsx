import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { LegalDocument as LegalText } from '../../../shared/legal/legal-document.ts';
import { isLang, type Lang, type Market } from '../../../shared/markets.ts';
import { sessionLang, sessionMarket } from '../../lib/session-params.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { LegalDocument } from '../../ui/legal-document.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import './loan-confirm-api.ts';
import './loan-agreement-page.css';

/**
 * Each market's agreement is its own module (both its languages), fetched when the page opens: a
 * borrower reads one market's agreement, and nobody's first load carries the other's.
 */
const AGREEMENTS: Record<Market, () => Promise<Record<Lang, LegalText>>> = {
  IN: () => import('../../../shared/legal/loan-agreement-in.ts').then((m) => m.LOAN_AGREEMENT_IN),
  ID: () => import('../../../shared/legal/loan-agreement-id.ts').then((m) => m.LOAN_AGREEMENT_ID),
};

/**
 * The loan agreement (spec §2 "loan agreement"; `/loanAgreement?productId=&position=`): the agreement of
 * the borrower's market, in the borrower's language — a borrower in Indonesia who reads English reads
 * the English rendering of Indonesia's agreement, never India's (src/shared/legal/, the text the public
 * site's `/Loan` shows too). With `embed=1` it is the content of the confirmation's agreement popup,
 * whose own title stands above it: the page's heading is then for screen readers only.
 */
export function LoanAgreementPage() {
  const { t, i18n } = useTranslation('loanConfirm');
  const [params] = useSearchParams();
  const embedded = params.get('embed') === '1';
  const lang = isLang(i18n.language) ? i18n.language : sessionLang();
  const market = sessionMarket();
  const agreement = useQuery({
    queryKey: ['loan-agreement', market],
    queryFn: AGREEMENTS[market],
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const title = t('agreementPage.title');
  const doc = agreement.data?.[lang];

  return (
    <main className={embedded ? 'loan-agreement is-embedded' : 'shell-page loan-agreement'}>
      <title>{title}</title>
      <h1 className={embedded ? 'visually-hidden' : undefined}>{title}</h1>
      {doc ? (
        <article lang={doc.lang} data-market={doc.market} className="loan-agreement-text">
          <LegalDocument doc={doc} headingId={(i) => `loan-agreement-${i}`} />
        </article>
      ) : agreement.isError ? (
        <PageError message={t('agreementPage.loadError')} onRetry={() => void agreement.refetch()} />
      ) : (
        <SkeletonRegion label={t('agreementPage.loading')}>
          <SkeletonLines lines={4} />
          <SkeletonLines lines={5} lastWidth="40%" />
          <SkeletonLines lines={3} />
        </SkeletonRegion>
      )}
    </main>
  );
}
