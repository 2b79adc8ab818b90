import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { AdminComplaint } from '../../../shared/contract/admin.ts';
import { orders } from '../../../shared/i18n/orders.ts';
import { isNotFound } from '../../lib/api-query.ts';
import { addCopy } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../ui/page-state.tsx';
import { adminKeys, fetchComplaint, isOtherMarket } from './admin-api.ts';
import { ADMIN_ROUTES } from './admin-paths.ts';
import { OverdueMark, StatusBadge, Time } from './admin-ui.tsx';
import { ReplyForm } from './reply-form.tsx';
import './admin.css';

// Order status names, as borrowers see them on their order cards.
addCopy({ orders });

/** One complaint: who, which order, what they wrote and showed, the deadline; the saved reply and the form. */
export function ComplaintPage() {
  const { t } = useTranslation('admin');
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const location = useLocation();
  const queueSearch = (location.state as { queueSearch?: string } | null)?.queueSearch;
  const complaint = useQuery({
    queryKey: adminKeys.complaint(id),
    queryFn: () => fetchComplaint(id),
    enabled: valid,
  });
  const headingId = useId();

  const title = t('complaint.title', { id: valid ? id : rawId });
  const page = (body: ReactNode) => (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <p>
        <Link to={queueSearch ? `${ADMIN_ROUTES.complaints}?${queueSearch}` : ADMIN_ROUTES.complaints}>
          {t('complaint.back')}
        </Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {body}
    </article>
  );

  if (!valid) return page(<p role="alert">{t('complaint.notFound')}</p>);
  if (complaint.isPending) return page(<PageLoading />);
  if (complaint.isError) {
    if (isOtherMarket(complaint.error)) return page(<p role="alert">{t('complaint.otherMarket', { id })}</p>);
    if (isNotFound(complaint.error)) return page(<p role="alert">{t('complaint.notFound')}</p>);
    return page(<PageError message={complaint.error.message} onRetry={() => void complaint.refetch()} />);
  }
  return page(<ComplaintBody complaint={complaint.data} />);
}

function ComplaintBody({ complaint: c }: { complaint: AdminComplaint }) {
  const { t } = useTranslation('admin');
  const aboutId = useId();
  const textId = useId();
  const imagesId = useId();
  const replyId = useId();
  return (
    <div className="admin-complaint">
      <div className="admin-complaint-facts">
        <section className="admin-card" aria-labelledby={aboutId}>
          <h2 id={aboutId}>{t('complaint.about')}</h2>
          <dl className="admin-facts">
            <Fact label={t('complaint.status')}>
              <StatusBadge status={c.status} />
              {c.ratingDue ? (
                <span className="admin-muted admin-block">{t('complaint.ratingDue')}</span>
              ) : null}
            </Fact>
            <Fact label={t('complaint.deadline')}>
              <Time iso={c.deadline} market={c.market} /> {c.overdue ? <OverdueMark /> : null}
            </Fact>
            <Fact label={t('complaint.created')}>
              <Time iso={c.createdAt} market={c.market} />
            </Fact>
            <Fact label={t('complaint.market')}>{t(`markets.${c.market}`)}</Fact>
            <Fact label={t('complaint.type')}>{c.type}</Fact>
            {c.subType ? <Fact label={t('complaint.subType')}>{c.subType}</Fact> : null}
            <Fact label={t('complaint.score')}>
              {c.score === null ? t('complaint.notRated') : t('queue.score', { score: c.score })}
            </Fact>
          </dl>
        </section>

        <section className="admin-card" aria-label={t('complaint.borrowerAndOrder')}>
          <h2>{t('complaint.borrower')}</h2>
          <dl className="admin-facts">
            <Fact label={t('complaint.name')}>{c.borrowerName}</Fact>
            <Fact label={t('complaint.phone')}>{c.borrowerPhone}</Fact>
          </dl>
          <h2>{t('complaint.order')}</h2>
          {c.order ? (
            <dl className="admin-facts">
              <Fact label={t('complaint.orderNo')}>
                <Link to={ADMIN_ROUTES.order(c.order.orderNo)}>{c.order.orderNo}</Link>
              </Fact>
              <Fact label={t('complaint.product')}>{c.order.productName}</Fact>
              <Fact label={t('complaint.amount')}>{c.order.amount}</Fact>
              <Fact label={t('complaint.term')}>{t('complaint.termDays', { count: c.order.termDays })}</Fact>
              <Fact label={t('complaint.orderStatus')}>
                {t(`orders:status.${c.order.status}`, { defaultValue: String(c.order.status) })}{' '}
                <span className="admin-muted">({c.order.status})</span>
              </Fact>
              <Fact label={t('complaint.collectionAllowed')}>
                {c.order.collectionAllowed ? t('complaint.yes') : t('complaint.no')}
              </Fact>
            </dl>
          ) : (
            <p className="admin-muted">{t('complaint.noOrder', { orderNo: c.orderNo || '—' })}</p>
          )}
        </section>
      </div>

      <section className="admin-card" aria-labelledby={textId}>
        <h2 id={textId}>{t('complaint.text')}</h2>
        {/* Borrower text: a React text node, never markup (security baseline 3.2.2). */}
        <p className="admin-user-text admin-quote">{c.detail}</p>
      </section>

      <section className="admin-card" aria-labelledby={imagesId}>
        <h2 id={imagesId}>{t('complaint.images')}</h2>
        {c.images.length ? (
          <ImageLinks urls={c.images} label={(n) => t('complaint.openImage', { n })} />
        ) : (
          <p className="admin-muted">{t('complaint.noImages')}</p>
        )}
      </section>

      <section className="admin-card" aria-labelledby={replyId}>
        <h2 id={replyId}>{t('reply.saved')}</h2>
        {c.replyText || c.replyImages.length ? (
          <>
            {c.repliedAt ? (
              <p className="admin-muted">
                {c.repliedBy ? `${t('reply.by', { name: c.repliedBy })} · ` : null}
                <Time iso={c.repliedAt} market={c.market} />
              </p>
            ) : null}
            <p className="admin-user-text admin-quote" data-testid="saved-reply">
              {c.replyText}
            </p>
            {c.replyImages.length ? (
              <ImageLinks urls={c.replyImages} label={(n) => t('reply.openImage', { n })} />
            ) : null}
          </>
        ) : (
          <p className="admin-muted">{t('reply.none')}</p>
        )}
      </section>

      <ReplyForm complaint={c} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Thumbnails that open the full image in a new tab: the browser's own viewer zooms, and the operator keeps
 * the complaint open beside it.
 */
function ImageLinks({ urls, label }: { urls: string[]; label: (n: number) => string }) {
  return (
    <ul className="admin-images">
      {urls.map((url, i) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noopener noreferrer" aria-label={label(i + 1)}>
            <img src={url} alt="" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
