import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';

/** What a tap ended with: `leaving` when the page is on its way to another site. */
export type TapOutcome = 'leaving' | 'done';

/**
 * One product tap at a time: while a tap is being answered, further taps (a double tap, another card)
 * are ignored, so a product is never applied for twice. The lock is a ref, not state: two taps in the
 * same frame both run before React re-renders. When the page is leaving for a partner's site the lock
 * stays (a tap while the next page loads would apply again) until the browser brings this page back
 * from its back-forward cache. Returns the card being answered, for its busy look.
 */
export function useProductTap(run: (product: RecommendedProduct, index: number) => Promise<TapOutcome>) {
  const locked = useRef(false);
  const [busyIndex, setBusyIndex] = useState<number | null>(null);
  const release = useCallback(() => {
    locked.current = false;
    setBusyIndex(null);
  }, []);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) release();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [release]);

  const tap = useCallback(
    (product: RecommendedProduct, index: number) => {
      if (locked.current) return;
      locked.current = true;
      setBusyIndex(index);
      run(product, index).then((outcome) => {
        if (outcome !== 'leaving') release();
      }, release);
    },
    [run, release],
  );
  return { busyIndex, tap };
}
