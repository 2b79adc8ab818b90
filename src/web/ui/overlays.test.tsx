import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupAntdMobile } from './antd-setup.ts';
import { confirmDialog, Dialog, onDemand, overlays } from './overlays.tsx';

// Dialog.confirm draws through the React 19 render shim the setup installs.
beforeAll(() => setupAntdMobile('en'));

describe('overlays loaded on demand', () => {
  it('draws nothing for a hidden dialog, and the dialog once it is shown', async () => {
    const { rerender } = render(<Dialog visible={false} content="Are you still there?" />);
    expect(screen.queryByText('Are you still there?')).toBeNull();
    rerender(<Dialog visible content="Are you still there?" />);
    expect(await screen.findByText('Are you still there?')).toBeTruthy();
  });

  it('confirmDialog resolves true when confirmed and false when cancelled', async () => {
    const yes = confirmDialog({ content: 'Delete it?', confirmText: 'Delete', cancelText: 'Keep' });
    fireEvent.click(await screen.findByText('Delete'));
    await expect(yes).resolves.toBe(true);
    const no = confirmDialog({ content: 'Close it?', confirmText: 'Close', cancelText: 'Leave open' });
    fireEvent.click(await screen.findByText('Leave open'));
    await expect(no).resolves.toBe(false);
  });

  it('loads the overlays once, whoever asks first', async () => {
    const both = Promise.all([overlays.load(), overlays.load()]);
    // Loading draws the overlays' host; act lets that render finish (it returns no value of its own).
    await act(async () => {
      await both;
    });
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(typeof a.Toast.show).toBe('function');
  });

  it('tells the caller when the code cannot load, and tries again on the next use', async () => {
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ name: 'Toast' });
    const code = onDemand(importer);
    const used = vi.fn();
    const failed = vi.fn();
    code.use(used, failed);
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(used).not.toHaveBeenCalled();
    code.use(used, failed);
    await vi.waitFor(() => expect(used).toHaveBeenCalledWith({ name: 'Toast' }));
    expect(failed).toHaveBeenCalledTimes(1);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('loads nothing while the page only shows, and loads at the first touch (again after a failed load)', async () => {
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ name: 'Toast' });
    const code = onDemand(importer);
    code.loadWhenTouched();
    code.loadWhenTouched();
    // The test document has loaded: a reading borrower's idle time fetches nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(importer).not.toHaveBeenCalled();
    fireEvent.pointerDown(document.body);
    fireEvent.pointerDown(document.body);
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    // That load failed (offline): the next touch tries again, and once here it stays.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.keyDown(document.body, { key: 'a' });
    await vi.waitFor(() => expect(code.now()).toEqual({ name: 'Toast' }));
    fireEvent.focusIn(document.body);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
