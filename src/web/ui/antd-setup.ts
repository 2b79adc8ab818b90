import { setDefaultConfig, type Toast, unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Lang } from '../../shared/markets.ts';
import { setToaster, type Toaster } from '../lib/toast.ts';
import { antdLocale } from './antd-locales.ts';
import { overlays } from './overlays.tsx';
import './antd-theme.css';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders Toast, Dialog and friends with the legacy `ReactDOM.render`, which React 19
 * removed: without this shim they throw `d is not a function` in production builds.
 */
function reactRender(node: ReactElement, container: Element | DocumentFragment) {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Unmounting inside the render that asked for it makes React warn; let that render finish first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
}

/** Spec §9: a message toast stays 3 s. */
export const TOAST_MS = 3000;

type ToastApi = Pick<typeof Toast, 'show' | 'clear'>;

/**
 * antd-mobile keeps one toast on screen; a later toast replaces an earlier one. A loading toast's close
 * must therefore only close it while it is still the one showing, or a finished request would hide the
 * message of another. Toast loads on first use (decision 042): `withToast` runs its callback at once
 * when Toast is here, else in call order once it has loaded; a loading toast closed before that is never shown.
 */
export function antdToaster(
  withToast: (use: (api: ToastApi) => void) => void = (use) => overlays.use((m) => use(m.Toast)),
): Toaster {
  let shown = 0;
  return {
    show(message) {
      shown += 1;
      withToast((api) => api.show({ content: message, duration: TOAST_MS }));
    },
    loading(message) {
      shown += 1;
      const mine = shown;
      let open = true;
      withToast((api) => {
        if (open && shown === mine)
          api.show({ icon: 'loading', content: message, duration: 0, maskClickable: false });
      });
      return () => {
        open = false;
        if (shown === mine) withToast((api) => api.clear());
      };
    },
  };
}

/** Call once at shell start, before the first render. */
export function setupAntdMobile(lang: Lang): void {
  unstableSetRender(reactRender);
  // Imperative Toast and Dialog render outside any ConfigProvider and read this default instead.
  setDefaultConfig({ locale: antdLocale(lang) });
  setToaster(antdToaster());
  overlays.loadWhenIdle();
}
