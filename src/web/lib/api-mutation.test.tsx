import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from './api-client.ts';
import { useApiMutation } from './api-mutation.ts';
import { ApiFailure } from './api-query.ts';

const done = <T,>(data: T): ApiResult<T> => ({ ok: true, code: 0, data, message: '' });
const refused: ApiResult<null> = {
  ok: false,
  code: '409',
  data: null,
  message: 'Someone else did it first.',
};

function Harness({
  call,
  onError,
}: {
  call: (n: number) => Promise<ApiResult<string | null>>;
  onError?: (failure: ApiFailure) => void;
}) {
  const count = useQuery({ queryKey: ['count'], queryFn: vi.fn(async () => Date.now()) });
  const save = useApiMutation({ call, invalidates: [['count']], onError });
  return (
    <>
      <button type="button" disabled={save.isPending} onClick={() => save.mutate(1)}>
        Save
      </button>
      <p data-testid="count">{count.dataUpdatedAt}</p>
      <p role="alert">{save.error?.message}</p>
    </>
  );
}

function renderHarness(props: Parameters<typeof Harness>[0]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

describe('useApiMutation', () => {
  it('sends the write when the browser is offline, so its failure is answered, not paused', async () => {
    const offline: ApiResult<null> = { ok: false, code: 'network', data: null, message: 'Network error.' };
    const call = vi.fn(async () => offline);
    onlineManager.setOnline(false);
    try {
      renderHarness({ call });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network error.'));
      expect(call).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('sends one write for two clicks before the re-render, disabled while it is on its way', async () => {
    let answer: (r: ApiResult<string>) => void = () => {};
    const call = vi.fn(() => new Promise<ApiResult<string>>((resolve) => (answer = resolve)));
    renderHarness({ call });
    const button = screen.getByRole('button', { name: 'Save' });
    // The same event loop turn: the disabled attribute has not reached the button yet.
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => answer(done('saved')));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  });

  it('asks again for the queries the write changed once it succeeded', async () => {
    renderHarness({ call: async () => done('saved') });
    await waitFor(() => expect(screen.getByTestId('count').textContent).not.toBe('0'));
    const before = screen.getByTestId('count').textContent;
    await new Promise((resolve) => setTimeout(resolve, 5));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('count').textContent).not.toBe(before));
  });

  it('turns a refusal into the mutation error, with the server code and message, and allows another try', async () => {
    const onError = vi.fn();
    const call = vi.fn(async () => refused);
    renderHarness({ call, onError });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Someone else did it first.'));
    const failure = onError.mock.calls[0]![0];
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure.code).toBe('409');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
  });
});
