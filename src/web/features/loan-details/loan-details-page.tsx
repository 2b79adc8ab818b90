import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { LoanDetails, RecommendedProduct } from '../../../shared/contract/loans.ts';
import {
  type DetailButton,
  detailButtons,
  hasReceipts,
  ORDER_STATUS,
  showsRecommendations,
} from '../../../shared/domain/order-status.ts';
import { keyIn } from '../../../shared/i18n/catalog.ts';
import { loanDetails } from '../../../shared/i18n/loan-details.ts';
import { H5_PATHS, withQuery } from '../../../shared/routes.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { isNetworkFailure, isNotFound } from '../../lib/api-query.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { useLoanChanges } from '../../lib/loan-freshness.ts';
import { openTarget } from '../../lib/open-target.ts';
import { toast } from '../../lib/toast.ts';
import { useRetryWhenOnline } from '../../lib/use-retry-when-online.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { Dialog } from '../../ui/overlays.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { ProductCard } from '../../ui/product-card.tsx';
import { RATING_DELAY_MS, RatingDialog } from '../../ui/rating-dialog.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import {
  jumpToProduct,
  loanDetailsKeys,
  loanDetailsQuery,
  orderIdParam,
  STORE_RATING_FROM,
  saveLoanMoreEvent,
  saveLoanScore,
} from './loan-details-api.ts';
import { RejectionReason } from './rejection-reason.tsx';
import { StatusImage } from './status-image.tsx';
import './loan-details-page.css';

/**
 * Loan details v3 (spec §2, §4): the status picture, headline and description, the product and its rows,
 * the cooling-off exit while it is open, recommended products for the statuses that show them, the
 * buttons of the status, and the rating the server asks for.
 */
export function LoanDetailsPage() {
  const { t } = useTranslation('loanDetails');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const validOrder = orderIdParam(params);
  const orderNo = validOrder ?? '';
  // The route's loader has already asked for this (same key, call and retry rule).
  const details = useQuery({ ...loanDetailsQuery(orderNo), enabled: validOrder !== null });
  const [ratingOpen, setRatingOpen] = useState(false);
  const [thanksOpen, setThanksOpen] = useState(false);
  // The automatic ask happens once per visit, whatever refetches follow (as on complaint details).
  const ratingAsked = useRef(false);
  const ratingDue = details.data?.isScore === '1';
  const offline = details.isError && isNetworkFailure(details.error);

  useEffect(() => {
    if (!ratingDue || ratingAsked.current) return;
    const timer = setTimeout(() => {
      ratingAsked.current = true;
      setRatingOpen(true);
    }, RATING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ratingDue]);

  // Offline, the page tries again by itself when the connection comes back.
  const { refetch } = details;
  useRetryWhenOnline(offline, refetch);
  // A payment credited on the pay page in another tab of the app reaches this page (issue 29).
  useLoanChanges();

  // A refusal is toasted by the helper; the dialog stays so the borrower can cancel or retry.
  const sendScore = useApiMutation({
    call: (score: number) => saveLoanScore(orderNo, score),
    invalidates: [loanDetailsKeys.order(orderNo)],
    onSuccess: (_saved, score) => {
      setRatingOpen(false);
      // Product brief §5: every score is recorded first; only the happy ones go on to the store.
      if (score >= STORE_RATING_FROM) sendBridge({ type: 'goRate' });
      else setThanksOpen(true);
    },
  });

  const title = t('title');
  const page = (body: ReactNode) => (
    <main className="shell-page loan-details">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );
  const notFound = (
    <PageEmpty text={t('states.notFound')}>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
        {t('states.home')}
      </button>
    </PageEmpty>
  );

  if (validOrder === null) return page(notFound);
  if (details.isPending) return page(<DetailsSkeleton />);
  if (details.isError) {
    // Another borrower's order answers the same 404 as none at all (security baseline 8.2.2).
    if (isNotFound(details.error)) return page(notFound);
    const message = offline ? t('states.offline') : `${t('states.loadError')} ${details.error.message}`;
    return page(<PageError message={message.trim()} onRetry={() => void refetch()} />);
  }

  const data = details.data;

  return page(
    <LoanDetailsBody
      data={data}
      submitted={params.get('from') === 'confirm'}
      ratingDue={ratingDue && !ratingOpen}
      onRate={() => {
        ratingAsked.current = true;
        setRatingOpen(true);
      }}
      open={(url) => openTarget(url, navigate)}
    >
      <RatingDialog
        visible={ratingOpen}
        labels={{
          title: t('rating.title'),
          cancel: t('rating.cancel'),
          send: t('rating.send'),
          pickStars: t('rating.pickStars'),
          star: (n) => t(`rating.stars.${keyIn(loanDetails.en.rating.stars, n) ?? '5'}`),
        }}
        onSend={(score) => sendScore.mutate(score)}
        sending={sendScore.isPending}
        onCancel={() => setRatingOpen(false)}
      />
      <Dialog
        {...{ 'aria-label': t('thanks.title') }}
        visible={thanksOpen}
        title={t('thanks.title')}
        content={<p className="loan-details-thanks">{t('thanks.text')}</p>}
        closeOnAction
        closeOnMaskClick
        onClose={() => setThanksOpen(false)}
        actions={[{ key: 'ok', text: t('thanks.close'), bold: true }]}
      />
    </LoanDetailsBody>,
  );
}

interface BodyProps {
  data: LoanDetails;
  /** Opened right after the loan confirmation pushed the application (`from=confirm`). */
  submitted: boolean;
  /** A rating is due and its dialog is closed: the page offers its own button. */
  ratingDue: boolean;
  onRate: () => void;
  /** Opens a target URL (a screen of ours, a provider's page, or a native page). */
  open: (url: string) => boolean;
  /** The dialogs. */
  children: ReactNode;
}

function LoanDetailsBody({ data, submitted, ratingDue, onRate, open, children }: BodyProps) {
  const { t } = useTranslation('loanDetails');
  // Anything but '00' has been toasted with the server's message by the helper.
  const jump = useApiMutation({
    call: ({ product, index }: { product: RecommendedProduct; index: number }) =>
      jumpToProduct(product.id, index),
    onSuccess: (reply) => openOrSay(reply?.url ?? ''),
  });
  const jumping = jump.isPending ? (jump.variables?.index ?? null) : null;
  // First the record (its reply does not matter), then the new application for the same product.
  const loanMoreEvent = useApiMutation({
    call: () => saveLoanMoreEvent(data.productId),
    onSettled: () => open(`${H5_PATHS.loanConfirm}?productId=${data.productId}`),
  });
  const leaving = loanMoreEvent.isPending;
  const buttons = detailButtons(data.orderStatus, data.isDelay);
  const exit = data.coolingOff;
  const recommended = showsRecommendations(data.orderStatus) ? data.recProducts : [];

  const openOrSay = (url: string) => {
    if (!open(url)) toast.show(t('states.openFailed'));
  };

  const apply = (product: RecommendedProduct, index: number) => jump.mutate({ product, index });
  const loanMore = () => loanMoreEvent.mutate();

  const button = (kind: DetailButton) => {
    switch (kind) {
      case 'repay':
        return (
          <Button key={kind} block color="primary" size="large" onClick={() => openOrSay(data.h5Url)}>
            {t('actions.repay')}
          </Button>
        );
      case 'extend':
        return (
          <Button key={kind} block color="primary" fill="outline" onClick={() => openOrSay(data.delayUrl)}>
            {t('actions.extend')}
          </Button>
        );
      case 'loanMore':
        return (
          <Button key={kind} block color="primary" size="large" loading={leaving} onClick={loanMore}>
            {t('actions.loanMore')}
          </Button>
        );
    }
  };

  return (
    <>
      {submitted && data.orderStatus === ORDER_STATUS.UNDER_REVIEW ? (
        <p className="loan-details-submitted" role="status">
          {t('submitted')}
        </p>
      ) : null}

      <section className="loan-details-status" aria-labelledby="loan-details-status">
        <StatusImage status={data.orderStatus} />
        <h2 id="loan-details-status">{data.noticeStatusText}</h2>
        {data.noticeDesText ? <p>{data.noticeDesText}</p> : null}
      </section>

      {data.rejection ? <RejectionReason rejection={data.rejection} /> : null}

      <section className="loan-details-card" aria-labelledby="loan-details-product">
        <div className="loan-details-product">
          {/* Decorative: the product name beside it says the same. */}
          <img className="loan-details-logo" src={data.productLogo} alt="" width={40} height={40} />
          <h2 id="loan-details-product">{data.productName}</h2>
        </div>
        <h3 className="visually-hidden">{t('detailsHeading')}</h3>
        <dl className="loan-details-rows">
          {data.userOrderDetail.detail.map((row) => (
            <div key={`${row.text}:${row.value}`}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {hasReceipts(data.orderStatus) ? (
        <button
          type="button"
          className="loan-details-more"
          onClick={() =>
            openOrSay(withQuery(H5_PATHS.receipts, { productId: data.productId, orderId: data.orderNo }))
          }
        >
          {data.orderStatus === ORDER_STATUS.SETTLED ? t('actions.certificate') : t('actions.receipts')}
        </button>
      ) : null}

      {exit ? (
        <section className="loan-details-exit" aria-labelledby="loan-details-exit">
          <h2 id="loan-details-exit">{t('coolingOff.title')}</h2>
          <p>{t('coolingOff.text')}</p>
          <dl className="loan-details-rows">
            <div>
              <dt>{t('coolingOff.payoff')}</dt>
              <dd>{exit.payoffText}</dd>
            </div>
            <div>
              <dt>{t('coolingOff.deadline')}</dt>
              <dd>
                <time dateTime={exit.deadline}>{exit.deadlineText}</time>
              </dd>
            </div>
          </dl>
          <Button block color="primary" fill="outline" onClick={() => openOrSay(exitPath(data, exit.payoff))}>
            {t('coolingOff.button')}
          </Button>
        </section>
      ) : null}

      {ratingDue ? (
        <button type="button" className="loan-details-rate" onClick={onRate}>
          {t('rating.rateNow')}
        </button>
      ) : null}

      {recommended.length > 0 ? (
        <section className="loan-details-recommended" aria-labelledby="loan-details-recommended">
          <h2 id="loan-details-recommended">{t('recommended.title')}</h2>
          <ul className="loan-details-products">
            {recommended.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} index={index} onApply={apply} busy={jumping === index} />
              </li>
            ))}
          </ul>
          <button type="button" className="loan-details-more" onClick={() => sendBridge({ type: 'goHome' })}>
            {t('recommended.more')}
            <span aria-hidden="true"> ›</span>
          </button>
        </section>
      ) : null}

      {buttons.length > 0 ? <div className="loan-details-actions">{buttons.map(button)}</div> : null}

      {children}
    </>
  );
}

/**
 * The cooling-off exit leads to the pay-method chooser with today's payoff and `payoff=1` (the chooser
 * and the pay page carry it, as `display=1` for the extension fee, and ask for the exit's pay code with
 * it): the amount is the server's, and generate-vcode issues a code only for what the exit asks.
 */
function exitPath(data: LoanDetails, payoff: number): string {
  return withQuery(H5_PATHS.repayChooser, {
    productId: data.productId,
    orderId: data.orderNo,
    amount: payoff,
    display: 0,
    payoff: 1,
  });
}

/** The frame while the details are on the way: the status picture, headline and rows as placeholders. */
function DetailsSkeleton() {
  const { t } = useTranslation('loanDetails');
  return (
    <SkeletonRegion label={t('loading')}>
      <section className="loan-details-status">
        <SkeletonBlock width="120px" height="120px" radius="50%" className="loan-details-image" />
        <SkeletonBlock width="60%" height="1.4rem" className="loan-details-skeleton-centre" />
        <SkeletonLines lines={2} />
      </section>
      <section className="loan-details-card">
        <div className="loan-details-product">
          <SkeletonBlock width="40px" height="40px" radius="var(--radius-small)" />
          <SkeletonBlock width="50%" height="1.1rem" />
        </div>
        <div className="loan-details-rows">
          {[0, 1, 2, 3].map((n) => (
            <div key={n}>
              <SkeletonBlock width="35%" />
              <SkeletonBlock width="30%" />
            </div>
          ))}
        </div>
      </section>
    </SkeletonRegion>
  );
}
