/** Tables of `npm run bench`: plain text for the terminal, markdown for bench/results/. */

import { type Goal, type LoadRun, median, type RouteSummary } from './bench-types.ts';
import type { WebFigures, WebGoal } from './bench-web.ts';

export function summarise(
  routeNames: string[],
  runs: LoadRun[],
  goals: Map<string, Goal | null>,
  ceilingName: string,
  /** The bare pg primary-key route, when measured: each row's req/s is also given as a share of it. */
  referenceName?: string,
): RouteSummary[] {
  const of = (name: string) => runs.filter((r) => r.route === name);
  // Each round's ratio pairs a route with the ceiling measured in the same round (the machine's
  // background load drifts between rounds); the ratio reported is the median of those.
  const byRound = (name: string) => new Map(of(name).map((r) => [r.round, r.reqPerSec]));
  const ceilingByRound = byRound(ceilingName);
  const referenceByRound = referenceName ? byRound(referenceName) : null;
  return routeNames.map((name) => {
    const mine = of(name);
    const reqPerSec = median(mine.map((r) => r.reqPerSec));
    const p99 = median(mine.map((r) => r.p99));
    const errors = mine.reduce((n, r) => n + r.errors, 0);
    const rss = mine.map((r) => r.rssMb).filter((x): x is number => x !== null);
    const statusCodes: Record<string, number> = {};
    for (const r of mine)
      for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
    const shareOf = (other: Map<number, number>) =>
      median(mine.map((r) => r.reqPerSec / (other.get(r.round) ?? Number.NaN)));
    const ratio = shareOf(ceilingByRound);
    const vsReference = referenceByRound ? shareOf(referenceByRound) : null;
    const goal = goals.get(name) ?? null;
    const meets = goal
      ? ratio >= goal.minRatio &&
        (goal.maxP99 === undefined || p99 <= goal.maxP99) &&
        (!goal.noErrors || errors === 0)
      : null;
    return {
      name,
      reqPerSec,
      p50: median(mine.map((r) => r.p50)),
      p99,
      errors,
      rssMb: rss.length ? Math.max(...rss) : null,
      ratio,
      vsReference,
      goal,
      meets,
      statusCodes,
    };
  });
}

export function goalText(goal: Goal | null, isCeiling: boolean): string {
  if (isCeiling) return 'ceiling';
  if (!goal) return '—';
  const parts = [`≥ ${goal.minRatio.toFixed(2)}`];
  if (goal.maxP99 !== undefined) parts.push(`p99 ≤ ${goal.maxP99} ms`);
  if (goal.noErrors) parts.push('0 errors');
  return parts.join(', ');
}

const HTTP_HEADER = ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'RSS MB', 'ratio', 'goal', 'meets?'];
const withReference = (rows: RouteSummary[]) => rows.some((r) => r.vsReference !== null);
const httpHeader = (rows: RouteSummary[]) =>
  withReference(rows) ? [...HTTP_HEADER, '÷ pg reference'] : HTTP_HEADER;

function httpRows(rows: RouteSummary[], ceilingName: string): string[][] {
  const ref = withReference(rows);
  return rows.map((r) => [
    r.name,
    Number.isFinite(r.reqPerSec) ? Math.round(r.reqPerSec).toString() : '—',
    Number.isFinite(r.p50) ? r.p50.toFixed(1) : '—',
    Number.isFinite(r.p99) ? r.p99.toFixed(1) : '—',
    r.errors.toString(),
    r.rssMb === null ? '—' : r.rssMb.toFixed(0),
    Number.isFinite(r.ratio) ? r.ratio.toFixed(3) : '—',
    goalText(r.goal, r.name === ceilingName),
    r.meets === null ? '—' : r.meets ? '✓' : '✗',
    ...(ref
      ? [r.vsReference !== null && Number.isFinite(r.vsReference) ? r.vsReference.toFixed(2) : '—']
      : []),
  ]);
}

const WEB_HEADER = [
  'page',
  'performance',
  'accessibility',
  'LCP ms',
  'TBT ms',
  'CLS',
  'JS KB',
  'goal',
  'meets?',
];
const BYTES_HEADER = ['page', 'JS KB', 'CSS KB', 'HTML KB', 'other KB', 'total KB'];
const kb = (n: number) => (Number.isFinite(n) ? (n / 1024).toFixed(1) : '—');
const num = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

function webRows(web: WebFigures[]): string[][] {
  return web.map((w) => [
    w.name,
    num(w.performance),
    num(w.accessibility),
    num(w.lcpMs),
    num(w.tbtMs),
    num(w.cls, 3),
    kb(w.bytes.js),
    webGoalText(w.goal),
    w.goal ? (meetsWebGoal(w) ? '✓' : '✗') : '—',
  ]);
}

function webGoalText(goal: WebGoal | undefined): string {
  if (!goal) return '—';
  const parts: string[] = [];
  if (goal.performance !== undefined) parts.push(`perf ≥ ${goal.performance}`);
  if (goal.accessibility !== undefined) parts.push(`a11y ≥ ${goal.accessibility}`);
  if (goal.lcpMs !== undefined) parts.push(`LCP ≤ ${goal.lcpMs} ms`);
  if (goal.jsKb !== undefined) parts.push(`JS ≤ ${goal.jsKb} KB`);
  return parts.join(', ');
}

/** A figure that could not be measured (NaN) does not meet its goal. */
function meetsWebGoal(w: WebFigures): boolean {
  const g = w.goal;
  if (!g) return true;
  return (
    (g.performance === undefined || w.performance >= g.performance) &&
    (g.accessibility === undefined || w.accessibility >= g.accessibility) &&
    (g.lcpMs === undefined || w.lcpMs <= g.lcpMs) &&
    (g.jsKb === undefined || w.bytes.js / 1024 <= g.jsKb)
  );
}

function bytesRows(web: WebFigures[]): string[][] {
  return web.map((w) => [
    w.name,
    kb(w.bytes.js),
    kb(w.bytes.css),
    kb(w.bytes.html),
    kb(w.bytes.other),
    kb(w.bytes.total),
  ]);
}

/** Columns whose cells are all figures are right-aligned; the rest (names, goals, ✓/✗) left. */
function numericColumns(header: string[], rows: string[][]): boolean[] {
  return header.map((_, i) => i > 0 && rows.every((r) => /^(-?[\d.]+|—)$/.test(r[i]!)));
}

export function textTable(header: string[], rows: string[][]): string {
  const numeric = numericColumns(header, rows);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`.trimEnd();
  return [line(header), `  ${widths.map((w) => '-'.repeat(w)).join('  ')}`, ...rows.map(line)].join('\n');
}

export function markdownTable(header: string[], rows: string[][]): string {
  const align = numericColumns(header, rows).map((n) => (n ? '---:' : '---'));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(align), ...rows.map(line)].join('\n');
}

export const httpText = (rows: RouteSummary[], ceiling: string) =>
  textTable(httpHeader(rows), httpRows(rows, ceiling));
export const httpMarkdown = (rows: RouteSummary[], ceiling: string) =>
  markdownTable(httpHeader(rows), httpRows(rows, ceiling));
export const webText = (web: WebFigures[]) => textTable(WEB_HEADER, webRows(web));
export const webMarkdown = (web: WebFigures[]) => markdownTable(WEB_HEADER, webRows(web));
export const bytesText = (web: WebFigures[]) => textTable(BYTES_HEADER, bytesRows(web));
export const bytesMarkdown = (web: WebFigures[]) => markdownTable(BYTES_HEADER, bytesRows(web));

/** One line per route whose runs saw non-2xx replies or socket errors, with the status codes. */
export function errorNotes(rows: RouteSummary[]): string[] {
  return rows
    .filter((r) => r.errors > 0)
    .map((r) => {
      const codes = Object.entries(r.statusCodes)
        .map(([code, n]) => `${n} × HTTP ${code}`)
        .join(', ');
      return `${r.name}: ${r.errors} errors${codes ? ` (${codes})` : ' (socket errors or timeouts)'}`;
    });
}
