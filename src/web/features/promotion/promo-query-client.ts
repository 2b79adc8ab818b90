import { QueryClient } from '@tanstack/react-query';

/**
 * The landing's query client: it carries only the form's two writes (decision 066). A page opened from an
 * ad answers each write itself, once: no retries, and offline it says so at once.
 */
export function promoQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { mutations: { retry: false, networkMode: 'always' } } });
}
