import { LOAN_PATHS } from '../../../shared/contract/constants.ts';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import { request } from '../../lib/api-client.ts';
import { unwrap } from '../../lib/api-query.ts';

/**
 * The product list's first query (`/relevant`): key, call and options, shared by the screen and the H5
 * router's loader (docs/decisions/019). Part of the H5 entry: small, no copy, no antd-mobile, no TanStack
 * helpers (see complaint-queries.ts).
 */
export const productKeys = {
  all: ['products'] as const,
  recommend: (scene: string) => ['products', 'recommend', scene] as const,
};

/** The list scene of the address (`scene`), which decides the module a tap reports (spec §7). */
export function sceneParam(params: URLSearchParams): string {
  return (params.get('scene') ?? '').slice(0, 40);
}

export function fetchRecommendList(scene: string): Promise<RecommendedProduct[]> {
  return unwrap(
    request<RecommendedProduct[]>(LOAN_PATHS.recommendList, { data: scene ? { scene } : {}, silent: true }),
  );
}

export function recommendListQuery(scene: string) {
  return {
    queryKey: productKeys.recommend(scene),
    queryFn: () => fetchRecommendList(scene),
    retry: false,
    retryOnMount: false,
  };
}

export interface StandList {
  title: string;
  description: string;
  list: RecommendedProduct[];
}

/** The joint-login failure's list (form-encoded, spec §7), for the screen and a route loader alike. */
export function standListQuery(scene: string) {
  return {
    queryKey: ['products', 'stand', scene] as const,
    queryFn: () =>
      unwrap(
        request<StandList>(LOAN_PATHS.standList, {
          data: scene ? { scene } : {},
          flavour: 'form',
          silent: true,
        }),
      ),
    retry: false,
    retryOnMount: false,
  };
}
