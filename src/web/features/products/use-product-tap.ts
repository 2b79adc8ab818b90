import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RecommendedProduct } from '../../../shared/contract/loans.ts';
import type { ApiResult } from '../../lib/api-client.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { openTarget, targetKind } from '../../lib/open-target.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';

/**
 * A product tap: the call that answers it with a URL (an application, a partner's product), then that
 * URL opened where it belongs (open-target.ts). A refusal has been toasted by the request helper with
 * the server's words.
 *
 * One tap at a time: while a tap is being answered (the mutation's own guard), further taps (a double
 * tap, another card) are ignored, so a product is never applied for twice. When the page is leaving for
 * a partner's site the lock stays
 * (a tap while the next page loads would apply again) until the browser brings this page back from its
 * back-forward cache. Returns the card being answered, for its busy look.
 */
export function useProductTap(
  call: (product: RecommendedProduct, index: number) => Promise<ApiResult<{ url: string } | null>>,
) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  // The page is on its way to a partner's site: the lock the mutation held outlives it.
  const leaving = useRef(false);
  const [leavingIndex, setLeavingIndex] = useState<number | null>(null);
  const release = useCallback(() => {
    leaving.current = false;
    setLeavingIndex(null);
  }, []);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) release();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [release]);

  const apply = useApiMutation({
    call: ({ product, index }: { product: RecommendedProduct; index: number }) => call(product, index),
    onSuccess: (reply, { index }) => {
      const url = reply?.url ?? '';
      if (!openTarget(url, navigate)) {
        toast.show(t('apply.noTarget'));
        return;
      }
      if (targetKind(url.trim()) !== 'web') return;
      leaving.current = true;
      setLeavingIndex(index);
    },
  });

  const tap = (product: RecommendedProduct, index: number) => {
    if (!leaving.current) apply.mutate({ product, index });
  };
  const busyIndex = apply.isPending ? (apply.variables?.index ?? null) : leavingIndex;
  return { busyIndex, tap };
}
