import type { QueryClient } from '@tanstack/react-query';
import type { Prefetcher } from './first-calls.ts';

/**
 * The screen's first request, started by the page's boot module before the entry (React, the router,
 * the query cache) has arrived, and handed to the query cache when the router's loader asks for the same
 * query (decision 039). On a slow phone the entry takes most of a second to arrive and run; the data no
 * longer waits for it.
 */
interface AnyQuery {
  queryKey: readonly unknown[];
  queryFn: (context: { pageParam?: unknown }) => unknown;
  initialPageParam?: unknown;
}

const started = new Map<string, Promise<unknown>>();
const keyOf = (query: AnyQuery) => JSON.stringify(query.queryKey);

function start(query: AnyQuery): Promise<void> {
  const call = Promise.resolve().then(() => query.queryFn({ pageParam: query.initialPageParam }));
  // Whoever claims it sees a failure as the query's error state; an unclaimed one is simply dropped.
  call.catch(() => {});
  started.set(keyOf(query), call);
  return Promise.resolve();
}

/** For the boot module: runs a screen's first query's call now, with no query cache yet. */
export const earlyStarter = {
  prefetchQuery: start,
  prefetchInfiniteQuery: start,
} as unknown as Prefetcher;

/**
 * The query handed to the cache: its first run takes the call the boot module started, if there is one
 * for this key (once: a retry, a refetch or the next page asks the server again).
 */
function claim<Q extends AnyQuery>(query: Q): Q {
  const key = keyOf(query);
  const call = started.get(key);
  if (!call) return query;
  started.delete(key);
  let taken = false;
  return {
    ...query,
    queryFn: (context: { pageParam?: unknown }) => {
      if (taken) return query.queryFn(context);
      taken = true;
      return call;
    },
  };
}

/** The router loader's view of the query client: queries started early are claimed, not asked again. */
export function claimingClient(client: QueryClient): Prefetcher {
  return {
    prefetchQuery: (query: AnyQuery) => client.prefetchQuery(claim(query) as never),
    prefetchInfiniteQuery: (query: AnyQuery) => client.prefetchInfiniteQuery(claim(query) as never),
  } as unknown as Prefetcher;
}
