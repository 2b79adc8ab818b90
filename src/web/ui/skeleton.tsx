import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.tsx';
import './skeleton.css';

/**
 * Placeholders for data that is on its way, drawn inside a screen's real frame (title, tabs, section
 * headings, inputs) so the page has its shape at first paint and only the data fills in. Plain markup
 * and CSS: no antd-mobile, so a screen can draw it without waiting on anything.
 */

/** One grey bar or block, hidden from assistive technology (the region around it speaks). */
export function SkeletonBlock({
  width,
  height = '1em',
  radius,
  className,
}: {
  width?: string;
  height?: string;
  radius?: string;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return (
    <span className={className ? `skeleton ${className}` : 'skeleton'} style={style} aria-hidden="true" />
  );
}

/** Lines of text of decreasing length, like a paragraph. */
export function SkeletonLines({ lines = 2, lastWidth = '60%' }: { lines?: number; lastWidth?: string }) {
  return (
    <span className="skeleton-lines" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        // Identical placeholders in a fixed order: the position is the identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <SkeletonBlock key={i} width={i === lines - 1 ? lastWidth : '100%'} />
      ))}
    </span>
  );
}

/**
 * The region whose data is loading: `aria-busy` while it fills, and beside it a polite status that
 * says so (the label, or "Loading…") for screen readers. The status sits outside the busy region,
 * whose changes assistive technology holds back; the skeleton inside is decoration.
 */
export function SkeletonRegion({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <span className="visually-hidden" role="status">
        {label ?? t('loading')}
      </span>
      <div className={className ? `skeleton-region ${className}` : 'skeleton-region'} aria-busy="true">
        {children}
      </div>
    </>
  );
}
