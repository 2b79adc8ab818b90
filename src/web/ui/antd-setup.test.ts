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
    const toaster = antdToaster(api as unknown as typeof Toast);
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
    const toaster = antdToaster(api as unknown as typeof Toast);
    const closeFirst = toaster.loading('First…');
    toaster.show('Network error');
    closeFirst();
    expect(api.clear).not.toHaveBeenCalled();
  });
});

describe('setupAntdMobile', () => {
  it('plugs antd-mobile Toast into the toast port', () => {
    const show = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    setupAntdMobile('en');
    toast.show('Hello');
    expect(show).toHaveBeenCalledWith({ content: 'Hello', duration: TOAST_MS });
  });

  it('renders a real antd-mobile toast through the React 19 render shim', async () => {
    setupAntdMobile('id');
    Toast.show({ content: 'Halo dunia', duration: 0 });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Halo dunia'));
    Toast.clear();
  });
});
