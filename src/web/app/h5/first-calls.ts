import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { H5_PATHS } from '../../../shared/routes.ts';
import { chatOrderParam, qaListQuery, ROOT_PID } from '../../features/chatbot/chatbot-queries.ts';
import {
  listTabParam,
  orderParam,
  problemDetailQuery,
  problemIdParam,
  problemInitQuery,
  problemListQuery,
} from '../../features/complaints/complaint-queries.ts';
import { contactInfoQuery } from '../../features/customer-service/customer-service-queries.ts';
import { confirmChoiceParam, loanConfirmQuery } from '../../features/loan-confirm/loan-confirm-queries.ts';
import { loanDetailsQuery, orderIdParam } from '../../features/loan-details/loan-details-queries.ts';
import { recommendListQuery, sceneParam, standListQuery } from '../../features/products/product-queries.ts';
import { delayQuery, planQuery } from '../../features/repayment/plan-queries.ts';

/** What a screen's first query is handed: the shell's query client, or the page's early starter. */
export type Prefetcher = Pick<QueryClient, 'prefetchQuery' | 'prefetchInfiniteQuery'>;

/**
 * Starts a screen's first query, given the address being opened; it may resolve whenever it likes,
 * nobody waits for it.
 */
export type Prefetch = (client: Prefetcher, url: URL) => Promise<unknown>;

/**
 * A screen whose query needs a value from its address: a missing or malformed one asks nothing (the
 * screen says "not found" by itself).
 */
function fromAddress<T>(
  read: (params: URLSearchParams) => T | null,
  query: (value: T) => FetchQueryOptions<unknown, Error>,
): Prefetch {
  return async (client, url) => {
    const value = read(url.searchParams);
    if (value !== null) await client.prefetchQuery(query(value));
  };
}

/*
 * Each screen's first query, by path. Read twice on a first load: by the page's boot module, which starts
 * the call before the entry has arrived (decision 039), and by the router's loader, which hands the call
 * in flight to the query cache. So this module and the features' query modules it imports must stay
 * small and free of React, the router and antd-mobile (the build checks the boot module's imports).
 * Screens without an entry here start their calls themselves (see router.tsx for why).
 */
const problemInit: Prefetch = (client, url) =>
  client.prefetchQuery(problemInitQuery(orderParam(url.searchParams)));

export const FIRST_CALLS: Readonly<Partial<Record<string, Prefetch>>> = {
  [H5_PATHS.complaint]: problemInit,
  // Same key as the entry's for this order: coming from the entry, the cache already answers.
  [H5_PATHS.complaintForm]: problemInit,
  [H5_PATHS.complaintList]: (client, url) =>
    client.prefetchInfiniteQuery(problemListQuery(listTabParam(url.searchParams))),
  [H5_PATHS.complaintDetails]: fromAddress(problemIdParam, problemDetailQuery),
  [H5_PATHS.chatbot]: (client, url) =>
    client.prefetchQuery(qaListQuery(ROOT_PID, chatOrderParam(url.searchParams))),
  [H5_PATHS.customerService]: (client) => client.prefetchQuery(contactInfoQuery()),
  [H5_PATHS.relevant]: (client, url) =>
    client.prefetchQuery(recommendListQuery(sceneParam(url.searchParams))),
  [H5_PATHS.jointLoginFail]: (client, url) =>
    client.prefetchQuery(standListQuery(sceneParam(url.searchParams))),
  // The borrower's choice of amount and term is in the address: the same query the screen asks.
  [H5_PATHS.loanConfirm]: fromAddress(confirmChoiceParam, loanConfirmQuery),
  [H5_PATHS.loanDetails]: fromAddress(orderIdParam, loanDetailsQuery),
  [H5_PATHS.installments]: fromAddress(orderIdParam, planQuery),
  [H5_PATHS.extension]: fromAddress(orderIdParam, delayQuery),
};
