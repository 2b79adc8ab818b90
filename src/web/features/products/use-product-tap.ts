import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import type { ApiResult } from '../../lib/api-client.ts';
import { openTarget, targetKind } from '../../lib/open-target.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';

/**
 * A product tap: the call that answers it with a URL (an application, a partner's product), then that
 * URL opened where it belongs (open-target.ts). A refusal has been toasted by the request helper with
 * the server's words.
 *
 * One tap at a time: while a tap is being answered, further taps (a double tap, another card) are
 * ignored, so a product is never applied for twice. The lock is a ref, not state: two taps in the same
 * frame both run before React re-renders. When the page is leaving for a partner's site the lock stays
 * (a tap while the next page loads would apply again) until the browser brings this page back from its
 * back-forward cache. Returns the card being answered, for its busy look.
 */
export function useProductTap(
  call: (product: RecommendedProduct, index: number) => Promise<ApiResult<{ url: string }>>,
) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
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

  /** Opens the reply's URL; `leaving` when the page is on its way to another site. */
  const answer = useCallback(
    async (product: RecommendedProduct, index: number): Promise<'leaving' | 'done'> => {
      const result = await call(product, index);
      if (!result.ok) return 'done';
      const url = result.data?.url ?? '';
      if (!openTarget(url, navigate)) {
        toast.show(t('apply.noTarget'));
        return 'done';
      }
      return targetKind(url.trim()) === 'web' ? 'leaving' : 'done';
    },
    [call, navigate, t],
  );

  const tap = useCallback(
    (product: RecommendedProduct, index: number) => {
      if (locked.current) return;
      locked.current = true;
      setBusyIndex(index);
      answer(product, index).then((outcome) => {
        if (outcome !== 'leaving') release();
      }, release);
    },
    [answer, release],
  );
  return { busyIndex, tap };
}
