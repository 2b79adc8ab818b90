import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { common } from '../../../shared/i18n/common.ts';
import { contact } from '../../../shared/i18n/contact.ts';
import { CONTACT_MESSAGE_PATH, ContactForm, type ContactFormProps } from './contact-form.tsx';

const props: ContactFormProps = {
  strings: {
    name: contact.en.name,
    telephone: contact.en.telephone,
    email: contact.en.email,
    suggestion: contact.en.suggestion,
    submit: contact.en.submit,
    sending: contact.en.sending,
    incomplete: contact.en.incomplete,
    invalidEmail: contact.en.invalidEmail,
    success: contact.en.success,
    network: common.en.errors.network,
    failed: common.en.errors.unavailable,
  },
  market: 'IN',
  lang: 'en',
  limits: { name: 80, telephone: 20, email: 120, suggestion: 1000 },
};

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchSpy: Mock<typeof fetch>;

beforeEach(() => {
  fetchSpy = vi.fn<typeof fetch>(async () => reply({ code: 0, data: { id: 1 }, message: 'success' }));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

interface Entry {
  name?: string;
  telephone?: string;
  email?: string;
  suggestion?: string;
}

async function fillAndSubmit(entry: Entry) {
  const user = userEvent.setup();
  render(<ContactForm {...props} />);
  if (entry.name) await user.type(screen.getByLabelText('Name'), entry.name);
  if (entry.telephone) await user.type(screen.getByLabelText('Telephone'), entry.telephone);
  if (entry.email) await user.type(screen.getByLabelText('E-mail (optional)'), entry.email);
  if (entry.suggestion) await user.type(screen.getByLabelText('Suggestion'), entry.suggestion);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return user;
}

const complete = { name: 'Asha Rao', telephone: '9876543210', suggestion: 'Please add UPI AutoPay.' };

describe('ContactForm', () => {
  it('ties every label to its field', () => {
    render(<ContactForm {...props} />);
    expect(screen.getByLabelText('Name').tagName).toBe('INPUT');
    expect(screen.getByLabelText('Telephone').getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText('E-mail (optional)').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Suggestion').tagName).toBe('TEXTAREA');
  });

  it.each([
    ['name', { ...complete, name: '' }],
    ['telephone', { ...complete, telephone: '' }],
    ['suggestion', { ...complete, suggestion: '' }],
    ['name made of spaces', { ...complete, name: '   ' }],
  ])('refuses an empty %s and sends nothing (spec §5)', async (_case, entry) => {
    await fillAndSubmit(entry);
    expect(screen.getByRole('status').textContent).toBe('Please provide complete information!');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('marks the empty field and moves focus to it', async () => {
    await fillAndSubmit({ ...complete, telephone: '' });
    const telephone = screen.getByLabelText('Telephone');
    expect(telephone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(telephone);
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('refuses a malformed e-mail and sends nothing', async () => {
    await fillAndSubmit({ ...complete, email: 'asha@example' });
    expect(screen.getByRole('status').textContent).toBe(contact.en.invalidEmail);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts the trimmed message with market and language, confirms and clears the form', async () => {
    await fillAndSubmit({ ...complete, name: ' Asha Rao ', email: 'asha@example.com' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Thank you, your message has been sent.'),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe(CONTACT_MESSAGE_PATH);
    expect(CONTACT_MESSAGE_PATH).toBe('/vdthg/v1/site/contact-message');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Asha Rao',
      telephone: '9876543210',
      suggestion: 'Please add UPI AutoPay.',
      email: 'asha@example.com',
      market: 'IN',
      lang: 'en',
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Suggestion') as HTMLTextAreaElement).value).toBe('');
  });

  it('leaves the e-mail out of the body when none is given', async () => {
    await fillAndSubmit(complete);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).not.toHaveProperty('email');
  });

  it('disables the button while the message is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    fetchSpy.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await fillAndSubmit(complete);
    const button = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer(reply({ code: 0, data: { id: 2 }, message: 'success' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("shows the server's message when it refuses the message, and keeps what was typed", async () => {
    fetchSpy.mockResolvedValue(
      reply({ code: '400', data: null, message: 'Please enter a valid telephone number.' }, 400),
    );
    await fillAndSubmit(complete);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Please enter a valid telephone number.'),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Rao');
  });

  it('says so when the network fails', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    await fillAndSubmit(complete);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(common.en.errors.network));
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the service failed when the answer is not one of ours', async () => {
    fetchSpy.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await fillAndSubmit(complete);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(common.en.errors.unavailable));
  });
});
