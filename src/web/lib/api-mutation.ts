import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ApiResult } from './api-client.ts';
import { ApiFailure } from './api-query.ts';

export interface ApiMutationOptions<TVars, TData> {
  /** The write: one call of the request helper, which has already toasted a failure unless silent. */
  call: (vars: TVars) => Promise<ApiResult<TData>>;
  /** The queries the write changes: marked stale (and the ones on screen fetched again) once it succeeded. */
  invalidates?: readonly QueryKey[] | ((data: TData, vars: TVars) => readonly QueryKey[]);
  onSuccess?: (data: TData, vars: TVars) => unknown;
  /** The server's refusal or the network's failure, as an ApiFailure (its code and message). */
  onError?: (failure: ApiFailure, vars: TVars) => unknown;
  /** After either, for what happens whatever the reply (a record whose answer does not matter). */
  onSettled?: (vars: TVars) => unknown;
}

export type ApiMutation<TVars, TData> = UseMutationResult<TData, ApiFailure, TVars>;

/**
 * Every write of the web app (decision 053): TanStack Query's `useMutation` around the request helper.
 * `isPending` is the only busy flag; a failed reply becomes the mutation's error (an ApiFailure); on
 * success the queries the write changed are invalidated, and the mutation stays pending until those on
 * screen have their new data, so a button is not offered again over the old state. `mutate` while a
 * write is on its way is ignored: a double click, or Enter then a click, sends one write, not two
 * (the state behind `isPending` reaches the button only on the next render).
 */
export function useApiMutation<TVars = void, TData = unknown>(
  options: ApiMutationOptions<TVars, TData>,
): ApiMutation<TVars, TData> {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation<TData, ApiFailure, TVars>({
    // Offline, TanStack Query would pause the write until the browser says it is back, and the borrower
    // would see nothing happen. The request helper answers offline itself, with the network message and
    // the form kept as typed, so the write always runs.
    networkMode: 'always',
    mutationFn: async (vars) => {
      const result = await options.call(vars);
      if (!result.ok) throw new ApiFailure(result);
      return result.data as TData;
    },
    onSuccess: async (data, vars) => {
      const { invalidates = [] } = options;
      const keys = typeof invalidates === 'function' ? invalidates(data, vars) : invalidates;
      await options.onSuccess?.(data, vars);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (failure, vars) => options.onError?.(failure, vars),
    onSettled: async (_data, _error, vars) => {
      inFlight.current = false;
      await options.onSettled?.(vars);
    },
  });
  const mutate: typeof mutation.mutate = (...args) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(...args);
  };
  return { ...mutation, mutate };
}
