import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_MESSAGE_TYPES,
  BRIDGE_NAME,
  type BridgeMessage,
  type BridgeWindow,
  isBridgeMessage,
  listenForShellCommands,
  sameOriginPath,
  sendBridge,
} from './bridge.ts';
import { setSessionParams } from './session-params.ts';
import { setToaster } from './toast.ts';

const ORIGIN = 'https://app.example';

/** One of each message, with the fields the native side reads. */
const MESSAGES: BridgeMessage[] = [
  { type: 'to', url: '/privacyPolicy' },
  { type: 'closeWebView' },
  { type: 'toPageWithArg', page: 'productDetail', arg: { productId: '7' } },
  { type: 'goHome' },
  { type: 'goMine' },
  { type: 'returnToLogin' },
  { type: 'callTel', tel: '+91 80 4718 2200' },
  { type: 'goRate' },
  { type: 'burialPoint', event: 'loan_confirm_view', data: { productId: 7 } },
  { type: 'startBank' },
  { type: 'endBank' },
];

type Listener = (event: MessageEvent) => void;

function fakeWindow(extra: Partial<BridgeWindow> = {}) {
  const listeners = new Set<Listener>();
  const win = {
    parent: null as BridgeWindow['parent'],
    location: { origin: ORIGIN, assign: vi.fn(), reload: vi.fn() },
    history: { back: vi.fn() },
    addEventListener: vi.fn((_type: 'message', l: Listener) => listeners.add(l)),
    removeEventListener: vi.fn((_type: 'message', l: Listener) => listeners.delete(l)),
    ...extra,
  } satisfies BridgeWindow;
  // A top-level window is its own parent.
  if (!('parent' in extra)) win.parent = win as unknown as BridgeWindow['parent'];
  const dispatch = (data: unknown, origin = ORIGIN) => {
    for (const l of [...listeners]) l({ data, origin } as MessageEvent);
  };
  return { win, dispatch, listeners };
}

function captureToasts() {
  const shown: string[] = [];
  setToaster({ show: (m) => shown.push(m), loading: () => () => {} });
  return shown;
}

afterEach(() => {
  setSessionParams({});
});

describe('the message set', () => {
  it('has exactly the eleven messages of spec §1', () => {
    expect([...BRIDGE_MESSAGE_TYPES]).toEqual([
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
    ]);
    expect(MESSAGES.map((m) => m.type)).toEqual([...BRIDGE_MESSAGE_TYPES]);
    expect(BRIDGE_NAME).toBe('AppBridge');
  });

  it('recognises well-formed messages and refuses malformed ones', () => {
    for (const m of MESSAGES) expect(isBridgeMessage(m), m.type).toBe(true);
    expect(isBridgeMessage({ type: 'to' })).toBe(false);
    expect(isBridgeMessage({ type: 'callTel', tel: 5 })).toBe(false);
    expect(isBridgeMessage({ type: 'toPageWithArg', page: 'x', arg: { a: 1 } })).toBe(false);
    expect(isBridgeMessage({ type: 'selfDestruct' })).toBe(false);
    expect(isBridgeMessage('goHome')).toBe(false);
    expect(isBridgeMessage(null)).toBe(false);
  });
});

describe('sendBridge on Android', () => {
  it.each(MESSAGES)('sends $type as JSON text to window.AppBridge', (msg) => {
    const postMessage = vi.fn();
    const iosPost = vi.fn();
    const parentPost = vi.fn();
    const { win } = fakeWindow({
      AppBridge: { postMessage },
      webkit: { messageHandlers: { AppBridge: { postMessage: iosPost } } },
      parent: { postMessage: parentPost },
    });
    expect(sendBridge(msg, win)).toBe('android');
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage.mock.calls[0]![0]).toBe(JSON.stringify(msg));
    expect(JSON.parse(postMessage.mock.calls[0]![0] as string)).toEqual(msg);
    // Android wins even when other transports exist: one message, one receiver.
    expect(iosPost).not.toHaveBeenCalled();
    expect(parentPost).not.toHaveBeenCalled();
    expect(win.location.assign).not.toHaveBeenCalled();
  });
});

describe('sendBridge on iOS', () => {
  it.each(MESSAGES)('sends $type as an object to webkit.messageHandlers.AppBridge', (msg) => {
    const postMessage = vi.fn();
    const parentPost = vi.fn();
    const { win } = fakeWindow({
      webkit: { messageHandlers: { AppBridge: { postMessage } } },
      parent: { postMessage: parentPost },
    });
    expect(sendBridge(msg, win)).toBe('ios');
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(msg);
    expect(parentPost).not.toHaveBeenCalled();
  });

  it('ignores webkit without our handler', () => {
    const { win } = fakeWindow({ webkit: { messageHandlers: {} } });
    captureToasts();
    expect(sendBridge({ type: 'goRate' }, win)).toBe('browser');
  });
});

describe('sendBridge in the simulator frame', () => {
  it.each(MESSAGES)('posts $type to the parent window, for our origin only', (msg) => {
    const postMessage = vi.fn();
    const { win } = fakeWindow({ parent: { postMessage } });
    expect(sendBridge(msg, win)).toBe('parent');
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ source: 'h5-bridge', message: msg }, ORIGIN);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(win.history.back).not.toHaveBeenCalled();
  });
});

describe('sendBridge in a plain browser', () => {
  it('opens a same-origin `to` page in place', () => {
    const { win } = fakeWindow();
    expect(sendBridge({ type: 'to', url: '/privacyPolicy?x=1#top' }, win)).toBe('browser');
    expect(win.location.assign).toHaveBeenCalledExactlyOnceWith('/privacyPolicy?x=1#top');
    expect(sendBridge({ type: 'to', url: `${ORIGIN}/aboutUs` }, win)).toBe('browser');
    expect(win.location.assign).toHaveBeenLastCalledWith('/aboutUs');
  });

  it('never follows a `to` to another origin or a script URL, and says why', () => {
    const shown = captureToasts();
    const { win } = fakeWindow();
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect(sendBridge({ type: 'to', url }, win)).toBe('browser');
    }
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(shown).toEqual(Array(3).fill('This action is available in the app.'));
  });

  it('goes home for goHome and goMine', () => {
    const { win } = fakeWindow();
    sendBridge({ type: 'goHome' }, win);
    sendBridge({ type: 'goMine' }, win);
    expect(vi.mocked(win.location.assign).mock.calls).toEqual([['/'], ['/']]);
  });

  it('goes back for closeWebView', () => {
    const { win } = fakeWindow();
    expect(sendBridge({ type: 'closeWebView' }, win)).toBe('browser');
    expect(win.history.back).toHaveBeenCalledTimes(1);
  });

  it('dials through a tel: link for callTel, keeping only digits and the plus sign', () => {
    const { win } = fakeWindow();
    sendBridge({ type: 'callTel', tel: '+91 80 4718-2200' }, win);
    expect(win.location.assign).toHaveBeenCalledExactlyOnceWith('tel:+918047182200');
  });

  it.each([
    { type: 'toPageWithArg', page: 'productDetail', arg: { productId: '7' } },
    { type: 'returnToLogin' },
    { type: 'goRate' },
    { type: 'callTel', tel: 'n/a' },
  ] satisfies BridgeMessage[])('shows a notice for $type, which only the app can do', (msg) => {
    const shown = captureToasts();
    const { win } = fakeWindow();
    expect(sendBridge(msg, win)).toBe('browser');
    expect(shown).toEqual(['This action is available in the app.']);
    expect(win.location.assign).not.toHaveBeenCalled();
    expect(win.history.back).not.toHaveBeenCalled();
  });

  it('shows the notice in the session language', () => {
    setSessionParams({ market: 'ID' });
    const shown = captureToasts();
    sendBridge({ type: 'goRate' }, fakeWindow().win);
    expect(shown).toEqual(['Tindakan ini tersedia di aplikasi.']);
  });

  it.each([
    { type: 'burialPoint', event: 'page_view' },
    { type: 'startBank' },
    { type: 'endBank' },
  ] satisfies BridgeMessage[])(
    'drops $type silently (the page sends it, the borrower did not ask)',
    (msg) => {
      const shown = captureToasts();
      const { win } = fakeWindow();
      expect(sendBridge(msg, win)).toBe('browser');
      expect(shown).toEqual([]);
      expect(win.location.assign).not.toHaveBeenCalled();
    },
  );

  it('uses the real window by default', () => {
    // happy-dom's window is top-level and has no native bridge.
    const shown = captureToasts();
    expect(sendBridge({ type: 'goRate' })).toBe('browser');
    expect(shown).toHaveLength(1);
  });
});

describe('sameOriginPath', () => {
  it('keeps paths on our origin and refuses the rest', () => {
    expect(sameOriginPath('/a?b=1#c', ORIGIN)).toBe('/a?b=1#c');
    expect(sameOriginPath('relative', ORIGIN)).toBe('/relative');
    expect(sameOriginPath('//other.example/a', ORIGIN)).toBeNull();
    expect(sameOriginPath('http://app.example/a', ORIGIN)).toBeNull();
    expect(sameOriginPath('data:text/html,hi', ORIGIN)).toBeNull();
  });
});

describe('listenForShellCommands', () => {
  it('goes back and reloads on the simulator’s commands', () => {
    const { win, dispatch } = fakeWindow();
    listenForShellCommands(win);
    dispatch({ source: 'native-shell', command: 'back' });
    expect(win.history.back).toHaveBeenCalledTimes(1);
    dispatch({ source: 'native-shell', command: 'reload' });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('ignores other origins, other sources and unknown commands', () => {
    const { win, dispatch } = fakeWindow();
    listenForShellCommands(win);
    dispatch({ source: 'native-shell', command: 'back' }, 'https://evil.example');
    dispatch({ source: 'native-shell', command: 'reload' }, 'null');
    dispatch({ source: 'h5-bridge', command: 'back' });
    dispatch({ source: 'native-shell', command: 'format-disk' });
    dispatch('back');
    dispatch(null);
    expect(win.history.back).not.toHaveBeenCalled();
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('stops listening when unsubscribed', () => {
    const { win, dispatch, listeners } = fakeWindow();
    const stop = listenForShellCommands(win);
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
    dispatch({ source: 'native-shell', command: 'back' });
    expect(win.history.back).not.toHaveBeenCalled();
  });

  it('listens on the real window by default', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const stop = listenForShellCommands();
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'native-shell', command: 'back' },
        origin: window.location.origin,
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'native-shell', command: 'back' },
        origin: 'https://evil.example',
      }),
    );
    stop();
    expect(back).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });
});
