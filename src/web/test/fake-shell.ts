import { vi } from 'vitest';

type ShellWindow = { AppBridge?: unknown };

/** A native shell (the Android transport of lib/bridge.ts) that records what the page sends it. */
export function fakeNativeShell() {
  const postMessage = vi.fn<(json: string) => void>();
  (window as ShellWindow).AppBridge = { postMessage };
  return {
    postMessage,
    /** Every message sent so far, parsed. */
    messages: () => postMessage.mock.calls.map(([json]) => JSON.parse(json) as Record<string, unknown>),
    remove: removeNativeShell,
  };
}

export function removeNativeShell() {
  delete (window as ShellWindow).AppBridge;
}
