import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { QaItem } from '../../../shared/contract/chatbot.ts';
import { SkeletonBlock } from '../../ui/skeleton.tsx';

/** The four category icon names the server sends (spec §9: chat categories use 4 icons). */
export const CATEGORY_ICONS = ['account', 'loan', 'repayment', 'other'] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export function iconName(icon: string | null): CategoryIcon {
  return (CATEGORY_ICONS as readonly string[]).includes(icon ?? '') ? (icon as CategoryIcon) : 'other';
}

const PATHS: Record<CategoryIcon, ReactNode> = {
  account: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.2-3.6 4.3-5.5 8-5.5s6.8 1.9 8 5.5" />
    </>
  ),
  loan: (
    <>
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.75" />
      <path d="M6 9.5v5M18 9.5v5" />
    </>
  ),
  repayment: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4" />
      <path d="m8.75 14.5 2.25 2.25 4.25-4.25" />
    </>
  ),
  other: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.6 9.4a2.5 2.5 0 1 1 3.4 2.3c-.7.3-1 .8-1 1.5v.6" />
      <circle cx="12" cy="17" r=".6" fill="currentColor" />
    </>
  ),
};

/** Decorative: the tab's text names the category, so the icon is hidden from screen readers. */
export function CategoryIconSvg({ icon }: { icon: CategoryIcon }) {
  return (
    <svg
      className="chatbot-tab-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[icon]}
    </svg>
  );
}

export interface CategoryTabsProps {
  categories: readonly QaItem[];
  selected: number;
  label: string;
  labelOf: (category: QaItem) => string;
  /** Id of the conversation, where a picked category's questions appear. */
  controls: string;
  onSelect: (index: number) => void;
}

/**
 * A tab list with manual activation: arrow keys only move focus, Enter or Space picks. Picking posts
 * the category's questions into the conversation, so moving through the tabs must not do it.
 */
export function CategoryTabs({
  categories,
  selected,
  label,
  labelOf,
  controls,
  onSelect,
}: CategoryTabsProps) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = refs.current.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    const last = categories.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="chatbot-tabs" onKeyDown={onKeyDown}>
      {categories.map((category, index) => (
        <button
          key={category.id}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`chatbot-tab-${category.id}`}
          aria-selected={index === selected}
          aria-controls={controls}
          tabIndex={index === selected ? 0 : -1}
          className="chatbot-tab"
          onClick={() => onSelect(index)}
        >
          <CategoryIconSvg icon={iconName(category.icon)} />
          <span className="chatbot-tab-label">{labelOf(category)}</span>
        </button>
      ))}
    </div>
  );
}

/** The four topic tabs' shape while the topics are on the way: icon discs and label bars. */
export function CategoryTabsSkeleton() {
  return (
    <div className="chatbot-tabs" aria-hidden="true">
      {CATEGORY_ICONS.map((icon) => (
        <span key={icon} className="chatbot-tab">
          <SkeletonBlock width="36px" height="36px" radius="50%" />
          <SkeletonBlock width="70%" height="0.8rem" />
        </span>
      ))}
    </div>
  );
}
