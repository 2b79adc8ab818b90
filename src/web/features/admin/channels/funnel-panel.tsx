import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { FUNNEL_DAYS, type RangeProblem, rangeProblem } from '../../../../shared/contract/channels-admin.ts';
import type { FunnelData } from '../../../../shared/contract/channels-admin-schema.ts';
import type { Lang, Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useLang } from '../admin-ui.tsx';
import { channelKeys, type FunnelFilters, fetchFunnel } from './channels-api.ts';
import { countText, dayText, FunnelChart, percentText, SERIES } from './funnel-chart.tsx';

type RangeField = RangeProblem['field'];

/**
 * The funnel of one template (`templateId`) or of all a market's templates, per market day: a range
 * (in the address bar, so it can be shared and survives a reload; the server's last 14 days without
 * one), the range's totals and conversion, the chart with its legend, and every day as a table.
 */
export function FunnelPanel({ templateId, market }: { templateId?: number; market: Market }) {
  const { t } = useTranslation('channelsAdmin');
  const { t: ta } = useTranslation('admin');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const filters: FunnelFilters = {
    ...(templateId === undefined ? { market } : { templateId }),
    ...asked,
  };
  const funnel = useQuery({ queryKey: channelKeys.funnel(filters), queryFn: () => fetchFunnel(filters) });
  // What the operator typed; until then the inputs show the address's range or, without one, the range
  // the server chose. Derived in render (not copied in an effect) so the inputs never lag the totals.
  const [edited, setEdited] = useState<{ from: string; to: string } | null>(null);
  const range =
    edited ?? (asked.from || asked.to ? asked : { from: funnel.data?.from ?? '', to: funnel.data?.to ?? '' });
  const [error, setError] = useState<RangeProblem | null>(null);
  const prefix = useId();
  const headingId = `${prefix}-heading`;
  const idOf = (field: RangeField) => `${prefix}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(range.from, range.to);
    if (wrong) {
      flushSync(() => setError(wrong));
      document.getElementById(idOf(wrong.field))?.focus();
      return;
    }
    setError(null);
    const next = new URLSearchParams(params);
    next.set('from', range.from);
    next.set('to', range.to);
    setParams(next);
  };
  const marking = (field: RangeField) =>
    error?.field === field
      ? { 'aria-invalid': true as const, 'aria-describedby': `${prefix}-error ${prefix}-hint` }
      : { 'aria-describedby': `${prefix}-hint` };

  return (
    <section className="admin-card channels-funnel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('funnel.title')}</h2>
      <p className="admin-muted">{t('funnel.intro', { zone: ta(`timeZones.${market}`) })}</p>
      <form className="channels-range" onSubmit={submit} noValidate>
        <fieldset className="admin-fieldset">
          <legend className="admin-label">{t('funnel.range')}</legend>
          <div className="channels-range-fields">
            {(['from', 'to'] as const).map((field) => (
              <div key={field} className="admin-field">
                <label htmlFor={idOf(field)}>{t(`funnel.${field}`)}</label>
                <input
                  id={idOf(field)}
                  type="date"
                  value={range[field]}
                  onChange={(e) => {
                    const value = e.target.value;
                    setEdited({ ...range, [field]: value });
                    setError(null);
                  }}
                  {...marking(field)}
                />
              </div>
            ))}
            <button type="submit" className="admin-button admin-button-primary">
              {t('funnel.show')}
            </button>
          </div>
          <p id={`${prefix}-hint`} className="admin-hint admin-muted">
            {t('funnel.rangeHint', { max: FUNNEL_DAYS.max })}
          </p>
          {error ? (
            <p id={`${prefix}-error`} className="admin-field-error" role="alert">
              {t(`funnel.${error.code}`, { max: FUNNEL_DAYS.max })}
            </p>
          ) : null}
        </fieldset>
      </form>

      {funnel.isPending ? (
        <PageLoading label={t('funnel.loading')} />
      ) : funnel.isError ? (
        <PageError message={funnel.error.message} onRetry={() => void funnel.refetch()} />
      ) : (
        <FunnelResult data={funnel.data} lang={lang} />
      )}
    </section>
  );
}

function FunnelResult({ data, lang }: { data: FunnelData; lang: Lang }) {
  const { t } = useTranslation('channelsAdmin');
  const { totals } = data;
  const period = { from: dayText(data.from, lang), to: dayText(data.to, lang) };
  if (totals.visits + totals.clicks + totals.codes + totals.registrations === 0) {
    return <PageEmpty text={t('funnel.empty')} />;
  }
  const summary = t('funnel.chartLabel', {
    days: data.days.length,
    ...period,
    visits: countText(totals.visits, lang),
    clicks: countText(totals.clicks, lang),
    codes: countText(totals.codes, lang),
    registrations: countText(totals.registrations, lang),
  });

  return (
    <div className="channels-result">
      <h3>{t('funnel.totals', period)}</h3>
      <dl className="admin-facts channels-totals">
        {SERIES.map((s) => (
          <div key={s.key} className="admin-fact">
            <dt>{t(`funnel.series.${s.key}`)}</dt>
            <dd>{countText(totals[s.key], lang)}</dd>
          </div>
        ))}
        <div className="admin-fact">
          <dt>
            {t('funnel.conversion')}
            <span className="admin-muted admin-small admin-block">{t('funnel.conversionHint')}</span>
          </dt>
          <dd>{percentText(totals.conversion, lang)}</dd>
        </div>
      </dl>

      <FunnelChart days={data.days} lang={lang} summary={summary} />
      <ul className="channels-legend" aria-label={t('funnel.legend')}>
        {SERIES.map((s) => (
          <li key={s.key}>
            <span className="channels-swatch" style={{ background: s.colour }} aria-hidden="true" />
            {t(`funnel.series.${s.key}`)}
          </li>
        ))}
      </ul>

      <details className="channels-table">
        <summary>{t('funnel.table')}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t('funnel.tableCaption', period)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funnel.day')}</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="channels-number">
                    {t(`funnel.series.${s.key}`)}
                  </th>
                ))}
                <th scope="col" className="channels-number">
                  {t('funnel.conversion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">
                    <time dateTime={d.day}>{dayText(d.day, lang)}</time>
                  </th>
                  {SERIES.map((s) => (
                    <td key={s.key} className="channels-number">
                      {countText(d[s.key], lang)}
                    </td>
                  ))}
                  <td className="channels-number">{percentText(d.conversion, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
