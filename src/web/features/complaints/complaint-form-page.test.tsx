import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { complaints } from '../../../shared/i18n/complaints.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { setSessionParams } from '../../lib/session-params.ts';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { setupAntdMobile, TOAST_MS } from '../../ui/antd-setup.ts';
import { COMPLAINT_PATHS } from './complaint-api.ts';
import { draftKey } from './complaint-draft.ts';
import { ComplaintFormPage, RETURN_DELAY_MS } from './complaint-form-page.tsx';
import {
  captureToasts,
  failingOnce,
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
const FORM_NO_SUBTYPE = `${H5_PATHS.complaintForm}?problemType=1&problemSonType=0&orderNo=IN001`;

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  setSessionParams({ market: 'IN', token: 't'.repeat(43), deviceId: 'd1' });
  toasts = captureToasts();
  FakeXhr.install();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  globalThis.fetch = realFetch;
  setSessionParams({});
  sessionStorage.clear();
});

function network(save = () => ok({ problemId: 42, deadline: '2026-11-25T18:29:59.999Z' })) {
  return stubFetch({ [COMPLAINT_PATHS.init]: () => ok(problemInit()), [COMPLAINT_PATHS.save]: save });
}

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

const uploaded = (id: string) => ({ code: 0, data: { id, url: `/img/${id}` }, message: '' });
const refused = { code: '400', data: null, message: 'Only JPEG, PNG or WebP images can be uploaded.' };

const textbox = () =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your comments and suggestions' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
// Named like the visible add button (not antd's own "Upload").
const fileInput = () =>
  screen.getByLabelText<HTMLInputElement>('Add image', { selector: 'input[type="file"]' });
const addButtonWrap = (container: HTMLElement) => container.querySelector<HTMLElement>('.image-picker-add')!;
const evidenceSection = (name = 'Evidence images') => screen.getByRole('region', { name });
/** The elements an element's aria-describedby points at, by their text. */
const descriptions = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('ComplaintFormPage', () => {
  it('shows the type and sub-type as tags, the counter and the 3-weekday note', async () => {
    network();
    renderAt(routes, FORM);
    expect(await screen.findByText('Collection')).toBeTruthy();
    expect(screen.getByText('Calls to my contacts')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Submit a complaint' })).toBeTruthy();
    expect(screen.getByTestId('detail-counter').textContent).toContain('0/200');
    expect(screen.getByText('Your complaint will be handled within 3 weekdays.')).toBeTruthy();
    // The address named the sub-type: no chooser.
    expect(screen.queryByRole('radiogroup')).toBeNull();
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

  it('says an order that is not the borrower’s cannot be found, with the way on instead of a retry', async () => {
    const net = stubFetch({
      [COMPLAINT_PATHS.init]: () =>
        reply({ code: '404', data: null, message: 'Data yang Anda cari tidak ditemukan.' }, 404),
    });
    const user = userEvent.setup();
    const { router } = renderAt(routes, FORM, 'id');
    expect(await screen.findByText('Pesanan ini tidak ditemukan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Lanjutkan tanpa pesanan ini' }));
    expect((await screen.findByTestId('marker')).textContent).toBe('entry');
    expect(router.state.location.search).toBe('');
    expect(net.calls).toHaveLength(1);
  });

  it('says the form could not be loaded, and why, with a retry', async () => {
    stubFetch({
      [COMPLAINT_PATHS.init]: failingOnce(
        () => reply({ code: '500', data: null, message: 'Something went wrong on our side.' }, 500),
        () => ok(problemInit()),
      ),
    });
    const user = userEvent.setup();
    renderAt(routes, FORM);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe(
      'The complaint form could not be loaded. Something went wrong on our side.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox')).toBeTruthy();
  });

  it('reads an order number that is not one at all (the server’s 400) the same way', async () => {
    stubFetch({
      [COMPLAINT_PATHS.init]: () =>
        reply(
          {
            code: '400',
            data: null,
            message: 'Some of the information is not valid. Please check and try again.',
          },
          400,
        ),
    });
    renderAt(routes, `${H5_PATHS.complaintForm}?problemType=1&problemSonType=0&orderNo=IN%01`);
    expect(await screen.findByText('We could not find this order.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue without this order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
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
    expect(textbox().value).toBe('x'.repeat(200));
    expect(screen.getByTestId('detail-counter').textContent).toContain('200/200');
    await user.keyboard('yz');
    expect(textbox().value).toBe('x'.repeat(200));
  });

  it('shows empty text as an error at the field, linked to the text box, and sends nothing', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    expect(textbox().getAttribute('aria-invalid')).toBeNull();
    await user.type(textbox(), '   ');
    await user.click(sendButton());
    // At the field, where it stays, not in a toast that goes away.
    expect(toasts).toEqual([]);
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(textbox())).toContain('Please fill in your comments and suggestions.');
    expect(document.activeElement).toBe(textbox());
    expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
    // Put right, the error goes.
    await user.type(textbox(), 'Now it says something.');
    expect(textbox().getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please fill in your comments and suggestions.')).toBeNull();
  });

  it('sends, says so in correct English and returns to the entry after exactly 1.5 s', async () => {
    const net = network();
    const { router } = renderAt(routes, FORM);
    await screen.findByText('Collection');
    // From here on the clock is ours: the return timer starts when the success shows.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.input(textbox(), { target: { value: '  They call my contacts.  ' } });
    fireEvent.click(sendButton());
    await settle(() => screen.queryByText('Your complaint has been sent.') !== null);
    expect(screen.queryByText(/Successfully|！/)).toBeNull();
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
    act(() => FakeXhr.all[0]!.respond(uploaded('u1')));
    await user.type(textbox(), 'Please stop the calls.');
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(toasts).toContain('The selected order does not support sending collection types.');
    expect(screen.queryByText('Your complaint has been sent.')).toBeNull();
    expect(textbox().value).toBe('Please stop the calls.');
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

    act(() => first.respond(uploaded('u1')));
    act(() => second.respond(uploaded('u2')));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    // The tiles show it; a toast per image would only push the limit message away.
    expect(toasts).toEqual([]);
    await user.type(textbox(), 'Evidence attached.');
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body.problemImage).toBe('/img/u1,/img/u2');
  });

  it('holds Send while an image is still uploading and says why at the uploader', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), png('a.png'));
    await user.type(textbox(), 'Evidence attached.');
    await user.click(sendButton());
    expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
    const alert = within(evidenceSection()).getByRole('alert');
    expect(alert.textContent).toBe('Please wait until your images finish uploading.');
    expect(descriptions(evidenceSection())).toContain('Please wait until your images finish uploading.');
    act(() => FakeXhr.all[0]!.respond(uploaded('u1')));
    await waitFor(() => expect(within(evidenceSection()).queryByRole('alert')).toBeNull());
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body.problemImage).toBe('/img/u1');
  });

  it('marks a refused upload on its tile, in words, and will not send until it is removed', async () => {
    const net = network();
    const user = userEvent.setup();
    const { container } = renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), [png('a.png'), png('renamed.png')]);
    act(() => FakeXhr.all[0]!.respond(uploaded('u1')));
    act(() => FakeXhr.all[1]!.respond(refused, 400));

    // The tile stays, says it failed and offers both ways out; the reason is under the images.
    const tile = await waitFor(() => {
      const failed = container.querySelector<HTMLElement>('[data-status="failed"]');
      expect(failed).not.toBeNull();
      return failed!;
    });
    expect(within(tile).getByText('Upload failed')).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Try again: image 2' })).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Remove image 2' }).textContent).toBe('Remove');
    expect(
      within(evidenceSection()).getByText(
        'Image 2 was not uploaded: Only JPEG, PNG or WebP images can be uploaded.',
      ),
    ).toBeTruthy();
    expect(toasts).toEqual([]);

    await user.type(textbox(), 'One of these did not upload.');
    await user.click(sendButton());
    expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
    expect(within(evidenceSection()).getByRole('alert').textContent).toBe(
      'An image could not be uploaded. Try it again or remove it before you send.',
    );
    expect(document.activeElement).toBe(evidenceSection());

    await user.click(within(tile).getByRole('button', { name: 'Remove image 2' }));
    expect(container.querySelector('[data-status="failed"]')).toBeNull();
    expect(within(evidenceSection()).queryByRole('alert')).toBeNull();
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body.problemImage).toBe('/img/u1');
  });

  it('tries a failed upload again with the same file, then sends it', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), png('receipt.png'));
    // Offline: the request never reaches the server.
    act(() => FakeXhr.all[0]!.onerror?.());
    const retry = await screen.findByRole('button', { name: 'Try again: image 1' });
    expect(
      within(evidenceSection()).getByText(
        'Image 1 was not uploaded: Network error. Please check your connection and try again.',
      ),
    ).toBeTruthy();
    await user.click(retry);
    expect(FakeXhr.all).toHaveLength(2);
    expect((FakeXhr.all[1]!.body!.get('problemImage') as File).name).toBe('receipt.png');
    expect(await screen.findByRole('progressbar', { name: 'Uploading image 1' })).toBeTruthy();
    act(() => FakeXhr.all[1]!.respond(uploaded('u7')));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText('Upload failed')).toBeNull();
    await user.type(textbox(), 'Receipt attached.');
    await user.click(sendButton());
    await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
    expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body.problemImage).toBe('/img/u7');
  });

  it('removes an image from the list, cancelling its upload', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    act(() => FakeXhr.all[0]!.respond(uploaded('u1')));
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

  it('opens a picked image full screen when its thumbnail is tapped (the viewer loads then)', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    expect(document.querySelector('.adm-image-viewer-slides')).toBeNull();
    const second = screen.getByRole('button', { name: 'View image 2' });
    const src = second.querySelector('img')!.getAttribute('src');
    await user.click(second);
    await waitFor(() => expect(document.querySelector('.adm-image-viewer-slides')).not.toBeNull());
    expect(document.querySelectorAll('.adm-image-viewer-slides img')).toHaveLength(2);
    expect(document.querySelector('.adm-image-viewer-indicator')?.textContent).toBe('2 / 2');
    expect(src).toMatch(/^blob:/);
  });

  it('takes at most 9 images, 3 per row, and hides the add button at 9', async () => {
    network();
    const user = userEvent.setup();
    const { container } = renderAt(routes, FORM);
    await screen.findByText('Collection');
    const grid = container.querySelector<HTMLElement>('.complaint-form-uploader')!;
    expect(grid.style.getPropertyValue('--columns')).toBe('3');
    await user.upload(
      fileInput(),
      Array.from({ length: 8 }, (_, i) => png(`${i}.png`)),
    );
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(8);
    expect(addButtonWrap(container).hidden).toBe(false);
    await user.upload(fileInput(), [png('8.png'), png('9.png')]);
    // The tenth is not taken.
    expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(9);
    expect(FakeXhr.all).toHaveLength(9);
    expect(addButtonWrap(container).hidden).toBe(true);
  });

  it('keeps the limit in view: a count, and a line saying how many picks were not added', async () => {
    network();
    const user = userEvent.setup();
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    expect(screen.getByTestId('image-count').textContent).toBe('0/9');
    await user.upload(fileInput(), [png('a.png'), png('b.png'), png('c.png')]);
    expect(screen.getByTestId('image-count').textContent).toBe('3/9');
    expect(within(evidenceSection()).getByRole('status').textContent).toContain('3 of 9 images added');
    expect(screen.queryByTestId('image-limit')).toBeNull();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    fireEvent.change(fileInput(), {
      target: { files: Array.from({ length: 8 }, (_, i) => png(`more-${i}.png`)) },
    });
    await settle(() => screen.queryByTestId('image-limit') !== null);
    expect(screen.getByTestId('image-count').textContent).toBe('9/9');
    const line = 'You can add up to 9 images, so 2 images were not added.';
    expect(screen.getByTestId('image-limit').textContent).toBe(line);
    // The uploads finish and time passes well beyond a toast's life: the line is still there.
    act(() => {
      for (const [i, xhr] of FakeXhr.all.entries()) xhr.respond(uploaded(`u${i}`));
    });
    await act(async () => {
      vi.advanceTimersByTime(TOAST_MS * 2);
    });
    expect(screen.getByTestId('image-limit').textContent).toBe(line);
    expect(toasts).toEqual([]);
    vi.useRealTimers();

    // Removing one makes room: the line now says only where the limit is… once it is reached again.
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 9' }));
    expect(screen.queryByTestId('image-limit')).toBeNull();
    expect(screen.getByTestId('image-count').textContent).toBe('8/9');
    await user.upload(fileInput(), png('last.png'));
    expect(screen.getByTestId('image-limit').textContent).toBe('You have reached the limit of 9 images.');
  });

  it('says at the uploader which picked files were not taken and why', async () => {
    network();
    const user = userEvent.setup({ applyAccept: false });
    renderAt(routes, FORM);
    await screen.findByText('Collection');
    const gif = new File([new Uint8Array([71, 73, 70])], 'cat.gif', { type: 'image/gif' });
    await user.upload(fileInput(), [gif, png('a.png')]);
    expect(
      within(evidenceSection()).getByText(
        'cat.gif was not added. Only JPEG, PNG or WebP images can be uploaded.',
      ),
    ).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(1);
    // The next pick starts a fresh account.
    await user.upload(fileInput(), png('b.png'));
    expect(within(evidenceSection()).queryByText(/cat\.gif/)).toBeNull();
  });

  describe('opened without a sub-type for a type that has them', () => {
    it('offers the sub-types on the form and sends the one chosen', async () => {
      const net = network();
      const user = userEvent.setup();
      renderAt(routes, FORM_NO_SUBTYPE);
      const group = await screen.findByRole('radiogroup', { name: 'What is the collection issue?' });
      await user.type(textbox(), 'They call my family.');
      await user.click(sendButton());
      // Missing: said at the chooser, which gets the focus.
      expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
      expect(group.getAttribute('aria-invalid')).toBe('true');
      expect(descriptions(group)).toEqual(['Please choose the collection issue.']);
      expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]);
      expect(toasts).toEqual([]);

      await user.click(within(group).getByRole('radio', { name: 'Calls to my contacts' }));
      expect(group.getAttribute('aria-invalid')).toBeNull();
      await user.click(sendButton());
      await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
      expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body).toMatchObject({
        problemType: 1,
        problemSonType: 12,
      });
    });

    it('also when problemSonType is missing from the address', async () => {
      network();
      renderAt(routes, `${H5_PATHS.complaintForm}?problemType=1&orderNo=IN001`);
      const group = await screen.findByRole('radiogroup', { name: 'What is the collection issue?' });
      expect(within(group).getAllByRole('radio')).toHaveLength(2);
    });

    it('but not for a type without sub-types', async () => {
      const net = network();
      const user = userEvent.setup();
      renderAt(routes, `${H5_PATHS.complaintForm}?problemType=5&problemSonType=0&orderNo=IN001`);
      await screen.findByText('App problem');
      expect(screen.queryByRole('radiogroup')).toBeNull();
      await user.type(textbox(), 'The app closes.');
      await user.click(sendButton());
      await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
      expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body).toMatchObject({ problemType: 5, problemSonType: 0 });
    });
  });

  describe('draft', () => {
    it('brings back the text, the chosen sub-type and the uploaded images after a reload', async () => {
      const net = network();
      const user = userEvent.setup();
      const first = renderAt(routes, FORM_NO_SUBTYPE);
      const group = await screen.findByRole('radiogroup');
      await user.click(within(group).getByRole('radio', { name: 'Rude or threatening calls' }));
      await user.type(textbox(), 'They shouted at me.');
      await user.upload(fileInput(), [png('a.png'), png('b.png'), png('c.png')]);
      act(() => FakeXhr.all[0]!.respond(uploaded('u1')));
      act(() => FakeXhr.all[1]!.respond(refused, 400));
      await screen.findByText('Upload failed');
      await waitFor(() => expect(screen.getAllByRole('progressbar')).toHaveLength(1));
      // The third is still on its way when the page goes.
      first.unmount();

      renderAt(routes, FORM_NO_SUBTYPE);
      await screen.findByRole('radiogroup');
      expect(textbox().value).toBe('They shouted at me.');
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Rude or threatening calls' }).checked).toBe(
        true,
      );
      // Only what the server accepted comes back; the failed and the unfinished ones do not.
      expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(1);
      expect(
        screen.getByRole('button', { name: 'View image 1' }).querySelector('img')?.getAttribute('src'),
      ).toBe('/img/u1');
      expect(screen.getByTestId('image-count').textContent).toBe('1/9');
      await user.click(sendButton());
      await waitFor(() => expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1));
      expect(net.callsTo(COMPLAINT_PATHS.save)[0]!.body).toMatchObject({
        problemSonType: 11,
        problemDetail: 'They shouted at me.',
        problemImage: '/img/u1',
      });
    });

    it('is kept per order and type: another order starts empty', async () => {
      network();
      const user = userEvent.setup();
      const first = renderAt(routes, FORM);
      await screen.findByText('Collection');
      await user.type(textbox(), 'About order IN001.');
      first.unmount();
      expect(sessionStorage.getItem(draftKey('IN001', 1))).toContain('About order IN001.');

      const other = renderAt(
        routes,
        `${H5_PATHS.complaintForm}?problemType=1&problemSonType=12&orderNo=IN003`,
      );
      await screen.findByText('Collection');
      expect(textbox().value).toBe('');
      other.unmount();
      renderAt(routes, `${H5_PATHS.complaintForm}?problemType=5&orderNo=IN001`);
      await screen.findByText('App problem');
      expect(textbox().value).toBe('');
    });

    it('is cleared once the complaint is sent', async () => {
      const net = network();
      const user = userEvent.setup();
      renderAt(routes, FORM);
      await screen.findByText('Collection');
      await user.type(textbox(), 'Send me.');
      expect(sessionStorage.getItem(draftKey('IN001', 1))).not.toBeNull();
      await user.click(sendButton());
      await screen.findByText('Your complaint has been sent.');
      expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(1);
      expect(sessionStorage.getItem(draftKey('IN001', 1))).toBeNull();
    });

    it('ignores a draft the tab cannot read', async () => {
      sessionStorage.setItem(draftKey('IN001', 1), '{not json');
      network();
      renderAt(routes, FORM);
      await screen.findByText('Collection');
      expect(textbox().value).toBe('');
    });
  });

  it('speaks Indonesian, at the field and after sending', async () => {
    setSessionParams({ market: 'ID', isNeedPop: '1' });
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, FORM, 'id');
    await screen.findByText('Collection');
    expect(screen.getByText('Pengaduan Anda akan ditangani dalam 3 hari kerja.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(screen.getByText('Silakan isi komentar dan saran Anda.')).toBeTruthy();
    expect(net.callsTo(COMPLAINT_PATHS.save)).toHaveLength(0);
    await user.upload(
      screen.getByLabelText<HTMLInputElement>('Tambah gambar', { selector: 'input[type="file"]' }),
      png('a.png'),
    );
    act(() => FakeXhr.all[0]!.respond(refused, 400));
    expect(await screen.findByText('Gagal diunggah')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Coba lagi: gambar 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hapus gambar 1' }).textContent).toBe('Hapus');
    await user.type(screen.getByRole('textbox', { name: 'Komentar dan saran Anda' }), 'Ditelepon terus.');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(within(evidenceSection('Gambar bukti')).getByRole('alert').textContent).toBe(
      'Ada gambar yang gagal diunggah. Coba lagi atau hapus gambar itu sebelum mengirim.',
    );
    await user.click(screen.getByRole('button', { name: 'Hapus gambar 1' }));
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Pengaduan Anda telah dikirim.')).toBeTruthy();
  });

  it('has no full-width punctuation in its copy (it shows as a box on some phones)', () => {
    const texts = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : Object.values(node as object).flatMap(texts);
    for (const lang of ['en', 'id'] as const) {
      for (const text of texts(complaints[lang])) expect(text).not.toMatch(/[\uff01-\uff5e]/);
    }
  });
});
