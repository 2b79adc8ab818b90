import { useLayoutEffect, useRef } from 'react';
import type { FunnelDay } from '../../../../shared/contract/channels-admin-schema.ts';
import { type Lang, localeOf } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';

export type Series = 'visits' | 'clicks' | 'codes' | 'registrations';

/**
 * The four counts in the funnel's order, each with its colour. Every colour reaches 3:1 against the white
 * card (WCAG 1.4.11 for graphics, tested), and they differ in lightness as well as hue; the legend, the
 * bars' fixed order and the table say the same without colour.
 */
export const SERIES: ReadonlyArray<{ key: Series; colour: string }> = [
  { key: 'visits', colour: '#087a50' },
  { key: 'clicks', colour: '#1f5fbf' },
  { key: 'codes', colour: '#b35900' },
  { key: 'registrations', colour: '#6b3fa0' },
];

/** Intl formatters cost 40-60 µs to build (decision 020): one per language and kind, kept. */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formats.get(key) as T | undefined;
  if (!f) {
    f = make();
    formats.set(key, f);
  }
  return f;
}

export const countText = (n: number, lang: Lang) =>
  cached(`n|${lang}`, () => new Intl.NumberFormat(localeOf(lang))).format(n);

/** A conversion (a percentage with one decimal) as the language writes it: 12.5% / 12,5%. */
export const percentText = (percent: number, lang: Lang) =>
  cached(
    `p|${lang}`,
    () =>
      new Intl.NumberFormat(localeOf(lang), {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }),
  ).format(percent / 100);

/**
 * A market day (`YYYY-MM-DD`) as a date. It is a calendar day, not an instant: read and written in UTC so
 * no time zone moves it to the day before.
 */
export const dayText = (day: string, lang: Lang, style: 'medium' | 'short' = 'medium') =>
  cached(`d|${style}|${lang}`, () =>
    style === 'medium'
      ? new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeZone: 'UTC' })
      : new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  ).format(new Date(`${day}T00:00:00Z`));

/** A round step (1, 2 or 5 times a power of ten) that divides `max` into about four bands. */
function tickStep(max: number): number {
  const raw = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Math.max(1, step);
}

const BAR = 6;
const GROUP = 36;
const PLOT = 180;
const TOP = 12;
const LEFT = 48;
const BOTTOM = 30;

/**
 * The funnel per day as grouped bars, drawn as SVG (no chart library). To assistive technology it is one
 * image with a summary; each bar has a tooltip for a mouse; the table beside it is the full alternative.
 * Long ranges scroll sideways in a focusable region rather than squeezing 92 days into a phone.
 */
export function FunnelChart({ days, lang, summary }: { days: FunnelDay[]; lang: Lang; summary: string }) {
  const { t } = useTranslation('channelsAdmin');
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const step = tickStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const width = LEFT + days.length * GROUP + 8;
  const height = TOP + PLOT + BOTTOM;
  const y = (v: number) => TOP + PLOT - (v / top) * PLOT;
  // Every day's number while they fit; past a month, a label a week.
  const every = days.length <= 16 ? 1 : days.length <= 31 ? 2 : 7;
  // A long range opens at its newest days, the ones an operator looks at first.
  const scroller = useRef<HTMLElement>(null);
  const lastDay = days.at(-1)?.day;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && lastDay) el.scrollLeft = el.scrollWidth;
  }, [lastDay]);

  return (
    // Focusable so that a keyboard can scroll a long range (a scrolling region nobody can reach is
    // invisible to keyboard users).
    <section
      ref={scroller}
      className="channels-chart-scroll"
      aria-label={t('funnel.scrollLabel')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled.
      tabIndex={0}
    >
      <svg
        className="channels-chart"
        role="img"
        aria-label={summary}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line className="channels-grid" x1={LEFT} x2={width - 4} y1={y(v)} y2={y(v)} />
            <text className="channels-axis" x={LEFT - 6} y={y(v) + 4} textAnchor="end">
              {countText(v, lang)}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x0 = LEFT + i * GROUP + 4;
          const first = i === 0 || d.day.endsWith('-01');
          return (
            <g key={d.day}>
              {SERIES.map((s, k) =>
                d[s.key] > 0 ? (
                  <rect
                    key={s.key}
                    x={x0 + k * (BAR + 1)}
                    y={y(d[s.key])}
                    width={BAR}
                    height={Math.max(1, PLOT + TOP - y(d[s.key]))}
                    fill={s.colour}
                  >
                    <title>
                      {t('funnel.bar', {
                        day: dayText(d.day, lang, 'short'),
                        count: countText(d[s.key], lang),
                        series: t(`funnel.series.${s.key}`),
                      })}
                    </title>
                  </rect>
                ) : null,
              )}
              {i % every === 0 || first ? (
                <text
                  className="channels-axis"
                  x={x0 + (4 * BAR + 3) / 2}
                  y={TOP + PLOT + 18}
                  textAnchor="middle"
                >
                  {first ? dayText(d.day, lang, 'short') : String(Number(d.day.slice(8)))}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </section>
  );
}
