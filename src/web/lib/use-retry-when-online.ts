import { useEffect } from 'react';

/** While `offline`, asks again by itself when the connection comes back. */
export function useRetryWhenOnline(offline: boolean, retry: () => unknown): void {
  useEffect(() => {
    if (!offline) return;
    const again = () => void retry();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [offline, retry]);
}
