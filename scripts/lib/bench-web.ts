/**
 * Web figures of `npm run bench`: Lighthouse (default mobile emulation and simulated throttling) in
 * Debian's Chromium, median of `runs` runs per page, plus the bytes each page transfers as served.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './bench-types.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** What an issue asks of a page (each part optional): scores at least, LCP and JS transferred at most. */
export interface WebGoal {
  performance?: number;
  accessibility?: number;
  lcpMs?: number;
  jsKb?: number;
}

export interface WebPage {
  name: string;
  /** Path and query on the app server. */
  path: string;
  goal?: WebGoal;
  /**
   * `devtools`: Chromium itself slows the network and CPU and the figures are observed, not modelled
   * (Lighthouse's "applied" throttling). A second opinion beside the default simulation, whose model
   * counts every module script that arrived before the first paint as needed for it (decision 043).
   */
  throttling?: 'simulate' | 'devtools';
}

export interface WebFigures {
  name: string;
  path: string;
  goal?: WebGoal;
  runs: number;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer sizes (bytes on the wire, as served) by type. */
  bytes: { js: number; css: number; html: number; other: number; total: number };
  /** Why a run failed, when one did. */
  problems: string[];
}

interface ResourceItem {
  resourceType: string;
  transferSize: number;
}

function figuresOf(lhr: {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
}) {
  const items = ((lhr.audits['resource-summary']?.details as { items?: ResourceItem[] } | undefined)?.items ??
    []) as ResourceItem[];
  const size = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const total = size('total');
  const js = size('script');
  const css = size('stylesheet');
  const html = size('document');
  return {
    performance: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    accessibility: (lhr.categories.accessibility?.score ?? Number.NaN) * 100,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    bytes: { js, css, html, other: total - js - css - html, total },
  };
}

/** Runs `use` with a headless Chromium of its own (a fresh profile: no cache, no storage, no leftovers). */
export async function withFreshChromium<T>(use: (port: number) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    userDataDir: profile,
    logLevel: 'silent',
  });
  try {
    return await use(chrome.port);
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One Lighthouse run in a Chromium of its own. */
function oneRun(url: string, throttling: WebPage['throttling'] = 'simulate') {
  return withFreshChromium(async (port) => {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      maxWaitForLoad: 45_000,
      throttlingMethod: throttling,
    });
    if (!result) throw new Error('no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return figuresOf(result.lhr);
  });
}

/**
 * Runs Lighthouse until `runs` runs per page succeeded (at most `runs + 2` attempts: a trace now and
 * then comes back without a navigation start), one page at a time, against `base` (loopback).
 */
export async function lighthouseFigures(
  base: string,
  pages: WebPage[],
  runs: number,
  log: (line: string) => void,
): Promise<WebFigures[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (sudo apt-get install -y chromium)`);
  const out: WebFigures[] = [];
  for (const page of pages) {
    const got: ReturnType<typeof figuresOf>[] = [];
    const problems: string[] = [];
    for (let attempt = 0; got.length < runs && attempt < runs + 2; attempt++) {
      try {
        got.push(await oneRun(`${base}${page.path}`, page.throttling));
      } catch (err) {
        problems.push(err instanceof Error ? err.message : String(err));
      }
    }
    const m = (pick: (f: ReturnType<typeof figuresOf>) => number) => median(got.map(pick));
    const figures: WebFigures = {
      name: page.name,
      path: page.path.replace(/token=[^&]+/, 'token=…'),
      ...(page.goal ? { goal: page.goal } : {}),
      runs: got.length,
      performance: m((f) => f.performance),
      accessibility: m((f) => f.accessibility),
      lcpMs: m((f) => f.lcpMs),
      tbtMs: m((f) => f.tbtMs),
      cls: m((f) => f.cls),
      bytes: {
        js: m((f) => f.bytes.js),
        css: m((f) => f.bytes.css),
        html: m((f) => f.bytes.html),
        other: m((f) => f.bytes.other),
        total: m((f) => f.bytes.total),
      },
      problems,
    };
    out.push(figures);
    log(
      `  ${page.name}: performance ${figures.performance.toFixed(0)}, LCP ${figures.lcpMs.toFixed(0)} ms ` +
        `(${got.length} runs${problems.length ? `, ${problems.length} failed and retried` : ''})`,
    );
  }
  return out;
}
