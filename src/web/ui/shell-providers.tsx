import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { retryOnceIfTransient } from '../lib/api-query.ts';
import type { I18n } from '../lib/i18n.ts';
import { I18nProvider } from '../lib/use-translation.tsx';

/**
 * Queries in a web view: no refetch when the app comes back to the foreground on every tab switch,
 * and one retry after a failure the network or a busy server caused (the server's own answers, such as
 * not found or a refusal, are shown at once: a second try would only repeat them a second later).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryOnceIfTransient,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export interface ShellProvidersProps {
  i18n: I18n;
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * Everything a shell page needs around it: text and the query cache. antd-mobile's labels follow the
 * session language through its default config, set when a screen loads it (antd-lazy.ts).
 */
export function ShellProviders({ i18n, queryClient, children }: ShellProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
