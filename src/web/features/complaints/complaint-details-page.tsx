import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { keyIn } from '../../../shared/i18n/catalog.ts';
import { complaints } from '../../../shared/i18n/complaints.ts';
import { isLang } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { isNotFound } from '../../lib/api-query.ts';
import { sessionLang, sessionMarket } from '../../lib/session-params.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { RATING_DELAY_MS, RatingDialog } from '../../ui/rating-dialog.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { complaintKeys, problemDetailQuery, problemIdParam, saveScore } from './complaint-api.ts';
import './complaint-details-page.css';

// The full-screen viewer (with its gesture library) loads when a thumbnail is tapped (decision 042).
const ImageViewerMulti = lazy(() =>
  import('../../ui/image-viewer-lazy.ts').then((m) => ({ default: m.ImageViewerMulti })),
);

interface Viewer {
  images: string[];
  index: number;
  open: boolean;
}

/** Thumbnails in 3 columns; each opens the full-size viewer at its own position. */
function ImageGrid({
  images,
  label,
  onOpen,
}: {
  images: string[];
  label: (n: number, total: number) => string;
  onOpen: (index: number) => void;
}) {
  return (
    <ul className="complaint-details-images">
      {images.map((src, index) => (
        <li key={src}>
          <button
            type="button"
            className="complaint-details-thumb"
            aria-label={label(index + 1, images.length)}
            onClick={() => onOpen(index)}
          >
            <img src={src} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A complaint as filed, its handling deadline, the handler's reply, and the rating when one is due. */
export function ComplaintDetailsPage() {
  const { t, i18n } = useTranslation('complaints');
  const lang = isLang(i18n.language) ? i18n.language : sessionLang();
  const market = sessionMarket();
  const [params] = useSearchParams();
  const validId = problemIdParam(params);
  const problemId = validId ?? 0;
  // The route's loader has already asked for this (same key, call and retry rule).
  const detail = useQuery({ ...problemDetailQuery(problemId), enabled: validId !== null });
  const [viewer, setViewer] = useState<Viewer | null>(null);
  const [ratingOpen, setRatingOpen] = useState(false);
  // The automatic ask happens once per visit, whatever refetches follow (spec §4).
  const ratingAsked = useRef(false);
  const ratingDue = detail.data?.isScore === 1;

  useEffect(() => {
    if (!ratingDue || ratingAsked.current) return;
    const timer = setTimeout(() => {
      ratingAsked.current = true;
      setRatingOpen(true);
    }, RATING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ratingDue]);

  // A refusal is toasted by the helper; the dialog stays so the borrower can cancel or retry.
  const sendScore = useApiMutation({
    call: (score: number) => saveScore(problemId, score),
    // The detail (no rating due any more), the list badge and the entry's counts all change.
    invalidates: [complaintKeys.all],
    onSuccess: () => {
      setRatingOpen(false);
      toast.show(t('messages.ratingThanks'));
    },
  });

  const title = t('screens.details.title');
  const page = (body: ReactNode) => (
    <main className="shell-page complaint-details">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );
  const notFound = (
    <PageEmpty text={t('screens.details.notFound')}>
      <Link className="shell-button" to={H5_PATHS.complaintList}>
        {t('screens.details.backToList')}
      </Link>
    </PageEmpty>
  );

  if (validId === null) return page(notFound);
  if (detail.isPending) return page(<DetailsSkeleton />);
  if (detail.isError) {
    if (isNotFound(detail.error)) return page(notFound);
    return page(
      <PageError
        message={`${t('screens.details.loadError')} ${detail.error.message}`}
        onRetry={() => void detail.refetch()}
      />,
    );
  }

  const data = detail.data;
  const hasResult = data.disposeDetail.trim() !== '' || data.disposeImages.length > 0;
  const openViewer = (images: string[]) => (index: number) => setViewer({ images, index, open: true });

  return page(
    <>
      <dl className="complaint-details-facts">
        <div>
          <dt>{t('screens.details.type')}</dt>
          <dd>{data.type}</dd>
        </div>
        {data.sonType ? (
          <div>
            <dt>{t('screens.details.subType')}</dt>
            <dd>{data.sonType}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('screens.details.status')}</dt>
          <dd>{t(`status.${data.status}`)}</dd>
        </div>
        <div>
          <dt>{t('screens.details.orderNo')}</dt>
          <dd>{data.orderNo}</dd>
        </div>
        <div>
          <dt>{t('screens.details.submittedAt')}</dt>
          <dd>
            <time dateTime={data.createdAt}>{formatDateTime(data.createdAt, lang, market)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('screens.details.deadline')}</dt>
          <dd>
            <time dateTime={data.deadline}>{formatDateTime(data.deadline, lang, market)}</time>
          </dd>
        </div>
      </dl>

      <section className="complaint-details-card" aria-labelledby="complaint-details-content">
        <h2 id="complaint-details-content">{t('screens.details.content')}</h2>
        <p className="complaint-details-content">{data.content}</p>
        <p className="complaint-details-counter" data-testid="content-counter">
          <span aria-hidden="true">
            {data.content.length}/{COMPLAINT_LIMITS.detailMax}
          </span>
          <span className="visually-hidden">
            {t('screens.details.counter', { count: data.content.length, max: COMPLAINT_LIMITS.detailMax })}
          </span>
        </p>
        {data.images.length > 0 ? (
          <>
            <h3>{t('screens.details.images')}</h3>
            <ImageGrid
              images={data.images}
              label={(n, total) => t('screens.details.openImage', { n, total })}
              onOpen={openViewer(data.images)}
            />
          </>
        ) : null}
      </section>

      {hasResult ? (
        <section className="complaint-details-card is-result" aria-labelledby="complaint-details-result">
          <h2 id="complaint-details-result">{t('screens.details.result')}</h2>
          {data.disposeDetail.trim() ? (
            <p className="complaint-details-content">{data.disposeDetail}</p>
          ) : null}
          {data.disposeImages.length > 0 ? (
            <>
              <h3 className="visually-hidden">{t('screens.details.resultImages')}</h3>
              <ImageGrid
                images={data.disposeImages}
                label={(n, total) => t('screens.details.openResultImage', { n, total })}
                onOpen={openViewer(data.disposeImages)}
              />
            </>
          ) : null}
        </section>
      ) : data.status === 'processing' ? (
        <p className="complaint-details-waiting">{t('screens.details.waiting')}</p>
      ) : null}

      {ratingDue && !ratingOpen ? (
        <Button block color="primary" fill="outline" size="large" onClick={() => setRatingOpen(true)}>
          {t('screens.details.rateNow')}
        </Button>
      ) : null}

      {viewer ? (
        <Suspense fallback={null}>
          <ImageViewerMulti
            key={`${viewer.index}:${viewer.images.join()}`}
            images={viewer.images}
            defaultIndex={viewer.index}
            visible={viewer.open}
            onClose={() => setViewer((v) => (v ? { ...v, open: false } : v))}
            afterClose={() => setViewer(null)}
          />
        </Suspense>
      ) : null}

      <RatingDialog
        visible={ratingOpen}
        labels={{
          title: t('screens.rating.title'),
          cancel: t('screens.rating.cancel'),
          send: t('screens.rating.send'),
          pickStars: t('messages.pickStars'),
          star: (n) => t(`screens.rating.stars.${keyIn(complaints.en.screens.rating.stars, n) ?? '5'}`),
        }}
        onSend={(score) => sendScore.mutate(score)}
        sending={sendScore.isPending}
        onCancel={() => setRatingOpen(false)}
      />
    </>,
  );
}

/** The details' frame while problem-detail is on the way: the facts' names and the content card. */
function DetailsSkeleton() {
  const { t } = useTranslation('complaints');
  const facts = ['type', 'status', 'orderNo', 'submittedAt', 'deadline'] as const;
  return (
    <SkeletonRegion>
      <dl className="complaint-details-facts">
        {facts.map((fact) => (
          <div key={fact}>
            <dt>{t(`screens.details.${fact}`)}</dt>
            <dd>
              <SkeletonBlock width="8rem" />
            </dd>
          </div>
        ))}
      </dl>
      <section className="complaint-details-card" aria-labelledby="complaint-details-content-loading">
        <h2 id="complaint-details-content-loading">{t('screens.details.content')}</h2>
        <SkeletonLines lines={3} />
      </section>
    </SkeletonRegion>
  );
}
