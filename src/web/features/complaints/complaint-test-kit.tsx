import { readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  OrderCard,
  ProblemDetail,
  ProblemInit,
  ProblemList,
} from '../../../shared/contract/complaints.ts';
import type { ComplaintStatus } from '../../../shared/contract/constants.ts';

/** Test helpers of the complaint screens: the shared network edge, toasts and router, and complaints. */

export { failingOnce, ok, reply, stubFetch } from '../../test/fake-fetch.ts';
export { captureToasts, Marker, renderAt, settle } from '../../test/screen-kit.tsx';

/** The creation time of listed complaints in tests. */
export const LIST_TIME = '2026-11-20T20:00:00.000Z';
type ListItem = ProblemList['list'][number];

/** One page of a tab as the server sends it: both tabs' counts, this tab's items, the next cursor. */
export function listPage(
  status: ComplaintStatus,
  list: ListItem[],
  nextCursor: string | null = null,
  counts: Record<ComplaintStatus, number> = { processing: list.length, processed: 0 },
): ProblemList {
  return {
    tabs: [
      { status: 'processing', title: 'Processing', count: counts.processing },
      { status: 'processed', title: 'Processed', count: counts.processed },
    ],
    status,
    list,
    nextCursor,
  };
}

/** A complaint as a list shows it. */
export const listedComplaint = (id: number, extra: Partial<ListItem> = {}): ListItem => ({
  id,
  time: LIST_TIME,
  type: 'App problem',
  content: `Complaint number ${id}.`,
  isScore: 0,
  ...extra,
});

export function orderCard(orderNo: string, isShow: 0 | 1, productName = `Product ${orderNo}`): OrderCard {
  return {
    orderNo,
    productLogo: '/logo.png',
    productName,
    status: isShow ? 'Repayment due' : 'Under review',
    statusCode: isShow ? 174 : 21,
    rows: [
      { title: 'Loan amount', value: '₹15,000' },
      { title: 'Order number', value: orderNo },
    ],
    isShow,
  };
}

export function problemInit(overrides: Partial<ProblemInit> = {}): ProblemInit {
  const orders = [orderCard('IN003', 0, 'Quick Cash'), orderCard('IN001', 1, 'Salary Advance')];
  return {
    problemType: [
      { title: 'Collection', value: 1 },
      { title: 'Repayment not credited', value: 2 },
      { title: 'App problem', value: 5 },
    ],
    problemSonType: [
      { title: 'Rude or threatening calls', value: 11 },
      { title: 'Calls to my contacts', value: 12 },
    ],
    orderDetail: orders[0]!,
    orderList: orders,
    problemStatus: { processing: 2, processed: 1, ratingDue: 1 },
    ...overrides,
  };
}

export function problemDetail(overrides: Partial<ProblemDetail> = {}): ProblemDetail {
  return {
    problemId: 7,
    type: 'Collection',
    sonType: 'Calls to my contacts',
    content: 'They called my mother twice at night.',
    images: ['/img/a.png', '/img/b.png'],
    disposeDetail: 'We have warned the agency and stopped the calls.',
    disposeImages: ['/img/reply.png'],
    isScore: 0,
    status: 'processed',
    orderNo: 'IN001',
    createdAt: '2026-11-20T04:30:00.000Z',
    deadline: '2026-11-25T18:29:59.999Z',
    score: null,
    ...overrides,
  };
}

/**
 * Puts real stylesheets into the test document, so a test can ask what the browser would compute
 * (happy-dom applies selectors, specificity and custom properties; it does no layout). Vitest empties
 * CSS imports, so the files are read from disk. Paths are relative to this folder; `@import`s are
 * dropped (list the imported file instead). Returns the cleanup.
 */
export function applyStyles(...files: string[]): () => void {
  const style = document.createElement('style');
  style.textContent = files
    .map((file) => readFileSync(path.resolve(import.meta.dirname, file), 'utf8'))
    .join('\n')
    .replace(/@import[^;]+;/g, '');
  document.head.append(style);
  return () => style.remove();
}

function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const n = Number.parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\((\d+)[ ,]+(\d+)[ ,]+(\d+)/.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not a colour: ${colour}`);
}

/** WCAG 2 contrast ratio of two colours (`#rrggbb` or `rgb(…)`). */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = channels(colour).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
