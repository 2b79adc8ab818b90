import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Option, OrderCard as OrderCardData } from '../../../shared/contract/complaints.ts';
import { COLLECTION_TYPE, countLabel } from '../../../shared/contract/constants.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { Popup } from '../../ui/overlays.tsx';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonRegion } from '../../ui/skeleton.tsx';
import { complaintKeys, isUnknownOrder, orderParam, problemInitQuery } from './complaint-api.ts';
import { OrderCard, OrderCardSkeleton } from './order-card.tsx';
import { OrderNotFound } from './order-not-found.tsx';
import './complaint-entry-page.css';

/** The form's address for a question type (and collection sub-type) about an order. */
export function complaintFormPath(problemType: number, problemSonType: number, orderNo: string): string {
  const query = new URLSearchParams({
    problemType: String(problemType),
    problemSonType: String(problemSonType),
    orderNo,
  });
  return `${H5_PATHS.complaintForm}?${query}`;
}

/**
 * The complaint entry (spec §2 chooser, §4 flow): the chosen order, question types (collection opens its
 * sub-types), and the way to the borrower's earlier complaints. The chosen order lives in the address
 * (`orderNo`), so coming back from the form keeps it.
 */
export function ComplaintEntryPage() {
  const { t } = useTranslation(['complaints', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const orderNo = orderParam(params);
  const [ordersOpen, setOrdersOpen] = useState(false);
  const [collectionOpen, setCollectionOpen] = useState(false);
  const subTypesId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const allRef = useRef<HTMLButtonElement>(null);
  const init = useQuery({
    // The route's loader has already asked for this (same key and call).
    ...problemInitQuery(orderNo),
    // Picking another order changes the key; keep showing the page while the counts refresh.
    placeholderData: keepPreviousData,
  });

  const title = t('screens.entry.title');
  if (init.isPending) {
    return (
      <main className="shell-page complaint-entry">
        <title>{title}</title>
        <h1>{title}</h1>
        <EntrySkeleton />
        <EntryLinks orderNo={orderNo} processing={0} ratingDue={0} />
      </main>
    );
  }
  if (init.isError) {
    return (
      <main className="shell-page complaint-entry">
        <title>{title}</title>
        <h1>{title}</h1>
        {isUnknownOrder(init.error) ? (
          <OrderNotFound />
        ) : (
          <PageError
            message={`${t('screens.entry.loadError')} ${init.error.message}`}
            onRetry={() => void init.refetch()}
          />
        )}
      </main>
    );
  }

  const data = init.data;
  // The address may name an order before the server's reply for it arrives: the list already has it.
  const selected: OrderCardData | null =
    (orderNo ? data.orderList.find((o) => o.orderNo === orderNo) : undefined) ?? data.orderDetail;

  const returnFocus = () => {
    const active = document.activeElement;
    // Only when focus was in the sheet (now hidden); a tap elsewhere keeps its own focus.
    if (!active || active === document.body || active.closest('.complaint-orders-popup'))
      allRef.current?.focus();
  };

  const pickOrder = (order: OrderCardData) => {
    setOrdersOpen(false);
    // Sub-types were opened for the previous order; whether collection is allowed may differ now.
    setCollectionOpen(false);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('orderNo', order.orderNo);
        return next;
      },
      { replace: true },
    );
  };

  const goToForm = (order: OrderCardData, problemType: number, problemSonType: number) => {
    // The form asks problem-init for this order; the answer is what we hold already (same lists, this
    // order as the chosen one), so it opens from the cache instead of loading again.
    const key = complaintKeys.init(order.orderNo);
    if (queryClient.getQueryData(key) === undefined)
      queryClient.setQueryData(key, { ...data, orderDetail: order });
    navigate(complaintFormPath(problemType, problemSonType, order.orderNo));
  };

  const chooseType = (type: Option) => {
    if (!selected) {
      toast.show(t('screens.entry.needOrder'));
      return;
    }
    if (type.value === COLLECTION_TYPE) {
      // Spec §4/§5: refused on the spot, before the borrower writes anything.
      if (selected.isShow !== 1) {
        toast.show(t('messages.collectionNotAllowed'));
        return;
      }
      if (data.problemSonType.length > 0) {
        setCollectionOpen((open) => !open);
        return;
      }
    }
    goToForm(selected, type.value, 0);
  };

  const chooseSubType = (subType: Option) => {
    if (selected?.isShow !== 1) {
      toast.show(t('messages.collectionNotAllowed'));
      return;
    }
    goToForm(selected, COLLECTION_TYPE, subType.value);
  };

  const { processing, ratingDue } = data.problemStatus;

  return (
    <main className="shell-page complaint-entry">
      <title>{title}</title>
      <h1>{title}</h1>
      <section className="complaint-entry-section" aria-labelledby="complaint-entry-order">
        <div className="complaint-entry-section-head">
          <h2 id="complaint-entry-order">{t('screens.entry.orderHeading')}</h2>
          <button
            ref={allRef}
            type="button"
            className="complaint-entry-all"
            aria-label={t('screens.entry.allLabel')}
            aria-haspopup="dialog"
            onClick={() => setOrdersOpen(true)}
          >
            {t('screens.entry.all')}
          </button>
        </div>
        {selected ? (
          <OrderCard order={selected} />
        ) : (
          <p className="complaint-entry-empty">{t('screens.entry.noOrders')}</p>
        )}
      </section>

      <section className="complaint-entry-section" aria-labelledby="complaint-entry-types">
        <h2 id="complaint-entry-types">{t('screens.entry.typesHeading')}</h2>
        <ul className="complaint-entry-tiles">
          {data.problemType.map((type) => {
            const expandable = type.value === COLLECTION_TYPE && data.problemSonType.length > 0;
            return (
              <li key={type.value}>
                <button
                  type="button"
                  className={
                    expandable && collectionOpen ? 'complaint-entry-tile is-open' : 'complaint-entry-tile'
                  }
                  aria-expanded={expandable ? collectionOpen : undefined}
                  aria-controls={expandable && collectionOpen ? subTypesId : undefined}
                  onClick={() => chooseType(type)}
                >
                  {type.title}
                </button>
              </li>
            );
          })}
        </ul>
        {collectionOpen ? (
          <div id={subTypesId} className="complaint-entry-subtypes">
            <h3>{t('screens.entry.subTypesHeading')}</h3>
            <ul>
              {data.problemSonType.map((subType) => (
                <li key={subType.value}>
                  <button
                    type="button"
                    className="complaint-entry-subtype"
                    onClick={() => chooseSubType(subType)}
                  >
                    {subType.title}
                    <span aria-hidden="true">›</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <EntryLinks orderNo={selected?.orderNo} processing={processing} ratingDue={ratingDue} />

      <Popup
        visible={ordersOpen}
        onMaskClick={() => setOrdersOpen(false)}
        onClose={() => setOrdersOpen(false)}
        // Keyboard and screen-reader users land in the dialog, on its close button.
        afterShow={() => closeRef.current?.focus()}
        // …and back where they were once it closes, not on a hidden element.
        afterClose={returnFocus}
        bodyClassName="complaint-orders-popup"
      >
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="complaint-orders-title"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOrdersOpen(false);
          }}
        >
          <div className="complaint-orders-head">
            <h2 id="complaint-orders-title" className="complaint-orders-title">
              {t('screens.entry.ordersTitle')}
            </h2>
            <button
              ref={closeRef}
              type="button"
              className="complaint-orders-close"
              aria-label={t('common:actions.close')}
              onClick={() => setOrdersOpen(false)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {data.orderList.length === 0 ? (
            <PageEmpty text={t('screens.entry.noOrders')} />
          ) : (
            <ul className="complaint-orders-list">
              {data.orderList.map((order) => {
                const isSelected = order.orderNo === selected?.orderNo;
                return (
                  <li key={order.orderNo}>
                    <button
                      type="button"
                      className={isSelected ? 'complaint-orders-pick is-selected' : 'complaint-orders-pick'}
                      aria-pressed={isSelected}
                      onClick={() => pickOrder(order)}
                    >
                      <OrderCard
                        order={order}
                        badge={isSelected ? t('screens.entry.selectedOrder') : undefined}
                      />
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Popup>
    </main>
  );
}

/** The way to the borrower's complaints (with counts once known) and to the assistant. */
function EntryLinks({
  orderNo,
  processing,
  ratingDue,
}: {
  orderNo: string | undefined;
  processing: number;
  ratingDue: number;
}) {
  const { t } = useTranslation(['complaints', 'common']);
  const chatbotPath = orderNo ? `${H5_PATHS.chatbot}?${new URLSearchParams({ orderNo })}` : H5_PATHS.chatbot;
  return (
    <nav className="complaint-entry-links" aria-label={t('screens.entry.title')}>
      <Link className="complaint-entry-link" to={H5_PATHS.complaintList}>
        {/* The counts sit under the title and wrap there: beside it, "1 perlu dinilai" pushed the
            chevron off a 390 px screen. */}
        <span className="complaint-entry-link-text">
          {t('screens.entry.myComplaints')}
          {processing > 0 || ratingDue > 0 ? (
            <span className="complaint-entry-badges">
              {processing > 0 ? (
                <span className="complaint-entry-count">
                  {t('screens.entry.processingCount', { count: processing, shown: countLabel(processing) })}
                </span>
              ) : null}
              {ratingDue > 0 ? (
                <span className="complaint-entry-due">
                  {t('screens.entry.ratingDue', { count: ratingDue, shown: countLabel(ratingDue) })}
                </span>
              ) : null}
            </span>
          ) : null}
        </span>
        <span className="complaint-entry-chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      <Link className="complaint-entry-link" to={chatbotPath}>
        <span className="complaint-entry-link-text">
          {t('screens.entry.chatbot')}
          <span className="complaint-entry-link-hint">{t('screens.entry.chatbotHint')}</span>
        </span>
        <span className="complaint-entry-chevron" aria-hidden="true">
          ›
        </span>
      </Link>
    </nav>
  );
}

/**
 * The entry's frame while problem-init is on the way: the two section headings with the order card
 * and the question tiles as placeholders (the links below need no data and are real already).
 */
function EntrySkeleton() {
  const { t } = useTranslation(['complaints', 'common']);
  return (
    <SkeletonRegion>
      <section className="complaint-entry-section" aria-labelledby="complaint-entry-order">
        <div className="complaint-entry-section-head">
          <h2 id="complaint-entry-order">{t('screens.entry.orderHeading')}</h2>
        </div>
        <OrderCardSkeleton />
      </section>
      <section className="complaint-entry-section" aria-labelledby="complaint-entry-types">
        <h2 id="complaint-entry-types">{t('screens.entry.typesHeading')}</h2>
        <ul className="complaint-entry-tiles" aria-hidden="true">
          {[0, 1, 2, 3].map((n) => (
            <li key={n}>
              <SkeletonBlock height="56px" radius="var(--radius-small)" />
            </li>
          ))}
        </ul>
      </section>
    </SkeletonRegion>
  );
}
