import type { Market } from '../shared/markets.ts';
import { ttlCache } from './cache.ts';
import type { ChatbotRepository } from './modules/chatbot/chatbot.repository.ts';
import type { ComplaintsRepository } from './modules/complaints/complaints.repository.ts';
import type { LoansRepository } from './modules/loans/loans.repository.ts';
import type { SiteRepository } from './modules/site/site.repository.ts';
import { type InvalidationBus, localBus } from './shared-state/invalidation.ts';

/**
 * How long another instance may serve reference data after an operator changed it there, when no change
 * message reaches it (no REDIS_URL, or Redis down). The instance that took the change drops its copy at
 * once (decision 020); with Redis every other instance does within a second (decision 071).
 */
export const REFERENCE_TTL_MS = 30_000;

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/**
 * Data that changes only when an operator edits it (complaint types, chatbot content, company details, loan products),
 * kept per market in memory so that no hot route queries it. Writers call the matching `changed`.
 */
export function referenceData(
  repos: {
    complaints: Pick<ComplaintsRepository, 'types'>;
    chatbot: Pick<ChatbotRepository, 'activeItems'>;
    site: Pick<SiteRepository, 'getConfig'>;
    loans: Pick<LoansRepository, 'offered'>;
  },
  bus: InvalidationBus = localBus(),
) {
  const cache = <V>() => ttlCache<Market, V>({ ttlMs: REFERENCE_TTL_MS, max: 8 });
  const types = cache<Rows<ComplaintsRepository['types']>>();
  const qa = cache<Rows<ChatbotRepository['activeItems']>>();
  const site = cache<Rows<SiteRepository['getConfig']>>();
  const products = cache<Rows<LoansRepository['offered']>>();
  const caches = { complaintTypes: types, qaItems: qa, siteConfig: site, products };
  type Part = keyof typeof caches;
  // A change made here is dropped here at once and told to the other instances, which drop it on hearing.
  const drop = (part: Part, market: Market) => {
    caches[part].delete(market);
    bus.publish({ kind: 'reference', part, market });
  };
  bus.subscribe((change) => {
    if (change.kind === 'reference') caches[change.part].delete(change.market);
    else if (change.kind === 'missed') for (const c of Object.values(caches)) c.clear();
  });
  return {
    /** Active complaint types and sub-types of the market, in display order. */
    complaintTypes: (market: Market) => types.get(market, repos.complaints.types),
    /** Active chatbot items of the market (categories, questions, answers), in display order. */
    qaItems: (market: Market) => qa.get(market, repos.chatbot.activeItems),
    siteConfig: (market: Market) => site.get(market, repos.site.getConfig),
    /** The market's app name, the name its messages sign with (empty if the site settings have none). */
    appName: async (market: Market) => (await site.get(market, repos.site.getConfig))?.appName ?? '',
    /** Loan products on offer in the market (enabled, with terms), in display order. */
    products: (market: Market) => products.get(market, repos.loans.offered),
    changed: {
      complaintTypes: (market: Market) => drop('complaintTypes', market),
      qaItems: (market: Market) => drop('qaItems', market),
      siteConfig: (market: Market) => drop('siteConfig', market),
      products: (market: Market) => drop('products', market),
    },
  };
}
export type ReferenceData = ReturnType<typeof referenceData>;
