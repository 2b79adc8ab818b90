import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { moduleForScene } from '../../../shared/contract/constants.ts';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { PageError } from '../../ui/page-state.tsx';
import { SkeletonRegion } from '../../ui/skeleton.tsx';
import { ProductList, ProductListEmpty, ProductListSkeleton } from './product-list.tsx';
import { applyProduct, recommendListQuery, savePageEvent, sceneParam } from './products-api.ts';
import { useProductTap } from './use-product-tap.ts';
import './products-page.css';

/**
 * The recommended products (spec §2 `/relevant`, §4, §7): a tap on an enabled card records the tap
 * (module of the list's scene, the card's place) and applies; the reply's URL is opened where it
 * belongs (open-target.ts). An empty list means today's applications are full: the way back is the
 * app's home.
 */
export function RelevantPage() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const scene = sceneParam(params);
  // The route's loader has already asked for this (same key and call).
  const list = useQuery(recommendListQuery(scene));

  const apply = useCallback(
    (product: RecommendedProduct, index: number) => {
      const moduleId = moduleForScene(scene);
      // Sent first, but not waited for: analytics must not hold up the application.
      void savePageEvent(product.id, moduleId, index);
      return applyProduct(product.id, moduleId, scene);
    },
    [scene],
  );
  const { busyIndex, tap } = useProductTap(apply);

  const title = t('relevant.title');
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <SkeletonRegion label={t('relevant.loading')}>
        <ProductListSkeleton count={3} />
      </SkeletonRegion>
    );
  } else if (list.isError) {
    body = (
      <PageError
        message={`${t('relevant.loadError')} ${list.error.message}`.trim()}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.length === 0) {
    body = <ProductListEmpty text={t('relevant.empty')} home={t('relevant.home')} />;
  } else {
    body = (
      <ProductList
        products={list.data}
        onApply={tap}
        busyIndex={busyIndex}
        aria-label={t('relevant.listLabel')}
      />
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
