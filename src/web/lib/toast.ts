/**
 * The one toast, as a port: library code (the request helper) calls it, and each shell plugs in the
 * implementation it renders with (antd-mobile's Toast in the H5, dev and admin shells). Before a shell
 * plugs one in, messages are kept so a test or a late shell can still see them.
 */
export interface Toaster {
  show(message: string): void;
  /** Shows a loading toast that stays until the returned function is called. */
  loading(message: string): () => void;
}

const pending: string[] = [];
let current: Toaster = {
  show: (message) => {
    pending.push(message);
  },
  loading: () => () => {},
};

export function setToaster(toaster: Toaster): void {
  current = toaster;
  for (const message of pending.splice(0)) toaster.show(message);
}

export const toast: Toaster = {
  show: (message) => current.show(message),
  loading: (message) => current.loading(message),
};
