import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { COMPLAINT_PATHS } from './complaint-api.ts';
import { ComplaintFormPage, RETURN_DELAY_MS } from './complaint-form-page.tsx';
import {
  captureToasts,
  Marker,
  ok,
  problemInit,
  renderAt,
  reply,
  settle,
  stubFetch,
} from './complaint-test-kit.tsx';

const realFetch = globalThis.fetch;
const routes = [
  { path: H5_PATHS.complaint, element: <Marker name="entry" /> },
  { path: H5_PATHS.complaintForm, Component: ComplaintFormPage },
];
const FORM = `${H5_PATHS.complaintForm}?problemType=1&problemSonType=12&orderNo=IN001`;

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
  FakeXhr.install();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  globalThis.fetch = realFetch;
  setSessionParams({});
});

function network(save = () => ok({ problemId: 42, deadline: '2026-11-25T18:29:59.999Z' })) {
  return stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()), [COMPLAINT_PATHS.save]: save });
}

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

const textbox = () => screen.getByRole('textbox', { name: 'Your comments and suggestions' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
// Named like the visible add button (not antd's own "Upload").
const fileInput = () =>
  screen.getByLabelText<HTMLInputElement>('Add image', { selector: 'input[type="file"]' });
const addButtonWrap = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('.adm-image-uploader-upload-button-wrap')!;

describe('ComplaintFormPage', () => {
  it('shows the type and sub-type as tags, the counter and the 3-weekday note', async () => {
    network();
    renderAt(routes, FORM);
    expect(await screen.findByText('Collection')).toBeTruthy();
    expect(screen.getByText('Calls to my contacts')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Submit a complaint' })).toBeTruthy();
    expect(screen.getByTestId('detail-counter').textContent).toContain('0/200');
    expect(screen.getByText('Your complaint will be handled within 3 weekdays.')).toBeTruthy();
  });

  it('opened directly, draws its frame while problem-init is on the way', async () => {
    let answer!: (response: Response) => void;
    stubFetch({ [COMPLAINT_PATHS.init]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(routes, FORM);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit a complaint' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Evidence images' })).toBeTruthy();
    expect(screen.getByText('Your comments and suggestions')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(document.querySelector('[aria-busy="true"] .skeleton')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    answer(ok(problemInit()));
    expect(await screen.findByText('Collection')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(textbox()).toBeTruthy();
  });

  it('counts live and cuts input beyond 200 characters', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.click(textbox());
    await user.keyboard('Hello');
    expect(screen.getByTestId('detail-counter').textContent).toContain('5/200');
    await user.clear(textbox());
    await user.paste('x'.repeat(250));
    expect((textbox() as HTMLTextAreaElement).value).toBe('x'.repeat(200));
    expect(screen.getByTestId('detail-counter').textContent).toContain('200/200');
    await user.keyboard('yz');
    expect((textbox() as HTMLTextAreaElement).value).toBe('x'.repeat(200));
  });

  it('refuses empty text with the spec message and sends nothing', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.type(textbox(), '   ');
    await user.click(sendButton());
    expect(toasts).toEqual(['Please fill in your comments and suggestions.']);
    expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
  });

  it('sends, shows Successfully Sent and returns to the entry after exactly 1.5 s', async () => {
    const net = network();
    const { router } = renderAt(routes, FORM);
    await screen.findByText('Collection');
    // From here on the clock is ours: the return timer starts when the success shows.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(textbox(), { target: { value: '  They call my contacts.  ' } });
    fireEvent.click(sendButton());
    await settle(() => screen.queryByText('Successfully Sent') !== null);
    expect(
      screen.getByText('We have received your comments and will handle them within 3 weekdays.'),
    ).toBeTruthy();
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body).toEqual({
      problemType: 1,
      problemSonType: 12,
      problemDetail: 'They call my contacts.',
      problemImage: '',
      orderNo: 'IN001',
    });
    await act(async () => {
      vi.advanceTimersByTime(RETURN_DELAY_MS - 1);
    });
    expect(router.state.location.pathname).toBe(H5_PATHS.complaintForm);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe(H5_PATHS.complaint);
    expect(router.state.location.search).toBe('?orderNo=IN001');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(RETURN_DELAY_MS).toBe(1500);
  });

  it('keeps the text and images when the server refuses', async () => {
    const net = network(() =>
      reply({
        code: '400',
        data: null,
        message: 'The selected order does not support sending collection types.',
      }),
    );
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), png('a.png'));
    FakeXhr.all[0]!.respond({ code: 0, data: { id: 'u1', url: '/img/u1' }, message: 'Upload succeeded!' });
    await user.type(textbox(), 'Please stop the calls.');
    await waitFor(() => expect(sendButton().hasAttribute('disabled')).toBe(false));
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(toasts).toContain('The selected order does not support sending collection types.');
    expect(screen.queryByText('Successfully Sent')).toBeNull();
    expect((textbox() as HTMLTextAreaElement).value).toBe('Please stop the calls.');
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(1);
  });

  it('uploads each image when added, with progress, and sends their URLs', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    expect(FakeXhr.all).toHaveLength(2);
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(first.url).toMatch(new RegExp(`^${COMPLAINT_PATHS.upload}\\?`));
    expect(first.url).not.toContain('token');
    expect(first.headers.authorization).toBe(`Bearer ${'t'.repeat(43)}`);
    expect(first.headers['x-lang']).toBe('en');
    expect((first.body!.get('problemImage') as File).name).toBe('a.png');

    act(() => first.progress(50, 100));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading image 1' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(bar.textContent).toContain('50%');
    // Send waits for the uploads.
    await user.type(textbox(), 'Evidence attached.');
    expect(sendButton().hasAttribute('disabled')).toBe(true);

    act(() => first.respond({ code: 0, data: { id: 'u1', url: '/img/u1' }, message: '' }));
    act(() => second.respond({ code: 0, data: { id: 'u2', url: '/img/u2' }, message: '' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(toasts).toEqual(['Upload succeeded!', 'Upload succeeded!']);
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body.problemImage).toBe('/img/u1,/img/u2');
  });

  it('shows the server message when an upload is refused and drops that image', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), png('a.png'));
    act(() =>
      FakeXhr.all[0]!.respond(
        { code: '400', data: null, message: 'Only JPEG, PNG or WebP images can be uploaded.' },
        400,
      ),
    );
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /Remove image/ })).toHaveLength(0));
    expect(toasts).toEqual(['Only JPEG, PNG or WebP images can be uploaded.']);
  });

  it('removes an image from the list, cancelling its upload', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    act(() => FakeXhr.all[0]!.respond({ code: 0, data: { id: 'u1', url: '/img/u1' }, message: '' }));
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(FakeXhr.all[1]!.aborted).toBe(true);
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryAllByRole('button', { name: /Remove image/ })).toHaveLength(0);
    await user.type(textbox(), 'No images after all.');
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body.problemImage).toBe('');
  });

  it('takes at most 9 images, 3 per row, and hides the add button at 9', async () => {
    network();
    const user = userEvent.setup();
    const { container } = renderAt(routes, FORM);
    await screen.findByText('Collection');
    const grid = container.querySelector<HTMLElement>('.complaint-form-uploader .adm-grid')!;
    expect(grid.style.getPropertyValue('--columns')).toBe('3');
    await user.upload(
      fileInput(),
      Array.from({ length: 8 }, (_, i) => png(`${i}.png`)),
    );
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(8);
    expect(addButtonWrap(container).style.display).not.toBe('none');
    await user.upload(fileInput(), [png('8.png'), png('9.png')]);
    // The tenth is not taken.
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(9);
    expect(FakeXhr.all).toHaveLength(9);
    expect(toasts).toContain('You can add up to 9 images.');
    expect(addButtonWrap(container).style.display).toBe('none');
  });

  it('speaks Indonesian', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM, 'id');
    await screen.findByText('Collection');
    expect(screen.getByText('Pengaduan Anda akan ditangani dalam 3 hari kerja.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(toasts).toEqual(['Silakan isi komentar dan saran Anda.']);
    expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
  });
});
