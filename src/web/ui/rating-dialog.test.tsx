import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToaster } from '../lib/toast.ts';
import { preloadOverlays } from '../test/screen-kit.tsx';
import { RatingDialog, StarRating } from './rating-dialog.tsx';

const labels = {
  title: 'Please rate this service',
  cancel: 'Cancel',
  send: 'Send',
  pickStars: 'Silakan pilih',
  star: (n: number) => `${n} stars`,
};
const shown: string[] = [];
preloadOverlays();
beforeEach(() => {
  shown.length = 0;
  setToaster({ show: (m) => shown.push(m), loading: () => () => {} });
});

describe('RatingDialog', () => {
  it('refuses to send without a star', async () => {
    const onSend = vi.fn(async () => true);
    render(<RatingDialog visible labels={labels} onSend={onSend} onCancel={() => {}} />);
    fireEvent.click(await screen.findByText('Send'));
    expect(onSend).not.toHaveBeenCalled();
    expect(shown).toEqual(['Silakan pilih']);
  });

  it('sends the chosen score, and has none chosen when it opens again after success', async () => {
    const onSend = vi.fn();
    const { rerender } = render(<RatingDialog visible labels={labels} onSend={onSend} onCancel={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith(4));
    // The caller hides the dialog once the score was accepted, and shows it again later.
    rerender(<RatingDialog visible={false} labels={labels} onSend={onSend} onCancel={() => {}} />);
    rerender(<RatingDialog visible labels={labels} onSend={onSend} onCancel={() => {}} />);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('false'),
    );
  });

  it('does not send again while a score is on its way', async () => {
    const onSend = vi.fn();
    render(<RatingDialog visible sending labels={labels} onSend={onSend} onCancel={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: '3 stars' }));
    fireEvent.click(screen.getByText('Send'));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('cancel resets the score and tells the caller', async () => {
    const onCancel = vi.fn();
    render(<RatingDialog visible labels={labels} onSend={async () => true} onCancel={onCancel} />);
    fireEvent.click(await screen.findByRole('radio', { name: '2 stars' }));
    fireEvent.click(screen.getByText('Cancel'));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('StarRating', () => {
  it('moves with the arrow keys like a radio group', () => {
    const onChange = vi.fn();
    render(<StarRating value={3} onChange={onChange} label="Rate" starLabel={(n) => `${n}`} />);
    fireEvent.keyDown(screen.getByRole('radiogroup'), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.keyDown(screen.getByRole('radiogroup'), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith(2);
  });
});
