import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureSessionParams, sessionLang, sessionMarket, sessionParams } from './session-params.ts';

function fakeLocation(href: string) {
  return { href } as Location;
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('session params', () => {
  it('captures the launch params and removes the token from the address bar', () => {
    const replaceState = vi.fn();
    const params = captureSessionParams(
      fakeLocation('https://app.test/complaintList?deviceId=d1&market=ID&token=SECRET123&gid=g&foo=bar#x'),
      { replaceState, state: null } as unknown as History,
    );
    expect(params).toEqual({ deviceId: 'd1', market: 'ID', token: 'SECRET123', gid: 'g' });
    expect(replaceState).toHaveBeenCalledWith(
      null,
      '',
      '/complaintList?deviceId=d1&market=ID&gid=g&foo=bar#x',
    );
    expect(sessionMarket()).toBe('ID');
    expect(sessionLang()).toBe('id');
  });

  it('keeps the params for the page session across a reload without them', () => {
    const hist = { replaceState: vi.fn(), state: null } as unknown as History;
    captureSessionParams(fakeLocation('https://app.test/a?token=T1&market=IN'), hist);
    const again = captureSessionParams(fakeLocation('https://app.test/b'), hist);
    expect(again.token).toBe('T1');
    expect(sessionParams().market).toBe('IN');
    expect(hist.replaceState).toHaveBeenCalledTimes(1);
  });

  it('starts afresh on a new launch (a URL with a token)', () => {
    const hist = { replaceState: vi.fn(), state: null } as unknown as History;
    captureSessionParams(fakeLocation('https://app.test/a?token=T1&market=ID&isNeedPop=1&orderId=7'), hist);
    const next = captureSessionParams(fakeLocation('https://app.test/b?token=T2&market=IN'), hist);
    expect(next).toEqual({ token: 'T2', market: 'IN' });
    expect(sessionLang()).toBe('en');
  });

  it('lets isNeedPop pick the language', () => {
    captureSessionParams(fakeLocation('https://app.test/a?market=IN&isNeedPop=1'), {
      replaceState: vi.fn(),
      state: null,
    } as unknown as History);
    expect(sessionLang()).toBe('id');
  });
});
