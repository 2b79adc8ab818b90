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
 * removed: without this shim they throw `d is not a function` in production builds. It asks for one root
 * per container through `createRoot`, antd-mobile's documented hook for React 19 (`unstableSetRender`).
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
/** Runs `use` with Toast once it is here, or `failed` (when given) when it cannot load. */
type WithToast = (use: (api: ToastApi) => void, failed?: () => void) => void;

/**
 * The same toast without antd-mobile, for when its Toast cannot load: a page opened, then the connection
 * lost before the overlays were fetched. The message that says so ("network error") must still show, so
 * it is drawn as a plain status line in the toast's place for the toast's time (decision 042). One at a
 * time, as antd-mobile's: a later message replaces it, and a real toast removes it.
 */
const plainToast = (() => {
  let region: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hide = () => {
    clearTimeout(timer);
    if (region) {
      region.hidden = true;
      region.textContent = '';
    }
  };
  return {
    show(message: string) {
      if (!region?.isConnected) {
        region = document.createElement('div');
        region.className = 'plain-toast';
        region.setAttribute('role', 'status');
        region.hidden = true;
        document.body.append(region);
      }
      clearTimeout(timer);
      region.textContent = message;
      region.hidden = false;
      timer = setTimeout(hide, TOAST_MS);
    },
    hide,
  };
})();

/**
 * antd-mobile keeps one toast on screen; a later toast replaces an earlier one. A loading toast's close
 * must therefore only close it while it is still the one showing, or a finished request would hide the
 * message of another. Toast loads on first use (decision 042): `withToast` runs its callback at once
 * when Toast is here, else in call order once it has loaded; a loading toast closed before that is never shown.
 */
export function antdToaster(
  withToast: WithToast = (use, failed) => overlays.use((m) => use(m.Toast), failed),
): Toaster {
  let shown = 0;
  return {
    show(message) {
      shown += 1;
      withToast(
        (api) => {
          plainToast.hide();
          api.show({ content: message, duration: TOAST_MS });
        },
        () => plainToast.show(message),
      );
    },
    loading(message) {
      shown += 1;
      const mine = shown;
      let open = true;
      // Without Toast no spinner is drawn: the request's own outcome still shows as a message.
      withToast((api) => {
        if (!open || shown !== mine) return;
        plainToast.hide();
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
  overlays.loadWhenTouched();
}
