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
  /**
   * Loads it at the first touch, key or focus after the page has loaded: the moment a message or a
   * dialog can first be asked for, and never while the screen itself is still loading.
   */
  loadWhenTouched(): void;
  now(): M | null;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  let armed = false;
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
    loadWhenTouched: () => {
      // Every hidden overlay on a screen asks; one load (and one set of listeners) is enough.
      if (loading || armed) return;
      armed = true;
      const events = ['pointerdown', 'keydown', 'focusin'] as const;
      const listen = () => {
        for (const e of events) window.addEventListener(e, start, { capture: true, passive: true });
      };
      const start = () => {
        for (const e of events) window.removeEventListener(e, start, true);
        // A failed load (offline) is tried again at the next touch, as well as at the first use.
        void load().catch(listen);
      };
      if (document.readyState === 'complete') listen();
      else window.addEventListener('load', listen, { once: true });
    },
    now: () => loaded,
  };
}

/**
 * antd-mobile's Toast, Dialog and centre popup with their animation library (about 21 KB brotli, more
 * than half of antd-mobile on a screen's first load) are needed neither to draw a screen nor to take its
 * first tap, so they load on first use, and at the borrower's first touch after the page has loaded
 * (decisions 042 and 061): a borrower who only reads never fetches them, one who starts filling in a form
 * has them by the time a message is asked for. Offline before they ever arrived, a message is drawn as
 * a plain line instead (`antd-setup.ts`).
 */
export const overlays = onDemand(() => import('./antd-overlays.ts'));
/** The bottom sheet, which swipes closed: with its gesture library, a further 12 KB brotli. */
const sheet = onDemand(() => import('./antd-sheet.ts'));

/**
 * A module for a component that loads it on demand: null until the component is first shown (nothing
 * drawn), then once the module is here. The component stays mounted from then on, so it closes with its
 * animation as before. While hidden it loads the module at the first touch, so that it opens at once
 * when asked.
 */
function useOnceShown<M>(code: OnDemand<M>, visible: boolean | undefined): M | null {
  const [wanted, setWanted] = useState(visible === true);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  if (visible && !wanted) setWanted(true);
  useEffect(() => {
    if (wanted && !code.now()) code.use(() => loaded());
  }, [code, wanted]);
  useEffect(() => code.loadWhenTouched(), [code]);
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
