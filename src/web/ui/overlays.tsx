import type { CenterPopupProps, DialogConfirmProps, DialogProps, PopupProps } from 'antd-mobile';
import { useEffect, useReducer, useState } from 'react';

/**
 * Code loaded on demand: at most once, shared by everyone who asks, used synchronously once here. A
 * failed load is forgotten, so the next use tries again.
 */
interface OnDemand<M> {
  load(): Promise<M>;
  /**
   * Runs `use` with the module: at once when it is here, else when it has loaded; `failed` instead when
   * it cannot load (offline before it ever loaded).
   */
  use(use: (module: M) => void, failed?: () => void): void;
  /** Loads it once the page has finished loading and the main thread is idle. */
  loadWhenIdle(): void;
  now(): M | null;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const load = () => {
    loading ??= importer().then(
      (m) => {
        loaded = m;
        return m;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    );
    return loading;
  };
  return {
    load,
    use: (use, failed) => (loaded ? use(loaded) : void load().then(use, () => failed?.())),
    loadWhenIdle: () => {
      // Every hidden overlay on a screen asks; one load is enough.
      if (loading) return;
      const start = () => void load().catch(() => {});
      const whenIdle = () => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
        else setTimeout(start, 200);
      };
      if (document.readyState === 'complete') whenIdle();
      else window.addEventListener('load', whenIdle, { once: true });
    },
    now: () => loaded,
  };
}

/**
 * antd-mobile's Toast, Dialog and centre popup with their animation library (about 20 KB brotli, more
 * than half of antd-mobile on a screen's first load) are needed neither to draw a screen nor to take its
 * first tap, so they load on first use, and once the page has loaded and is idle (decision 042), so that
 * a message shown later (offline too) finds them here.
 */
export const overlays = onDemand(() => import('./antd-overlays.ts'));
/** The bottom sheet, which swipes closed: with its gesture library, a further 12 KB brotli. */
const sheet = onDemand(() => import('./antd-sheet.ts'));

/**
 * A module for a component that loads it on demand: null until the component is first shown (nothing
 * drawn), then once the module is here. The component stays mounted from then on, so it closes with its
 * animation as before. While hidden it loads the module once the page is idle, so that it opens at once
 * when asked, offline too.
 */
function useOnceShown<M>(code: OnDemand<M>, visible: boolean | undefined): M | null {
  const [wanted, setWanted] = useState(visible === true);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  if (visible && !wanted) setWanted(true);
  useEffect(() => {
    if (wanted && !code.now()) code.use(() => loaded());
  }, [code, wanted]);
  useEffect(() => code.loadWhenIdle(), [code]);
  return wanted ? code.now() : null;
}

export function Dialog(props: DialogProps) {
  const m = useOnceShown(overlays, props.visible);
  return m && <m.Dialog {...props} />;
}

export function CenterPopup(props: CenterPopupProps) {
  const m = useOnceShown(overlays, props.visible);
  return m && <m.CenterPopup {...props} />;
}

export function Popup(props: PopupProps) {
  const m = useOnceShown(sheet, props.visible);
  return m && <m.Popup {...props} />;
}

/** antd-mobile's `Dialog.confirm`: resolves true when the borrower or operator confirms. */
export function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const m = overlays.now();
  return m ? m.Dialog.confirm(props) : overlays.load().then((o) => o.Dialog.confirm(props));
}
