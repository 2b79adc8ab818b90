import type { OrderCard as OrderCardData } from '../../../shared/contract/complaints.ts';
import { SkeletonBlock } from '../../ui/skeleton.tsx';
import './order-card.css';

export interface OrderCardProps {
  order: OrderCardData;
  /** Tag shown on the card (e.g. "Selected" in the chooser). */
  badge?: string;
}

/**
 * The order card of spec §3 (logo, product name, status, title/value rows). Built from spans only so
 * the chooser can put a whole card inside a button (a button may hold phrasing content only).
 */
export function OrderCard({ order, badge }: OrderCardProps) {
  return (
    <span className="order-card">
      <span className="order-card-head">
        {/* Decorative: the product name next to it says the same. */}
        <img className="order-card-logo" src={order.productLogo} alt="" width={40} height={40} />
        <span className="order-card-name">{order.productName}</span>
        <span className="order-card-status">{order.status}</span>
      </span>
      <span className="order-card-rows">
        {order.rows.map((row) => (
          <span className="order-card-row" key={row.title}>
            <span className="order-card-row-title">{row.title}</span>
            <span className="order-card-row-value">{row.value}</span>
          </span>
        ))}
      </span>
      {badge ? <span className="order-card-badge">{badge}</span> : null}
    </span>
  );
}

/** The card's shape while the order is on its way (logo, name, status, two rows). */
export function OrderCardSkeleton() {
  return (
    <span className="order-card" aria-hidden="true">
      <span className="order-card-head">
        <SkeletonBlock width="40px" height="40px" radius="var(--radius-small)" />
        <span className="order-card-name">
          <SkeletonBlock width="60%" height="1.1rem" />
        </span>
        <SkeletonBlock width="72px" height="1.4rem" radius="999px" />
      </span>
      <span className="order-card-rows">
        {[0, 1].map((n) => (
          <span className="order-card-row" key={n}>
            <SkeletonBlock width="35%" height="0.9rem" />
            <SkeletonBlock width="25%" height="0.9rem" />
          </span>
        ))}
      </span>
    </span>
  );
}
