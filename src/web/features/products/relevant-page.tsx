import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { moduleForScene } from '../../../shared/contract/constants.ts';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { openTarget, targetKind } from '../../lib/open-target.ts';
import { toast } from '../../lib/toast.ts';
import { PageEmpty, PageError } from '../../ui/page-state.tsx';
import { ProductCard, ProductCardSkeleton } from '../../ui/product-card.tsx';
import { SkeletonRegion } from '../../ui/skeleton.tsx';
import { applyProduct, recommendListQuery, savePageEvent, sceneParam } from './products-api.ts';
import { type TapOutcome, useProductTap } from './use-product-tap.ts';
import './products-page.css';

/**
 * The recommended products (spec §2 `/relevant`, §4, §7): a tap on an enabled card records the tap
 * (module of the list's scene, the card's place) and applies; the reply's URL is opened where it
 * belongs (open-target.ts). An empty list means today's applications are full: the way back is the
 * app's home.
 */
export function RelevantPage() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const scene = sceneParam(params);
  // The route's loader has already asked for this (same key and call).
  const list = useQuery(recommendListQuery(scene));

  const apply = useCallback(
    async (product: RecommendedProduct, index: number): Promise<TapOutcome> => {
      const moduleId = moduleForScene(scene);
      // Sent first, but not waited for: analytics must not hold up the application.
      void savePageEvent(product.id, moduleId, index);
      const result = await applyProduct(product.id, moduleId, scene);
      // A refusal has been toasted by the request helper with the server's words.
      if (!result.ok) return 'done';
      const url = result.data?.url ?? '';
      if (!openTarget(url, navigate)) {
        toast.show(t('apply.noTarget'));
        return 'done';
      }
      return targetKind(url.trim()) === 'web' ? 'leaving' : 'done';
    },
    [scene, navigate, t],
  );
  const { busyIndex, tap } = useProductTap(apply);

  const title = t('relevant.title');
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <SkeletonRegion label={t('relevant.loading')}>
        <ul className="products-list">
          {[0, 1, 2].map((n) => (
            <li key={n}>
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
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
    body = (
      <PageEmpty text={t('relevant.empty')}>
        <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
          {t('relevant.home')}
        </button>
      </PageEmpty>
    );
  } else {
    body = (
      <ul className="products-list" aria-label={t('relevant.listLabel')}>
        {list.data.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} index={index} onApply={tap} busy={busyIndex === index} />
          </li>
        ))}
      </ul>
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
