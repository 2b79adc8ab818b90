import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QaItem } from '../../../shared/contract/chatbot.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionEndAction } from '../../lib/api-client.ts';
import { createI18n } from '../../lib/i18n.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { setToaster } from '../../lib/toast.ts';
import { createQueryClient, ShellProviders } from '../../ui/shell-providers.tsx';
import { ChatbotPage } from './chatbot-page.tsx';

/** One request as the fake server saw it. */
interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

const realFetch = globalThis.fetch;
const toasts: string[] = [];
let calls: Call[] = [];

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const ok = (data: unknown) => reply({ code: 0, data, message: '' });

const item = (id: number, title: string, extra: Partial<QaItem> = {}): QaItem => ({
  id,
  title_local: title,
  title_local_alias: null,
  action_type: 0,
  icon: null,
  ...extra,
});

const CATEGORIES = [
  item(1, 'Questions about your account', { title_local_alias: 'Account', icon: 'account' }),
  item(2, 'Questions about your loan', { title_local_alias: 'My loan', icon: 'loan' }),
  item(3, 'Questions about repaying', { title_local_alias: 'Repay', icon: 'repayment' }),
  item(4, 'Anything else', { icon: 'other' }),
];
const QUESTIONS: Record<number, QaItem[]> = {
  1: [item(11, 'How do I change my phone number?')],
  2: [
    item(21, 'How do I apply?'),
    item(22, 'I want to talk to a person', { action_type: 4 }),
    item(23, 'Fees?'),
  ],
  3: [],
  4: [],
};
const ANSWERS: Record<number, string[]> = {
  11: ['Go to Profile and tap Phone.'],
  21: ['Open the app and tap Apply.'],
  23: ['There is a processing fee.', 'Late payment adds a late fee.'],
};

type RecordReply = { text: string; questions: { id: number; title_local: string }[]; goRate: boolean };
const RECORD_REPLIES: Record<number, (value: string) => RecordReply> = {
  1: () => ({ text: 'Opening the complaint form.', questions: [], goRate: false }),
  2: (v) => ({ text: v === '1' ? '' : 'Sorry we could not help with that.', questions: [], goRate: false }),
  3: (v) =>
    v === '5'
      ? { text: 'Opening the app store.', questions: [], goRate: true }
      : { text: 'Thanks for the stars, we will do better.', questions: [], goRate: false },
  4: (v) =>
    v.includes('fee')
      ? { text: 'These questions may help:', questions: [{ id: 23, title_local: 'Fees?' }], goRate: false }
      : { text: 'No match. Contact us?', questions: [], goRate: false },
};

/** The server of the brief: the FAQ tree and the record replies. `override` answers first when it returns. */
function stubServer(override?: (call: Call) => Response | Promise<Response> | undefined) {
  calls = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    const custom = override?.(call);
    if (custom) return custom;
    if (call.path === '/h5-api/v3/user-problem/get-qa-list') {
      const pid = Number(call.query.get('pid'));
      if (pid === 0) return ok({ answerList: CATEGORIES, question: null });
      if (QUESTIONS[pid]) return ok({ answerList: QUESTIONS[pid], question: null });
      const answers = ANSWERS[pid] ?? [];
      return ok({
        answerList: answers.map((a, i) => item(pid * 10 + i, a)),
        question: { id: pid, title_local: `question ${pid}` },
      });
    }
    if (call.path === '/h5-api/v3/user-problem/qa-record') {
      const { type, value } = call.body as { type: number; value: string };
      return ok(RECORD_REPLIES[type]!(value));
    }
    return reply({ code: '404', data: null, message: 'Not found' }, 404);
  }) as typeof fetch;
}

const records = () => calls.filter((c) => c.path.endsWith('/qa-record')).map((c) => c.body);
const listCalls = (pid: number) =>
  calls.filter((c) => c.path.endsWith('/get-qa-list') && c.query.get('pid') === String(pid));

function ComplaintProbe() {
  const location = useLocation();
  return <p data-testid="complaint-entry">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(search = '?orderNo=ORD-7', lang: 'en' | 'id' = 'en') {
  const router = createMemoryRouter(
    [
      { path: H5_PATHS.chatbot, element: <ChatbotPage /> },
      { path: H5_PATHS.complaint, element: <ComplaintProbe /> },
    ],
    { initialEntries: [`${H5_PATHS.chatbot}${search}`] },
  );
  return render(
    <ShellProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </ShellProviders>,
  );
}

const log = () => screen.getByRole('log');

/** Opens the chat on the loan topic and asks its first (ordinary, single-answer) question. */
/** antd-mobile dialogs take pointer events only once their opening animation ends; do not wait for it. */
const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

async function askApply(user: ReturnType<typeof userEvent.setup>) {
  renderPage('?selectedIndex=1&orderNo=ORD-7');
  await user.click(await within(log()).findByRole('button', { name: 'How do I apply?' }));
  await within(log()).findByText('Open the app and tap Apply.');
}

beforeEach(() => {
  toasts.length = 0;
  setToaster({ show: (m) => toasts.push(m), loading: () => () => {} });
  setSessionParams({ market: 'IN', token: 't'.repeat(43) });
});

afterEach(() => {
  globalThis.fetch = realFetch;
  delete (window as { AppBridge?: unknown }).AppBridge;
  setSessionParams({});
  setSessionEndAction(null);
});

describe('ChatbotPage', () => {
  it('greets, loads the four topics and opens the one selectedIndex names', async () => {
    stubServer();
    renderPage('?selectedIndex=1&orderNo=ORD-7');
    expect(within(log()).getByText(/virtual assistant/)).toBeTruthy();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Account', 'My loan', 'Repay', 'Other']);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('false');
    // Each tab has its decorative icon.
    expect(tabs.every((tab) => tab.querySelector('svg[aria-hidden="true"]'))).toBe(true);
    // The chosen topic's questions are in the conversation.
    expect(await within(log()).findByRole('button', { name: 'How do I apply?' })).toBeTruthy();
    expect(within(log()).getByText('Common questions about My loan:')).toBeTruthy();
    expect(listCalls(0)).toHaveLength(1);
    expect(listCalls(2)).toHaveLength(1);
    expect(listCalls(1)).toHaveLength(0);
    expect(log().getAttribute('aria-live')).toBe('polite');
    expect(document.title).toBe('Help assistant');
  });

  it('draws the header, placeholder topics and the input while the topics are on the way', async () => {
    let answer!: (response: Response) => void;
    stubServer((call) =>
      call.query.get('pid') === '0' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderPage('?orderNo=ORD-7');
    expect(screen.getByRole('heading', { level: 1, name: 'Help assistant' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact CS' })).toBeTruthy();
    expect(screen.getByLabelText('Your question')).toBeTruthy();
    expect(within(log()).getByText(/virtual assistant/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading the question topics…');
    expect(document.querySelectorAll('[aria-busy="true"] .chatbot-tab')).toHaveLength(4);
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    answer(ok({ answerList: CATEGORIES, question: null }));
    expect(await screen.findAllByRole('tab')).toHaveLength(4);
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('opens the first topic without selectedIndex, and another one when its tab is picked', async () => {
    stubServer();
    const user = setupUser();
    renderPage('');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    await within(log()).findByRole('button', { name: 'How do I change my phone number?' });
    await user.click(tabs[3]!);
    expect(tabs[3]!.getAttribute('aria-selected')).toBe('true');
    expect(await within(log()).findByText('There are no questions in this topic yet.')).toBeTruthy();
    expect(listCalls(4)).toHaveLength(1);
  });

  it('hands a question of action type 4 to a human: a type-1 record, then the complaint entry', async () => {
    stubServer();
    const user = setupUser();
    renderPage('?selectedIndex=1&orderNo=ORD-7');
    await user.click(await within(log()).findByRole('button', { name: 'I want to talk to a person' }));
    const entry = await screen.findByTestId('complaint-entry');
    expect(entry.textContent).toBe('/complainNewPage?orderNo=ORD-7');
    expect(records()).toEqual([{ orderNo: 'ORD-7', type: 1, value: '', qaId: 22 }]);
    expect(listCalls(22)).toHaveLength(0);
  });

  it('shows a question and its single answer, with the two feedback buttons', async () => {
    stubServer();
    const user = setupUser();
    await askApply(user);
    const userBubble = within(log()).getByText('How do I apply?', { selector: 'p' });
    expect(userBubble.closest('.chatbot-row')?.className).toContain('is-user');
    expect(within(log()).getByRole('button', { name: 'Resolved' })).toBeTruthy();
    expect(within(log()).getByRole('button', { name: 'Not resolved' })).toBeTruthy();
    expect(records()).toEqual([]);
  });

  it('offers no feedback buttons under several answers', async () => {
    stubServer();
    const user = setupUser();
    renderPage('?selectedIndex=1');
    await user.click(await within(log()).findByRole('button', { name: 'Fees?' }));
    expect(await within(log()).findByText('Late payment adds a late fee.')).toBeTruthy();
    expect(within(log()).getByText('There is a processing fee.')).toBeTruthy();
    expect(within(log()).queryByRole('button', { name: 'Resolved' })).toBeNull();
  });

  it('records "resolved" and then asks for a star rating', async () => {
    stubServer();
    const user = setupUser();
    await askApply(user);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(within(log()).getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByRole('radiogroup', { name: 'Please rate this service' })).toBeTruthy();
    expect(records()).toEqual([{ orderNo: 'ORD-7', type: 2, value: '1', qaId: 21 }]);
    expect(within(log()).queryByRole('button', { name: 'Resolved' })).toBeNull();
  });

  it('records "not resolved" only: the note, and no rating', async () => {
    stubServer();
    const user = setupUser();
    await askApply(user);
    await user.click(within(log()).getByRole('button', { name: 'Not resolved' }));
    expect(await within(log()).findByText('Sorry we could not help with that.')).toBeTruthy();
    expect(records()).toEqual([{ orderNo: 'ORD-7', type: 2, value: '0', qaId: 21 }]);
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('refuses a rating without a star, and sends nothing', async () => {
    stubServer();
    const user = setupUser();
    await askApply(user);
    await user.click(within(log()).getByRole('button', { name: 'Resolved' }));
    const dialog = (await screen.findByRole('radiogroup')).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(toasts).toEqual(['Please choose a rating.']);
    expect(records()).toHaveLength(1);
  });

  it('sends 1-4 stars as a type-3 record and shows the server thank-you', async () => {
    stubServer();
    const bridge = { postMessage: vi.fn() };
    (window as { AppBridge?: unknown }).AppBridge = bridge;
    const user = setupUser();
    await askApply(user);
    await user.click(within(log()).getByRole('button', { name: 'Resolved' }));
    await user.click(await screen.findByRole('radio', { name: '3 stars: fair' }));
    const dialog = screen.getByRole('radiogroup').closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const result = await screen.findByRole('dialog', { name: 'Thank you' });
    expect(within(result).getByText('Thanks for the stars, we will do better.')).toBeTruthy();
    expect(records()[1]).toEqual({ orderNo: 'ORD-7', type: 3, value: '3', qaId: 21 });
    expect(bridge.postMessage).not.toHaveBeenCalled();
  });

  it('sends 5 stars as a type-3 record and asks the app to open the store rating', async () => {
    stubServer();
    const bridge = { postMessage: vi.fn() };
    (window as { AppBridge?: unknown }).AppBridge = bridge;
    const user = setupUser();
    await askApply(user);
    await user.click(within(log()).getByRole('button', { name: 'Resolved' }));
    await user.click(await screen.findByRole('radio', { name: '5 stars: excellent' }));
    const dialog = screen.getByRole('radiogroup').closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bridge.postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'goRate' })));
    expect(records()[1]).toEqual({ orderNo: 'ORD-7', type: 3, value: '5', qaId: 21 });
    await waitFor(() => expect(screen.queryByRole('radiogroup')).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Thank you' })).toBeNull();
  });

  it('refuses empty or blank free text without a request', async () => {
    stubServer();
    const user = setupUser();
    renderPage();
    await screen.findAllByRole('tab');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(toasts).toEqual(['Please type your question.', 'Please type your question.']);
    expect(calls.length).toBe(before);
  });

  it('sends free text as a type-4 record and offers the matching questions', async () => {
    stubServer();
    const user = setupUser();
    renderPage();
    await screen.findAllByRole('tab');
    const input = screen.getByRole('textbox', { name: 'Your question' });
    expect(input.getAttribute('maxlength')).toBe('200');
    await user.type(input, '  what fee do I pay?  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(within(log()).getByText('what fee do I pay?')).toBeTruthy();
    expect(await within(log()).findByText('These questions may help:')).toBeTruthy();
    expect(records()).toEqual([{ orderNo: 'ORD-7', type: 4, value: 'what fee do I pay?', qaId: 0 }]);
    expect((input as HTMLInputElement).value).toBe('');
    // A matching question loads its answer like any other.
    await user.click(within(log()).getByRole('button', { name: 'Fees?' }));
    expect(await within(log()).findByText('There is a processing fee.')).toBeTruthy();
  });

  it('offers a human when free text matches nothing', async () => {
    stubServer();
    const user = setupUser();
    renderPage();
    await screen.findAllByRole('tab');
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const bubble = (await within(log()).findByText('No match. Contact us?')).closest(
      '.chatbot-bubble',
    ) as HTMLElement;
    await user.click(within(bubble).getByRole('button', { name: 'Contact CS' }));
    expect((await screen.findByTestId('complaint-entry')).textContent).toBe('/complainNewPage?orderNo=ORD-7');
  });

  it('"Contact CS" records a jump to a human and opens the complaint entry', async () => {
    stubServer();
    const user = setupUser();
    renderPage('?orderNo=ORD-7');
    await user.click(screen.getByRole('button', { name: 'Contact CS' }));
    expect((await screen.findByTestId('complaint-entry')).textContent).toBe('/complainNewPage?orderNo=ORD-7');
    expect(records()).toEqual([{ orderNo: 'ORD-7', type: 1, value: '', qaId: 0 }]);
  });

  it('keeps the conversation when an answer fails, and retries on the failed bubble', async () => {
    let fail = true;
    stubServer((call) =>
      call.query.get('pid') === '21' && fail
        ? reply({ code: '500', data: null, message: 'Server is resting.' }, 500)
        : undefined,
    );
    const user = setupUser();
    renderPage('?selectedIndex=1');
    await user.click(await within(log()).findByRole('button', { name: 'How do I apply?' }));
    expect(await within(log()).findByText('The reply could not be loaded.')).toBeTruthy();
    expect(toasts).toEqual(['Server is resting.']);
    // Nothing said so far is lost.
    expect(within(log()).getByText(/virtual assistant/)).toBeTruthy();
    expect(within(log()).getByText('How do I apply?', { selector: 'p' })).toBeTruthy();
    fail = false;
    await user.click(within(log()).getByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByText('Open the app and tap Apply.')).toBeTruthy();
    expect(within(log()).queryByText('The reply could not be loaded.')).toBeNull();
  });

  it('shows an error with a retry when the topics fail to load', async () => {
    let fail = true;
    stubServer((call) =>
      call.query.get('pid') === '0' && fail
        ? reply({ code: '503', data: null, message: 'Busy, try later.' }, 503)
        : undefined,
    );
    const user = setupUser();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The question topics could not be loaded.');
    expect(toasts).toEqual(['Busy, try later.']);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('tab')).toHaveLength(4);
  });

  it.each([
    {
      lang: 'en' as const,
      failed: 'The questions about My loan could not be loaded.',
      typing: 'The assistant is typing…',
      retry: 'Try again',
    },
    {
      lang: 'id' as const,
      failed: 'Pertanyaan tentang My loan tidak dapat dimuat.',
      typing: 'Asisten sedang mengetik…',
      retry: 'Coba lagi',
    },
  ])(
    'shows a topic whose questions fail in the conversation, and Retry replaces it ($lang)',
    async ({ lang, failed, typing, retry }) => {
      if (lang === 'id') setSessionParams({ market: 'ID', isNeedPop: '1', token: 't'.repeat(43) });
      let fail = true;
      stubServer((call) =>
        call.query.get('pid') === '2' && fail
          ? reply({ code: '503', data: null, message: 'Busy, try later.' }, 503)
          : undefined,
      );
      const user = setupUser();
      renderPage('?selectedIndex=1', lang);
      expect(await within(log()).findByText(failed)).toBeTruthy();
      expect(within(log()).getByText('Busy, try later.')).toBeTruthy();
      expect(within(log()).queryByText(typing)).toBeNull();
      expect(toasts).toEqual(['Busy, try later.']);
      fail = false;
      await user.click(within(log()).getByRole('button', { name: retry }));
      expect(await within(log()).findByRole('button', { name: 'How do I apply?' })).toBeTruthy();
      expect(within(log()).queryByText(failed)).toBeNull();
      expect(within(log()).queryByText(typing)).toBeNull();
      expect(listCalls(2)).toHaveLength(2);
    },
  );

  it('shows a topic picked from the tabs that fails, with a retry, after a network failure', async () => {
    stubServer((call) =>
      call.query.get('pid') === '3' ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    );
    const user = setupUser();
    renderPage('');
    const tabs = await screen.findAllByRole('tab');
    await within(log()).findByRole('button', { name: 'How do I change my phone number?' });
    await user.click(tabs[2]!);
    expect(await within(log()).findByText('The questions about Repay could not be loaded.')).toBeTruthy();
    expect(within(log()).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(log()).queryByText('The assistant is typing…')).toBeNull();
  });

  it('an ended session: the app is asked for its sign-in once, and the conversation offers no retry', async () => {
    const bridge = { postMessage: vi.fn() };
    (window as { AppBridge?: unknown }).AppBridge = bridge;
    setSessionEndAction(() => {
      (window as unknown as { AppBridge: { postMessage(json: string): void } }).AppBridge.postMessage(
        JSON.stringify({ type: 'returnToLogin' }),
      );
    });
    stubServer((call) =>
      call.query.get('pid') === '2'
        ? reply({ code: '401', data: null, message: 'Your session has ended. Please sign in again.' }, 401)
        : undefined,
    );
    const user = setupUser();
    renderPage('?selectedIndex=1');
    const bubble = (
      await within(log()).findByText('Your session has ended. Please sign in again.', { selector: 'p' })
    ).closest('.chatbot-bubble') as HTMLElement;
    expect(within(bubble).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(bridge.postMessage.mock.calls).toEqual([[JSON.stringify({ type: 'returnToLogin' })]]);
    // Free text after the end goes nowhere near the server and does not ask the app again.
    const before = calls.length;
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(
        within(log()).getAllByText('Your session has ended. Please sign in again.', { selector: 'p' }),
      ).toHaveLength(2),
    );
    expect(calls.length).toBe(before);
    expect(bridge.postMessage).toHaveBeenCalledTimes(1);
    await user.click(within(bubble).getByRole('button', { name: 'Sign in again' }));
    expect(bridge.postMessage).toHaveBeenCalledTimes(2);
  });

  it('speaks Indonesian: the feedback buttons, "Hubungi CS" and "Silakan pilih"', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    stubServer();
    const user = setupUser();
    renderPage('?selectedIndex=1', 'id');
    expect(screen.getByRole('button', { name: 'Hubungi CS' })).toBeTruthy();
    await user.click(await within(log()).findByRole('button', { name: 'How do I apply?' }));
    await within(log()).findByText('Open the app and tap Apply.');
    expect(within(log()).getByRole('button', { name: 'Belum Terselesaikan' })).toBeTruthy();
    await user.click(within(log()).getByRole('button', { name: 'Terselesaikan' }));
    expect(await screen.findByRole('radiogroup', { name: 'Silakan nilai layanan ini' })).toBeTruthy();
    const dialog = screen.getByRole('radiogroup').closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    expect(toasts).toEqual(['Silakan pilih']);
  });
});
