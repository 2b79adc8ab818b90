import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNativeShell, removeNativeShell } from '../features/products/products-test-kit.tsx';
import { openTarget, targetKind } from './open-target.ts';
import { setSessionParams, withSessionParams } from './session-params.ts';

const SESSION = {
  deviceId: 'dev-1',
  market: 'IN',
  version: '3',
  token: 'SECRET-TOKEN',
  sessionId: 'SECRET-SESSION',
  gid: 'g1',
  platform: 'android',
  orderId: 'IN001',
  productId: '9',
  isNeedPop: '0',
};

beforeEach(() => {
  setSessionParams(SESSION);
});

afterEach(() => {
  setSessionParams({});
  removeNativeShell();
});

describe('withSessionParams', () => {
  it('adds the identity but never the credentials nor the page-bound order and product', () => {
    const url = new URL(withSessionParams('https://partner.example/apply?ref=5#top'));
    expect(url.origin + url.pathname).toBe('https://partner.example/apply');
    expect(url.hash).toBe('#top');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ref: '5',
      deviceId: 'dev-1',
      market: 'IN',
      version: '3',
      gid: 'g1',
      platform: 'android',
      isNeedPop: '0',
    });
  });

  it('keeps a param the URL already has, and works on our own paths', () => {
    expect(withSessionParams('/loanConfirm?productId=5&market=ID')).toBe(
      '/loanConfirm?productId=5&market=ID&deviceId=dev-1&version=3&gid=g1&platform=android&isNeedPop=0',
    );
  });
});

describe('openTarget', () => {
  it('tells the three kinds of target apart', () => {
    expect(targetKind('http://partner.example/x')).toBe('web');
    expect(targetKind('HTTPS://partner.example/x')).toBe('web');
    expect(targetKind('/loanConfirm?productId=5')).toBe('screen');
    // Another host to a browser, not one of our paths.
    expect(targetKind('//evil.example/x')).toBe('native');
    expect(targetKind('/\\evil.example')).toBe('native');
    expect(targetKind('productDetail?id=5')).toBe('native');
    expect(targetKind('kredito://product/5')).toBe('native');
  });

  it('sends the page to an http(s) URL with the session params', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    const shell = fakeNativeShell();
    expect(openTarget('https://partner.example/apply?ref=5', navigate, assign)).toBe(true);
    const target = new URL(assign.mock.calls[0]![0] as string);
    expect(target.host).toBe('partner.example');
    expect(target.searchParams.get('ref')).toBe('5');
    expect(target.searchParams.get('deviceId')).toBe('dev-1');
    expect(target.searchParams.has('token')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(shell.postMessage).not.toHaveBeenCalled();
  });

  it('opens one of our screens in the app, keeping the session params in its query', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    openTarget('/loanConfirm?productId=5', navigate, assign);
    expect(navigate).toHaveBeenCalledExactlyOnceWith(
      '/loanConfirm?productId=5&deviceId=dev-1&market=IN&version=3&gid=g1&platform=android&isNeedPop=0',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('hands anything else to the native app through the bridge', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    const shell = fakeNativeShell();
    openTarget('productDetail?productId=5', navigate, assign);
    expect(shell.messages()).toEqual([{ type: 'to', url: 'productDetail?productId=5' }]);
    expect(navigate).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens nothing for an empty target', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    const shell = fakeNativeShell();
    expect(openTarget('  ', navigate, assign)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(shell.postMessage).not.toHaveBeenCalled();
  });
});
