import { useId } from 'react';
import { TAGGED_CARDS } from '../../shared/contract/constants.ts';
import type { RecommendedProduct } from '../../shared/contract/loans.ts';
import { SkeletonBlock } from './skeleton.tsx';
import './product-card.css';

export interface ProductCardProps {
  product: RecommendedProduct;
  /** The card's place in its list: tags show on the first cards only, and taps report it. */
  index: number;
  onApply: (product: RecommendedProduct, index: number) => void;
  /** A tap on this card is being answered: the button shows it and ignores further taps. */
  busy?: boolean;
}

/**
 * A recommended product (spec §3): logo, name, amount range with its caption, rate, description, tags on
 * the first two cards only (spec §9), and the button. Every text comes from the server already written
 * in the borrower's language and money. A button with `buttonStatus` 0 looks disabled and a tap on it
 * does nothing (spec §4); it stays focusable (`aria-disabled`, not `disabled`) so a screen reader still
 * reads why, through its text.
 */
export function ProductCard({ product, index, onApply, busy = false }: ProductCardProps) {
  const nameId = useId();
  const enabled = product.buttonStatus === 1;
  const tags = index < TAGGED_CARDS ? product.productTags.filter((tag) => tag.trim() !== '') : [];
  const buttonClass = ['product-card-button', enabled ? '' : 'is-disabled', busy ? 'is-busy' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article className="product-card" aria-labelledby={nameId}>
      <div className="product-card-head">
        {/* Decorative: the product name beside it says the same. */}
        <img className="product-card-logo" src={product.productLogo} alt="" width={40} height={40} />
        <span className="product-card-name" id={nameId}>
          {product.productName}
        </span>
      </div>
      <div className="product-card-figures">
        <span className="product-card-amount">
          <span className="product-card-amount-value">{product.amountRange}</span>
          <span className="product-card-caption">{product.amountRangeDes}</span>
        </span>
        {product.loan_rate ? <span className="product-card-rate">{product.loan_rate}</span> : null}
      </div>
      {product.productDesc ? <p className="product-card-desc">{product.productDesc}</p> : null}
      {tags.length > 0 ? (
        <ul className="product-card-tags">
          {tags.map((tag) => (
            <li key={tag} className="product-card-tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className={buttonClass}
        aria-disabled={enabled ? undefined : true}
        aria-busy={busy || undefined}
        aria-describedby={nameId}
        onClick={() => {
          // A disabled product is not a failed tap: nothing is sent and nothing is said (spec §4).
          if (!enabled || busy) return;
          onApply(product, index);
        }}
      >
        {busy ? <span className="product-card-spinner" aria-hidden="true" /> : null}
        {product.buttonText}
      </button>
    </article>
  );
}

/** A card's shape while the list is on its way. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card" aria-hidden="true">
      <div className="product-card-head">
        <SkeletonBlock width="40px" height="40px" radius="var(--radius-small)" />
        <span className="product-card-name">
          <SkeletonBlock width="55%" height="1.1rem" />
        </span>
      </div>
      <div className="product-card-figures">
        <span className="product-card-amount">
          <SkeletonBlock width="70%" height="1.4rem" />
          <SkeletonBlock width="40%" height="0.8rem" />
        </span>
        <SkeletonBlock width="72px" height="1rem" />
      </div>
      <SkeletonBlock height="0.9rem" />
      <SkeletonBlock height="44px" radius="var(--radius-small)" className="product-card-button-skeleton" />
    </div>
  );
}
