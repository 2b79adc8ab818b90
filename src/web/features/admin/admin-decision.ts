import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ApiResult } from '../../lib/api-client.ts';
import { type ApiMutation, useApiMutation } from '../../lib/api-mutation.ts';
import type { ApiFailure } from '../../lib/api-query.ts';

/**
 * A staff decision on one record that the server answers with the record as it now is (an order's
 * review or payout, a data-rights request's start, answer or refusal): the page shows that answer at
 * once, the lists that show the record are marked stale (fetched when next shown: none is on screen),
 * and a refusal goes to `onRefused` in the server's words; on a 409 (another operator or the system moved
 * the record first) the record is asked again, so the page offers what is possible now.
 */
export function useRecordDecision<Body, Saved>(options: {
  call: (body: Body) => Promise<ApiResult<Saved>>;
  /** The record's own query, and the key under which every list that shows it lives. */
  record: QueryKey;
  lists: QueryKey;
  /** After the page shows the new state: a toast, a form emptied. */
  onDecided: (saved: Saved, body: Body) => void;
  onRefused: (failure: ApiFailure) => void;
}): ApiMutation<Body, Saved> {
  const queryClient = useQueryClient();
  return useApiMutation({
    call: options.call,
    onSuccess: async (saved: Saved, body: Body) => {
      options.onDecided(saved, body);
      queryClient.setQueryData(options.record, saved);
      // Not through `invalidates`: that would fetch the record just set again, on screen.
      await queryClient.invalidateQueries({ queryKey: options.lists, refetchType: 'none' });
    },
    onError: async (failure) => {
      options.onRefused(failure);
      if (String(failure.code) === '409') await queryClient.invalidateQueries({ queryKey: options.record });
    },
  });
}
