import type { HTMLAttributes } from 'react';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import { sendBridge } from '../../lib/bridge.ts';
import { PageEmpty } from '../../ui/page-state.tsx';
import { ProductCard, ProductCardSkeleton } from '../../ui/product-card.tsx';

/** The product screens' list states (/relevant, /jointLoginFail): frame, cards, and none today. */

/** Grey cards in the list's place while it loads. */
export function ProductListSkeleton({ count }: { count: number }) {
  return (
    <ul className="products-list">
      {Array.from({ length: count }, (_, n) => (
        // Identical placeholders in a fixed order: the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={n}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

export function ProductList({
  products,
  onApply,
  busyIndex,
  ...named
}: {
  products: RecommendedProduct[];
  onApply: (product: RecommendedProduct, index: number) => void;
  /** The card whose tap is being answered (useProductTap). */
  busyIndex: number | null;
} & Pick<HTMLAttributes<HTMLUListElement>, 'aria-label' | 'aria-labelledby'>) {
  return (
    <ul className="products-list" {...named}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} index={index} onApply={onApply} busy={busyIndex === index} />
        </li>
      ))}
    </ul>
  );
}

/** No product today (applications are full): the way on is the app's home. */
export function ProductListEmpty({ text, home }: { text: string; home: string }) {
  return (
    <PageEmpty text={text}>
      <button type="button" className="shell-button" onClick={() => sendBridge({ type: 'goHome' })}>
        {home}
      </button>
    </PageEmpty>
  );
}
