import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import type { ComplaintStatus } from '../../../shared/contract/constants.ts';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { isLang, type Lang, type Market } from '../../../shared/markets.ts';
import { useTranslation } from '../../lib/use-translation.tsx';

/** Small pieces the back-office screens share: dates, status and overdue badges, pagination, selects. */

export function useLang(): Lang {
  const { i18n } = useTranslation();
  return isLang(i18n.language) ? i18n.language : 'en';
}

/** A time in the market's time zone, machine-readable for assistive tech and copy-paste. */
export function Time({ iso, market }: { iso: string; market: Market }) {
  const lang = useLang();
  return <time dateTime={iso}>{formatDateTime(iso, lang, market)}</time>;
}

export function StatusBadge({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('admin');
  return <span className={`admin-badge admin-badge-${status}`}>{t(`status.${status}`)}</span>;
}

/** Words, not only colour: the marker reads "Overdue" to everyone. */
export function OverdueMark() {
  const { t } = useTranslation('admin');
  return <span className="admin-badge admin-badge-overdue">{t('queue.overdue')}</span>;
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={t('pagination.label')}>
      <button type="button" className="admin-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </button>
      <span aria-live="polite">{t('pagination.page', { page, pages })}</span>
      <button
        type="button"
        className="admin-button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A labelled native select: on a desktop it is the quickest filter control, on a phone the system picker. */
export function SelectField({
  label,
  value,
  choices,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The market filter offers the operator's own markets only, and "all of mine" when there are several. */
export function marketChoices(markets: readonly Market[], t: TFunction<'admin'>): Choice[] {
  const own = markets.map((m) => ({ value: m, label: t(`markets.${m}`) }));
  return markets.length > 1 ? [{ value: '', label: t('filters.allMarkets') }, ...own] : own;
}

/** For an agent who opens an admin-only address directly (the navigation does not offer it). */
/** The market switch of the content editors (chatbot content, complaint types). */
export function MarketRadios({
  legend,
  name,
  markets,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  markets: readonly Market[];
  value: Market;
  onChange: (market: Market) => void;
}) {
  const { t } = useTranslation('admin');
  const legendId = useId();
  return (
    <fieldset className="admin-radios" aria-labelledby={legendId}>
      <legend id={legendId}>{legend}</legend>
      {markets.map((m) => (
        <label key={m} className="admin-radio">
          <input type="radio" name={name} value={m} checked={value === m} onChange={() => onChange(m)} />
          {t(`markets.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function AdminOnly({ title }: { title: string }) {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-page">
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1>{title}</h1>
      <p className="admin-notice" role="alert">
        {t('adminOnly')}
      </p>
    </section>
  );
}

/**
 * A table cell that can turn into a "label: value" row of a card on a phone (admin.css): the label comes
 * from `data-label`, the content is one box so it lines up however many pieces it has.
 */
export function Cell({
  label,
  header,
  className,
  children,
}: {
  label: string;
  header?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const content = <div className="admin-cell">{children}</div>;
  return header ? (
    <th scope="row" data-label={label} className={className}>
      {content}
    </th>
  ) : (
    <td data-label={label} className={className}>
      {content}
    </td>
  );
}

/**
 * Filters kept in the address bar, so the way back from a detail keeps them. Any change but the page
 * itself starts again at page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  return { params, setFilter };
}

/**
 * A switch that moves only once the operator has confirmed and the server has agreed (put a page live,
 * offer a product, activate a complaint type). `onAsk` gets the state the click asked for; `checked`
 * changes only when the caller's data does.
 */
export function ConfirmSwitch({
  checked,
  disabled,
  label,
  children,
  onAsk,
}: {
  checked: boolean;
  disabled: boolean;
  /** The accessible name, naming the thing switched. */
  label: string;
  /** The visible text beside the track. */
  children: ReactNode;
  onAsk: (wish: boolean) => void;
}) {
  return (
    <label className="admin-switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => onAsk(e.currentTarget.checked)}
      />
      <span className="admin-switch-track" aria-hidden="true" />
      {children}
    </label>
  );
}
