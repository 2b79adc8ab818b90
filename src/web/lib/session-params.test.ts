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

describe('session params in the address bar', () => {
  it('takes the secrets out of the real address bar, keeping the route, the other params and the hash', () => {
    window.history.replaceState(
      { from: 'shell' },
      '',
      '/intelligentCustomerService?selectedIndex=1&token=SECRET123&deviceId=d1&sessionId=S-9&market=IN&orderNo=IN7#top',
    );
    const before = window.history.length;
    const params = captureSessionParams();
    expect(params).toMatchObject({ token: 'SECRET123', sessionId: 'S-9', deviceId: 'd1', market: 'IN' });
    expect(window.location.pathname).toBe('/intelligentCustomerService');
    expect(window.location.search).toBe('?selectedIndex=1&deviceId=d1&market=IN&orderNo=IN7');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain('SECRET123');
    expect(window.location.href).not.toContain('S-9');
    // Replaced, not pushed: Back does not lead to the address with the token, and the state survives.
    expect(window.history.length).toBe(before);
    expect(window.history.state).toEqual({ from: 'shell' });
  });

  it('still knows the borrower after a reload of the cleaned address', () => {
    window.history.replaceState(
      null,
      '',
      '/complaintList?token=SECRET123&sessionId=S-9&market=ID&isNeedPop=1',
    );
    captureSessionParams();
    const cleaned = window.location.href;
    expect(cleaned).not.toContain('token=');
    // A reload boots the app again on the cleaned address, in the same page session.
    const afterReload = captureSessionParams();
    expect(afterReload).toMatchObject({ token: 'SECRET123', sessionId: 'S-9', market: 'ID', isNeedPop: '1' });
    expect(sessionParams().token).toBe('SECRET123');
    expect(sessionLang()).toBe('id');
    expect(window.location.href).toBe(cleaned);
  });

  it('leaves an address without secrets alone', () => {
    window.history.replaceState(null, '', '/customerService?market=IN&deviceId=d2');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    captureSessionParams();
    expect(replaceState).not.toHaveBeenCalled();
    replaceState.mockRestore();
  });
});
