import { shell } from '../../shared/i18n/shell.ts';
import { sessionLang } from './session-params.ts';
import { toast } from './toast.ts';

/**
 * The one way the H5 app talks to the native shell (spec §1, product brief §2). Every message is a
 * plain object with a `type` and its own named fields, so the Android side gets the same shape as JSON
 * text that the iOS side and the simulator get as an object.
 */
export const BRIDGE_NAME = 'AppBridge';

export type BridgeMessage =
  | { type: 'to'; url: string }
  | { type: 'closeWebView' }
  | { type: 'toPageWithArg'; page: string; arg: Record<string, string> }
  | { type: 'goHome' }
  | { type: 'goMine' }
  | { type: 'returnToLogin' }
  | { type: 'callTel'; tel: string }
  | { type: 'goRate' }
  | { type: 'burialPoint'; event: string; data?: Record<string, string | number | boolean> }
  | { type: 'startBank' }
  | { type: 'endBank' };

export type BridgeMessageType = BridgeMessage['type'];

export const BRIDGE_MESSAGE_TYPES = [
  'to',
  'closeWebView',
  'toPageWithArg',
  'goHome',
  'goMine',
  'returnToLogin',
  'callTel',
  'goRate',
  'burialPoint',
  'startBank',
  'endBank',
] as const satisfies readonly BridgeMessageType[];

export type BridgeTransport = 'android' | 'ios' | 'parent' | 'browser';

/** Envelope a framed H5 page posts to the simulator. */
export const H5_BRIDGE_SOURCE = 'h5-bridge';
/** Envelope the simulator posts to the framed H5 page. */
export const NATIVE_SHELL_SOURCE = 'native-shell';
export type ShellCommand = 'back' | 'reload';

interface MessagePort {
  postMessage(message: unknown): void;
}

/** The parts of `window` the bridge touches; tests pass fakes. */
export interface BridgeWindow {
  AppBridge?: { postMessage(json: string): void };
  webkit?: { messageHandlers?: { AppBridge?: MessagePort } };
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  location: { origin: string; assign(url: string): void; reload(): void };
  history: { back(): void };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

function currentWindow(): BridgeWindow {
  return window as unknown as BridgeWindow;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a message that arrives from elsewhere (the simulator reads what a frame posts). */
export function isBridgeMessage(value: unknown): value is BridgeMessage {
  if (!isRecord(value) || !(BRIDGE_MESSAGE_TYPES as readonly unknown[]).includes(value.type)) return false;
  switch (value.type as BridgeMessageType) {
    case 'to':
      return typeof value.url === 'string';
    case 'toPageWithArg':
      return (
        typeof value.page === 'string' &&
        isRecord(value.arg) &&
        Object.values(value.arg).every((v) => typeof v === 'string')
      );
    case 'callTel':
      return typeof value.tel === 'string';
    case 'burialPoint':
      return typeof value.event === 'string' && (value.data === undefined || isRecord(value.data));
    default:
      return true;
  }
}

/** A path on our own origin, never a scheme (`javascript:`) or another host (`//evil.example`). */
export function sameOriginPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}

function notice(): void {
  toast.show(shell[sessionLang()].bridge.appOnly);
}

/**
 * A plain browser has no native shell: do the nearest in-app thing, or say that the action needs the
 * app. Analytics events and the bank screen's start/end notices are dropped silently: a borrower did not
 * ask for them, so no notice either.
 */
function browserFallback(msg: BridgeMessage, win: BridgeWindow): void {
  switch (msg.type) {
    case 'to': {
      const path = sameOriginPath(msg.url, win.location.origin);
      if (path) win.location.assign(path);
      else notice();
      return;
    }
    case 'goHome':
    case 'goMine':
      win.location.assign('/');
      return;
    case 'closeWebView':
      win.history.back();
      return;
    case 'callTel': {
      const tel = msg.tel.replace(/[^\d+]/g, '');
      if (tel) win.location.assign(`tel:${tel}`);
      else notice();
      return;
    }
    // Analytics, and the bank screen's notices to the app around linking an account (decision 065):
    // sent by the page itself, not asked for by the borrower, so a browser drops them without a word.
    case 'burialPoint':
    case 'startBank':
    case 'endBank':
      return;
    default:
      notice();
  }
}

/** Sends one message to whichever shell hosts the page and says which transport carried it. */
export function sendBridge(msg: BridgeMessage, win: BridgeWindow = currentWindow()): BridgeTransport {
  const android = win.AppBridge;
  if (android && typeof android.postMessage === 'function') {
    android.postMessage(JSON.stringify(msg));
    return 'android';
  }
  const ios = win.webkit?.messageHandlers?.AppBridge;
  if (ios && typeof ios.postMessage === 'function') {
    ios.postMessage(msg);
    return 'ios';
  }
  const parent = win.parent;
  if (parent && parent !== (win as unknown)) {
    // Only our own origin may read it: the simulator is served by the same server.
    parent.postMessage({ source: H5_BRIDGE_SOURCE, message: msg }, win.location.origin);
    return 'parent';
  }
  browserFallback(msg, win);
  return 'browser';
}

/**
 * Lets the simulator's Back and Reload buttons drive a framed page, the way a native shell's own
 * buttons drive its web view. Commands from any other origin are ignored. Returns the unsubscribe.
 */
export function listenForShellCommands(win: BridgeWindow = currentWindow()): () => void {
  const listener = (event: MessageEvent) => {
    if (event.origin !== win.location.origin) return;
    const data: unknown = event.data;
    if (!isRecord(data) || data.source !== NATIVE_SHELL_SOURCE) return;
    if (data.command === 'back') win.history.back();
    else if (data.command === 'reload') win.location.reload();
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}
