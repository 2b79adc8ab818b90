import type { CenterPopupProps, DialogConfirmProps, DialogProps, PopupProps } from 'antd-mobile';
import { useState } from 'react';

type Overlays = typeof import('./antd-overlays.ts');

/**
 * antd-mobile's Toast, Dialog and popups with their animation library (about 20 KB brotli, more than
 * half of antd-mobile on a screen's first load) are needed neither to draw a screen nor to take its
 * first tap, so they load on first use, and once the page has loaded and is idle (decision 042), so that a message shown later
 * (offline too) finds them here. Once loaded they are used synchronously, as before. A failed load is
 * forgotten, so the next use tries again.
 */
let loaded: Overlays | null = null;
let loading: Promise<Overlays> | null = null;

export function loadOverlays(): Promise<Overlays> {
  loading ??= import('./antd-overlays.ts').then(
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
}

/** Runs `use` with the overlays: at once when they are here, else when they have loaded. */
export function withOverlays(use: (overlays: Overlays) => void): void {
  if (loaded) use(loaded);
  else loadOverlays().then(use, () => {});
}

/** Loads the overlays once the page has finished loading and the main thread is idle. */
export function loadOverlaysWhenIdle(): void {
  const load = () => void loadOverlays().catch(() => {});
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 2000 });
    else setTimeout(load, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * The overlays for a component that loads them on demand: null until it is first shown (nothing loaded,
 * nothing drawn), then once they are here. The component stays mounted from then on, so it closes with
 * its animation as before.
 */
function useOverlaysOnceShown(visible: boolean | undefined): Overlays | null {
  const [overlays, setOverlays] = useState(loaded);
  const [wanted, setWanted] = useState(visible === true);
  if (visible && !wanted) setWanted(true);
  if (wanted && !overlays) withOverlays(setOverlays);
  return wanted ? overlays : null;
}

export function Dialog(props: DialogProps) {
  const overlays = useOverlaysOnceShown(props.visible);
  return overlays && <overlays.Dialog {...props} />;
}

export function CenterPopup(props: CenterPopupProps) {
  const overlays = useOverlaysOnceShown(props.visible);
  return overlays && <overlays.CenterPopup {...props} />;
}

export function Popup(props: PopupProps) {
  const overlays = useOverlaysOnceShown(props.visible);
  return overlays && <overlays.Popup {...props} />;
}

/** antd-mobile's `Dialog.confirm`: resolves true when the borrower or operator confirms. */
export function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return loaded ? loaded.Dialog.confirm(props) : loadOverlays().then((m) => m.Dialog.confirm(props));
}
