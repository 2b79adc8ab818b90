import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { moduleForScene } from '../../../shared/contract/constants.ts';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonBlock, SkeletonLines, SkeletonRegion } from '../../ui/skeleton.tsx';
import { ProductList, ProductListEmpty, ProductListSkeleton } from './product-list.tsx';
import { sceneParam, standClick, standJump, standListQuery } from './products-api.ts';
import { useProductTap } from './use-product-tap.ts';
import './products-page.css';

function AlertIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      className="products-notice-icon"
    >
      <circle cx="12" cy="12" r="9.25" fill="none" stroke="currentColor" strokeWidth="1.75" />
      <path d="M12 7v6.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="16.75" r="1.2" fill="currentColor" />
    </svg>
  );
}

/**
 * The joint-login failure (spec §2): signing in to a partner's product did not work; the server says why
 * (title and description) and offers other products. Its calls are form-encoded (spec §7): the list, a
 * card's click event, and "go to product", whose URL opens like an application's (open-target.ts).
 */
export function JointLoginFailPage() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const scene = sceneParam(params);
  const page = useQuery(standListQuery(scene));

  const jump = useCallback(
    (product: RecommendedProduct, index: number) => {
      // The click is analytics: sent first, never waited for.
      void standClick(product.id, index);
      return standJump(product.id, moduleForScene(scene), index);
    },
    [scene],
  );
  const { busyIndex, tap } = useProductTap(jump);

  const title = t('jointLoginFail.title');
  let body: ReactNode;
  if (page.isPending) {
    body = (
      <SkeletonRegion label={t('jointLoginFail.loading')}>
        <div className="products-notice" aria-hidden="true">
          <AlertIcon />
          <span className="products-notice-text">
            <SkeletonBlock width="60%" height="1.1rem" />
            <SkeletonLines lines={2} />
          </span>
        </div>
        <h2>{t('jointLoginFail.productsHeading')}</h2>
        <ProductListSkeleton count={2} />
      </SkeletonRegion>
    );
  } else if (page.isError) {
    body = (
      <PageError
        message={`${t('jointLoginFail.loadError')} ${page.error.message}`.trim()}
        onRetry={() => void page.refetch()}
      />
    );
  } else {
    const { title: noticeTitle, description, list } = page.data;
    body = (
      <>
        {noticeTitle || description ? (
          <div className="products-notice" role="status">
            <AlertIcon />
            <div className="products-notice-text">
              {noticeTitle ? <p className="products-notice-title">{noticeTitle}</p> : null}
              {description ? <p className="products-notice-description">{description}</p> : null}
            </div>
          </div>
        ) : null}
        <h2 id="joint-login-products">{t('jointLoginFail.productsHeading')}</h2>
        {list.length === 0 ? (
          <ProductListEmpty text={t('jointLoginFail.empty')} home={t('jointLoginFail.home')} />
        ) : (
          <ProductList
            products={list}
            onApply={tap}
            busyIndex={busyIndex}
            aria-labelledby="joint-login-products"
          />
        )}
      </>
    );
  }

  return (
    <main className="shell-page products-page">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );
}
