import { screen } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast.ts';
import { antdToaster, setupAntdMobile, TOAST_MS } from './antd-setup.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function fakeToastApi() {
  return { show: vi.fn(), clear: vi.fn() };
}

describe('antdToaster', () => {
  it('shows a message for 3 s and a loading toast until closed', () => {
    const api = fakeToastApi();
    const toaster = antdToaster((use) => use(api));
    toaster.show('Saved');
    expect(api.show).toHaveBeenLastCalledWith({ content: 'Saved', duration: TOAST_MS });
    const close = toaster.loading('Loading…');
    expect(api.show).toHaveBeenLastCalledWith({
      icon: 'loading',
      content: 'Loading…',
      duration: 0,
      maskClickable: false,
    });
    close();
    expect(api.clear).toHaveBeenCalledTimes(1);
  });

  it('does not close a newer toast when an older loading toast finishes', () => {
    const api = fakeToastApi();
    const toaster = antdToaster((use) => use(api));
    const closeFirst = toaster.loading('First…');
    toaster.show('Network error');
    closeFirst();
    expect(api.clear).not.toHaveBeenCalled();
  });

  it('shows messages asked for before Toast has loaded once it has, in order', () => {
    const api = fakeToastApi();
    const waiting: Array<() => void> = [];
    const toaster = antdToaster((use) => waiting.push(() => use(api)));
    toaster.show('First');
    toaster.show('Second');
    expect(api.show).not.toHaveBeenCalled();
    for (const run of waiting.splice(0)) run();
    expect(api.show.mock.calls.map(([p]) => p.content)).toEqual(['First', 'Second']);
  });

  it('shows the message as a plain status line for 3 s when Toast cannot load', () => {
    vi.useFakeTimers();
    try {
      const toaster = antdToaster((_use, failed) => failed?.());
      toaster.show('Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.');
      const line = screen.getByRole('status');
      expect(line.textContent).toBe('Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.');
      expect(line.className).toBe('plain-toast');
      toaster.show('Second');
      expect(screen.getAllByRole('status')).toHaveLength(1);
      expect(line.textContent).toBe('Second');
      vi.advanceTimersByTime(TOAST_MS - 1);
      expect(line.hidden).toBe(false);
      vi.advanceTimersByTime(1);
      expect(line.hidden).toBe(true);
      expect(line.textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('removes the plain line when Toast shows the next message, and draws no spinner without Toast', () => {
    let available = false;
    const api = fakeToastApi();
    const toaster = antdToaster((use, failed) => (available ? use(api) : failed?.()));
    const close = toaster.loading('Loading…');
    expect(screen.queryByRole('status')).toBeNull();
    close();
    toaster.show('Offline');
    expect(screen.getByRole('status').textContent).toBe('Offline');
    available = true;
    toaster.show('Back online');
    expect(api.show).toHaveBeenLastCalledWith({ content: 'Back online', duration: TOAST_MS });
    expect(screen.queryByRole('status')).toBeNull();
    // A loading toast removes it too.
    available = false;
    toaster.show('Offline again');
    expect(screen.getByRole('status').textContent).toBe('Offline again');
    available = true;
    toaster.loading('Sending…');
    expect(api.show).toHaveBeenLastCalledWith(
      expect.objectContaining({ icon: 'loading', content: 'Sending…' }),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never shows a loading toast closed before Toast has loaded', () => {
    const api = fakeToastApi();
    const waiting: Array<() => void> = [];
    const toaster = antdToaster((use) => waiting.push(() => use(api)));
    const close = toaster.loading('Loading…');
    close();
    for (const run of waiting.splice(0)) run();
    expect(api.show).not.toHaveBeenCalled();
  });
});

describe('setupAntdMobile', () => {
  it('plugs antd-mobile Toast into the toast port', async () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    setupAntdMobile('en');
    toast.show('Hello');
    // The first message waits for Toast to load (decision 042).
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith({ content: 'Hello', duration: TOAST_MS }));
  });

  it('renders a real antd-mobile toast through the React 19 render shim', async () => {
    setupAntdMobile('id');
    Toast.show({ content: 'Halo dunia', duration: 0 });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Halo dunia'));
    Toast.clear();
  });
});
