import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '../../../shared/contract/constants.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS } from './admin-api.ts';
import { ADMIN_ROUTES } from './admin-paths.ts';
import { CSRF, captureToasts, complaint, ok, renderAt, reply, stubFetch, XSS } from './admin-test-kit.tsx';
import { ComplaintPage } from './complaint-page.tsx';

const realFetch = globalThis.fetch;
const routes = [{ path: `${ADMIN_ROUTES.complaints}/:id`, Component: ComplaintPage }];
const PAGE = ADMIN_ROUTES.complaint(7);

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
  FakeXhr.install();
});
afterEach(() => {
  vi.unstubAllGlobals();
  globalThis.fetch = realFetch;
});

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

/** The form shows once the complaint has loaded (the heading shows before). */
const loaded = () => screen.findByRole('textbox', { name: 'Reply' });
const replyBox = () => screen.getByRole('textbox', { name: 'Reply' });
const sendButton = () => screen.getByRole('button', { name: /Send reply|Sending/ });
const fileInput = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('.admin-uploader input[type="file"]')!;

describe('ComplaintPage', () => {
  it('says that another market’s complaint is another market’s, with no retry', async () => {
    let calls = 0;
    stubFetch({
      [ADMIN_PATHS.complaint(7)]: () => {
        calls += 1;
        return reply(
          { code: '40301', data: null, message: 'This complaint belongs to another market.' },
          403,
        );
      },
    });
    renderAt(routes, PAGE);
    expect(
      await screen.findByText(
        'Complaint 7 belongs to another market, which you do not work on. Ask a colleague of that market or an administrator to open it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('There is no such complaint.')).toBeNull();
    // Asked once: asking again cannot change the answer.
    expect(calls).toBe(1);
  });

  it('shows the borrower, the order, the text, the images and the deadline', async () => {
    stubFetch({ [ADMIN_PATHS.complaint(7)]: () => ok(complaint()) });
    renderAt(routes, PAGE);
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Complaint 7' })).toBeTruthy();
    expect(screen.getByText('Priya Sharma')).toBeTruthy();
    expect(screen.getByText('98******10')).toBeTruthy();
    expect(screen.getByText('Salary Advance')).toBeTruthy();
    // The order opens on its own page in the back office.
    expect(screen.getByRole('link', { name: 'IN001' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.order('IN001'),
    );
    expect(screen.getByText('₹15,000')).toBeTruthy();
    expect(screen.getByText('91 days')).toBeTruthy();
    expect(screen.getByText(/Repayment due/)).toBeTruthy();
    expect(screen.getByText('Calls to my contacts')).toBeTruthy();
    expect(screen.getByText('They called my mother twice at night.')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    // Each image opens full size.
    const first = screen.getByRole('link', { name: 'Borrower’s image 1, opens full size in a new tab' });
    expect(first.getAttribute('href')).toBe('/uploads/a1');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(first.querySelector('img')!.getAttribute('src')).toBe('/uploads/a1');
    expect(screen.getByText('Not answered yet.')).toBeTruthy();
    // Marking processed is explained.
    expect(
      screen.getByRole('checkbox', { name: 'Mark as processed' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The complaint moves to “processed” for the borrower, and they are asked to rate how it was handled.',
      ),
    ).toBeTruthy();
  });

  it('shows what a borrower wrote as text, never as markup', async () => {
    stubFetch({
      [ADMIN_PATHS.complaint(7)]: () => ok(complaint({ detail: XSS, images: [], borrowerName: XSS })),
    });
    const { container } = renderAt(routes, PAGE);
    await loaded();
    expect(screen.getAllByText(XSS)).toHaveLength(2);
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('sends the reply text, the uploaded image URLs and markProcessed with the CSRF token', async () => {
    const saved = complaint({
      status: 'processed',
      overdue: false,
      ratingDue: true,
      replyText: 'We stopped the calls.',
      replyImages: ['/uploads/r1', '/uploads/r2'],
      repliedAt: '2026-11-21T06:00:00.000Z',
      repliedBy: 'Anita Admin',
    });
    const net = stubFetch({
      [ADMIN_PATHS.complaint(7)]: () => ok(complaint()),
      [ADMIN_PATHS.reply(7)]: () => ok(saved),
    });
    const user = userEvent.setup();
    const { container } = renderAt(routes, PAGE);
    await loaded();

    await user.upload(fileInput(container), [png('a.png'), png('b.png')]);
    expect(FakeXhr.all).toHaveLength(2);
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(first.method).toBe('POST');
    expect(first.url).toBe(ADMIN_PATHS.uploads);
    expect(first.headers[CSRF_HEADER]).toBe(CSRF);
    expect((first.body!.get('image') as File).name).toBe('a.png');
    // Send waits for the uploads.
    await user.type(replyBox(), '  We stopped the calls.  ');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    act(() => first.respond({ code: 0, data: { id: 'r1', url: '/uploads/r1' }, message: '' }));
    act(() => second.respond({ code: 0, data: { id: 'r2', url: '/uploads/r2' }, message: '' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Mark as processed' }));
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.reply(7))).toHaveLength(1));
    const sent = net.callsTo(ADMIN_PATHS.reply(7))[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({
      replyText: 'We stopped the calls.',
      replyImages: '/uploads/r1,/uploads/r2',
      markProcessed: true,
    });
    expect(sent.headers[CSRF_HEADER]).toBe(CSRF);

    // The saved reply shows, from the server's copy; the form is empty again.
    await waitFor(() => expect(screen.getByTestId('saved-reply').textContent).toBe('We stopped the calls.'));
    expect(screen.getByText('Reply saved.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reply image 2, opens full size in a new tab' })).toBeTruthy();
    expect(screen.getAllByText('Processed').length).toBeGreaterThan(0);
    expect((replyBox() as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryAllByRole('button', { name: /Remove image/ })).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  it('does not mark processed unless asked, and refuses an empty reply', async () => {
    const net = stubFetch({
      [ADMIN_PATHS.complaint(7)]: () => ok(complaint()),
      [ADMIN_PATHS.reply(7)]: () => ok(complaint({ replyText: 'Looking into it.' })),
    });
    const user = userEvent.setup();
    renderAt(routes, PAGE);
    await loaded();
    await user.type(replyBox(), '   ');
    await user.click(sendButton());
    expect(screen.getByText('Please write a reply.')).toBeTruthy();
    expect(net.callsTo(ADMIN_PATHS.reply(7))).toHaveLength(0);
    await user.clear(replyBox());
    await user.type(replyBox(), 'Looking into it.');
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.reply(7))).toHaveLength(1));
    expect(net.callsTo(ADMIN_PATHS.reply(7))[0]!.body).toEqual({
      replyText: 'Looking into it.',
      replyImages: '',
      markProcessed: false,
    });
  });

  it('keeps the reply when the server refuses it, and shows why', async () => {
    stubFetch({
      [ADMIN_PATHS.complaint(7)]: () => ok(complaint()),
      [ADMIN_PATHS.reply(7)]: () =>
        reply(
          { code: '403', data: null, message: 'This page is out of date. Please reload it and try again.' },
          403,
        ),
    });
    const user = userEvent.setup();
    renderAt(routes, PAGE);
    await loaded();
    await user.type(replyBox(), 'Sorry for the trouble.');
    await user.click(sendButton());
    await waitFor(() =>
      expect(toasts).toEqual(['This page is out of date. Please reload it and try again.']),
    );
    expect((replyBox() as HTMLTextAreaElement).value).toBe('Sorry for the trouble.');
  });

  it('drops an image the server refuses, with its message', async () => {
    stubFetch({ [ADMIN_PATHS.complaint(7)]: () => ok(complaint()) });
    const user = userEvent.setup();
    const { container } = renderAt(routes, PAGE);
    await loaded();
    await user.upload(fileInput(container), png('a.png'));
    act(() =>
      FakeXhr.all[0]!.respond(
        { code: '400', data: null, message: 'Only JPEG, PNG or WebP images can be uploaded.' },
        400,
      ),
    );
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /Remove image/ })).toHaveLength(0));
    expect(toasts).toEqual(['Only JPEG, PNG or WebP images can be uploaded.']);
  });
});
