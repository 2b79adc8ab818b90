import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import { NETWORK_DOWN } from '../../test/fake-fetch.ts';
import { settle } from '../../test/screen-kit.tsx';
import {
  fail,
  field,
  fillIn,
  getCodeButton,
  messageAt,
  openLanding,
  openPromo,
  picture,
  promoNetwork,
  SID,
  SID_2,
  screen,
  TEMPLATE_ID,
  TEMPLATE_IN,
  type,
  typeKeys,
  UA,
  withAgent,
} from './promo-test-kit.tsx';

const realFetch = globalThis.fetch;
beforeEach(() => {
  withAgent(UA.android);
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  globalThis.fetch = realFetch;
});

const alertText = () => document.querySelector('.promo-alert')?.textContent ?? '';
const codeNote = () => document.getElementById('promo-code-note')?.textContent ?? '';

describe('the get-code button', () => {
  it('sends the code once, then counts 60s down a second at a time, refusing to resend until 0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const net = promoNetwork();
    await openLanding();
    expect(getCodeButton().textContent).toBe('Get code');
    fillIn({ phone: '+91 98765 43210', captcha: 'ab3d' });

    fireEvent.click(getCodeButton());
    await settle(() => getCodeButton().textContent === '60s');
    const [sms] = net.callsTo(PROMO_PATHS.sms, 'POST');
    expect(sms?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sms?.body).toMatchObject({
      phone: '9876543210',
      capcode: 'AB3D',
      sid: SID,
      appName: 'RupeeNow',
      app_from: 'ymgj',
      user_from: 'fb',
      utm_tag: 'x',
    });
    expect(String(sms?.body.deviceId)).toMatch(/^[0-9a-f-]{16,}$/);
    expect(localStorage.getItem('promo-device-id')).toBe(sms?.body.deviceId);
    expect(codeNote()).toBe('Code sent. Check your SMS messages.');
    expect(getCodeButton().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(field.smsCode());

    act(() => vi.advanceTimersByTime(1000));
    expect(getCodeButton().textContent).toBe('59s');

    // A tap while it runs sends nothing and says why (spec §5).
    fireEvent.click(getCodeButton());
    await settle(() => codeNote().startsWith('The code has been sent. Please do not resend it'));
    expect(codeNote()).toBe('The code has been sent. Please do not resend it; you can ask again in 59 s.');
    expect(net.callsTo(PROMO_PATHS.sms)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(58_000));
    expect(getCodeButton().textContent).toBe('1s');
    act(() => vi.advanceTimersByTime(1000));
    expect(getCodeButton().textContent).toBe('Get code');
    expect(getCodeButton().hasAttribute('aria-disabled')).toBe(false);

    // The picture that sent a code cannot send another: a resend first asks for a new picture.
    fireEvent.click(getCodeButton());
    await settle(() => picture()?.getAttribute('src')?.includes(`sid=${SID_2}`) === true);
    expect(messageAt(field.captcha())).toBe('Please enter the correct picture code.');
    expect(field.captcha().value).toBe('');
    expect(net.callsTo(PROMO_PATHS.sms)).toHaveLength(1);
    type(field.captcha(), 'XY79');
    fireEvent.click(getCodeButton());
    await settle(() => getCodeButton().textContent === '60s');
    expect(net.callsTo(PROMO_PATHS.sms)[1]?.body).toMatchObject({ sid: SID_2, capcode: 'XY79' });
  });

  it('offers a call once a code went out: same wait, a new picture, then the code read out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const net = promoNetwork();
    await openLanding();
    const callButton = () =>
      screen.queryByRole('button', {
        name: 'No SMS? Get the code by phone call',
      }) as HTMLButtonElement | null;
    expect(callButton()).toBeNull();
    fillIn({ phone: '9876543210', captcha: 'AB3D' });
    fireEvent.click(getCodeButton());
    await settle(() => getCodeButton().textContent === '60s');
    expect(net.callsTo(PROMO_PATHS.sms)[0]?.body.via).toBe('sms');
    // During the wait a call is a resend like any other: refused here, with the reason.
    expect(callButton()?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(callButton()!);
    await settle(() => codeNote().startsWith('The code has been sent. Please do not resend it'));
    expect(net.callsTo(PROMO_PATHS.sms)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(60_000));
    // After it: the spent picture is replaced first, then the call goes out.
    fireEvent.click(callButton()!);
    await settle(() => picture()?.getAttribute('src')?.includes(`sid=${SID_2}`) === true);
    type(field.captcha(), 'XY79');
    fireEvent.click(callButton()!);
    await settle(() => codeNote() === 'We are calling you now to read out the code.');
    expect(net.callsTo(PROMO_PATHS.sms)[1]?.body).toMatchObject({
      sid: SID_2,
      capcode: 'XY79',
      via: 'voice',
    });
    expect(getCodeButton().textContent).toBe('60s');
  });

  it('is busy while the code is on its way', async () => {
    let answer!: (r: Response) => void;
    promoNetwork({ [PROMO_PATHS.sms]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await openLanding();
    fillIn();
    fireEvent.click(getCodeButton());
    await settle(() => getCodeButton().disabled);
    expect(getCodeButton().textContent).toBe('Sending…');
    await act(async () => answer(new Response(JSON.stringify({ code: 0, data: null, message: '' }))));
    await settle(() => getCodeButton().textContent === '60s');
  });

  it('checks the phone, then the picture code, before sending anything', async () => {
    const net = promoNetwork();
    await openLanding();
    fireEvent.click(getCodeButton());
    expect(messageAt(field.phone())).toBe('Please enter the phone number correctly.');
    expect(field.phone().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field.phone());

    type(field.phone(), '5876543210'); // Indian mobiles start with 6-9
    fireEvent.click(getCodeButton());
    expect(messageAt(field.phone())).toBe('Please enter the phone number correctly.');

    type(field.phone(), '9876543210');
    type(field.captcha(), 'AB3');
    fireEvent.click(getCodeButton());
    expect(messageAt(field.phone())).toBeNull();
    expect(messageAt(field.captcha())).toBe('Please enter the correct picture code.');
    expect(document.activeElement).toBe(field.captcha());
    expect(net.callsTo(PROMO_PATHS.sms)).toHaveLength(0);
  });

  it('101: a new captcha session and picture, the picture message at its field', async () => {
    const net = promoNetwork({
      [PROMO_PATHS.sms]: () => fail('101', 'Please enter the picture code correctly. Here is a new one.'),
    });
    await openLanding();
    expect(picture()?.getAttribute('src')).toContain(`sid=${SID}`);
    fillIn();
    fireEvent.click(getCodeButton());
    await settle(() => picture()?.getAttribute('src')?.includes(`sid=${SID_2}`) === true);
    expect(net.callsTo(PROMO_PATHS.sid)).toHaveLength(2);
    expect(field.captcha().value).toBe('');
    expect(messageAt(field.captcha())).toBe('Please enter the correct picture code.');
    expect(document.activeElement).toBe(field.captcha());
    expect(getCodeButton().textContent).toBe('Get code');
  });

  it('shows any other refusal as the server says it, and a lost connection as the network message', async () => {
    let down = false;
    promoNetwork({
      [PROMO_PATHS.sms]: () =>
        down
          ? NETWORK_DOWN
          : fail('429', 'Too many codes were sent to this number. Please try again in an hour.', 429),
    });
    await openLanding();
    fillIn();
    fireEvent.click(getCodeButton());
    await settle(() => alertText() !== '');
    expect(alertText()).toBe('Too many codes were sent to this number. Please try again in an hour.');
    expect(getCodeButton().textContent).toBe('Get code');

    down = true;
    fireEvent.click(getCodeButton());
    await settle(() => alertText().startsWith('Network'));
    expect(alertText()).toBe('Network error. Please check your connection and try again.');
  });
});

describe('the picture code', () => {
  it('asks for a valid phone before drawing a new one (spec §5)', async () => {
    const net = promoNetwork();
    await openLanding();
    const first = picture()?.getAttribute('src');
    const button = screen.getByRole('button', { name: 'Show a new picture code' });

    fireEvent.click(button);
    expect(messageAt(field.phone())).toBe('Please enter the phone number correctly.');
    expect(document.activeElement).toBe(field.phone());
    expect(picture()?.getAttribute('src')).toBe(first);

    type(field.phone(), '98765 43210');
    type(field.captcha(), 'AB3D');
    await new Promise((resolve) => setTimeout(resolve, 2)); // a later stamp
    fireEvent.click(button);
    expect(messageAt(field.phone())).toBeNull();
    const next = picture()?.getAttribute('src');
    expect(next).not.toBe(first);
    expect(next).toContain(`${PROMO_PATHS.captcha}?sid=${SID}&a=`);
    // Same session, new drawing: the typed answer belongs to the old picture.
    expect(net.callsTo(PROMO_PATHS.sid)).toHaveLength(1);
    expect(field.captcha().value).toBe('');
  });

  it('starts a new session when the picture cannot be drawn (used or expired), once in a row', async () => {
    const net = promoNetwork({}, [SID, SID_2, 'u'.repeat(24)]);
    await openLanding();
    fireEvent.error(picture()!);
    await settle(() => picture()?.getAttribute('src')?.includes(SID_2) === true);
    expect(net.callsTo(PROMO_PATHS.sid)).toHaveLength(2);
    fireEvent.error(picture()!);
    await settle(() => picture() === null);
    const retry = screen.getByRole('button', { name: 'The picture code did not load. Tap to try again.' });
    expect(net.callsTo(PROMO_PATHS.sid)).toHaveLength(2);
    // A tap (with a valid phone) asks again.
    type(field.phone(), '9876543210');
    fireEvent.click(retry);
    await settle(() => picture()?.getAttribute('src')?.includes('u'.repeat(24)) === true);
  });
});

describe('input limits and formats', () => {
  it('India: digits only, 10 of them, shown 5-5; a +91, 91 or 0 prefix becomes the national number', async () => {
    promoNetwork();
    await openLanding();
    const phone = field.phone();
    expect(phone.type).toBe('tel');
    expect(phone.inputMode).toBe('numeric');
    type(phone, '98a76-5');
    expect(phone.value).toBe('98765');
    type(phone, '987654');
    expect(phone.value).toBe('98765 4');
    type(phone, '9876543210999');
    expect(phone.value).toBe('98765 43210');
    type(phone, '+91 98765 43210');
    expect(phone.value).toBe('98765 43210');
    type(phone, '919876543210');
    expect(phone.value).toBe('98765 43210');
    type(phone, '09876543210');
    expect(phone.value).toBe('98765 43210');
  });

  it('a country code typed key by key is kept until the number follows, and then dropped', async () => {
    const net = promoNetwork();
    await openLanding();
    const phone = field.phone();
    const afresh = (...groups: string[]) => {
      type(phone, '');
      return groups.map((keys) => typeKeys(phone, keys));
    };
    expect(afresh('+91', ' 98765 43210')).toEqual(['+91', '98765 43210']);
    // Without the +, 91 and a whole number still become that number, not its first eight digits.
    expect(afresh('9198765432', '1', '0')).toEqual(['91987 65432', '91 98765 4321', '98765 43210']);
    // A lone +91 is not a number: the form says so instead of sending it.
    afresh('+91');
    fireEvent.click(getCodeButton());
    await settle(() => messageAt(phone) !== null);
    expect(net.callsTo(PROMO_PATHS.sms)).toHaveLength(0);
  });

  it('Indonesia: +62 typed key by key is kept until the number follows, and then becomes 0', async () => {
    promoNetwork();
    await openLanding(TEMPLATE_ID);
    const phone = field.phone();
    type(phone, '');
    expect([typeKeys(phone, '+62'), typeKeys(phone, '8123456789')]).toEqual(['+62', '0812-3456-789']);
  });

  it('Indonesia: digits only, up to 13, shown 0812-3456-7890; +62 and 62 become 0', async () => {
    promoNetwork();
    await openLanding(TEMPLATE_ID);
    const phone = field.phone();
    type(phone, '081234567890');
    expect(phone.value).toBe('0812-3456-7890');
    type(phone, '+62 812-3456-7890');
    expect(phone.value).toBe('0812-3456-7890');
    type(phone, '6281234567890');
    expect(phone.value).toBe('0812-3456-7890');
    type(phone, '08123456789012345');
    expect(phone.value).toBe('0812-3456-78901');
    type(phone, '0812');
    expect(phone.value).toBe('0812');
  });

  it('picture code: 4 letters or digits, in capitals; SMS code: 6 digits, numeric keyboard, one-time-code', async () => {
    promoNetwork();
    await openLanding();
    const captcha = field.captcha();
    expect(captcha.maxLength).toBe(4);
    expect(captcha.autocomplete).toBe('off');
    type(captcha, 'a-b3d9');
    expect(captcha.value).toBe('AB3D');

    const sms = field.smsCode();
    expect(sms.maxLength).toBe(6);
    expect(sms.inputMode).toBe('numeric');
    expect(sms.getAttribute('autocomplete')).toBe('one-time-code');
    type(sms, '12a3 4567');
    expect(sms.value).toBe('123456');
  });
});

describe('registering', () => {
  async function submitted(handlers = {}, template = TEMPLATE_IN) {
    const net = promoNetwork(handlers);
    const view = await openLanding(template, '&invite_code=FRIEND1');
    fillIn({
      phone: template.market === 'IN' ? '98765 43210' : '0812-3456-7890',
      smsCode: '123456',
      agree: true,
    });
    fireEvent.click(screen.getByRole('button', { name: template.lang === 'en' ? 'Register' : 'Daftar' }));
    return { net, view };
  }

  it('0: tracks the click, registers, then opens the download page with the channel query', async () => {
    const { net, view } = await submitted();
    await settle(() => view.at().pathname === '/downloadTemplate');
    const click = net.callsTo(PROMO_PATHS.trackClick)[0]!;
    const reg = net.callsTo(PROMO_PATHS.register, 'POST')[0]!;
    expect(net.calls.indexOf(click)).toBeLessThan(net.calls.indexOf(reg));
    expect(Object.fromEntries(click.query)).toEqual({
      page_id: '12',
      user_from: 'fb',
      client_type: 'android',
      page_type: '1',
      utm_tag: 'x',
      app_from: 'ymgj',
      phone: '9876543210',
    });
    expect(reg.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(reg.body).toEqual({
      phone: '9876543210',
      capcode: 'AB3D',
      sid: SID,
      deviceId: expect.any(String),
      appName: 'RupeeNow',
      app_from: 'ymgj',
      user_from: 'fb',
      utm_tag: 'x',
      merchantNumber: '0',
      userName: '',
      smsCode: '123456',
      invite_code: 'FRIEND1',
      id: '12',
    });
    expect(Object.fromEntries(new URLSearchParams(view.at().search))).toEqual({
      app_from: 'ymgj',
      user_from: 'fb',
      utm_tag: 'x',
      id: '12',
      links_id: '3',
    });
    await settle(() => screen.queryByText('Registered successfully. Download the app to continue.') !== null);
  });

  it('opens the download page with down_id when the link had neither links_id nor down_id (spec §2)', async () => {
    promoNetwork();
    const view = openPromo(`/promotion?id=${TEMPLATE_IN.id}&user_from=fb&app_from=ymgj&utm_tag=x`);
    await settle(() => picture() !== null);
    fillIn({ smsCode: '123456', agree: true });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await settle(() => view.at().pathname === '/downloadTemplate');
    expect(Object.fromEntries(new URLSearchParams(view.at().search))).toEqual({
      app_from: 'ymgj',
      user_from: 'fb',
      utm_tag: 'x',
      id: '12',
      down_id: '12',
    });
  });

  it('is busy while registering: the button says so and a second tap sends nothing', async () => {
    let answer!: (r: Response) => void;
    const { net } = await submitted({
      [PROMO_PATHS.register]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const button = screen.getByRole('button', { name: 'Registering…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(getCodeButton().disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    expect(net.callsTo(PROMO_PATHS.register)).toHaveLength(1);
    await act(async () =>
      answer(new Response(JSON.stringify({ code: '500', data: null, message: 'Oops.' }))),
    );
    await settle(() => alertText() === 'Oops.');
    expect((screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('11: says the number is registered and opens the download page', async () => {
    const { view } = await submitted({
      [PROMO_PATHS.register]: () => fail('11', 'This number is already registered.', 409),
    });
    await settle(() => view.at().pathname === '/downloadTemplate');
    await settle(
      () => screen.queryByText('This number is already registered. Download the app and sign in.') !== null,
    );
    expect(view.at().search).toContain('links_id=3');
  });

  it('-1: a new captcha session and picture, the picture message at its field', async () => {
    const { net, view } = await submitted({
      [PROMO_PATHS.register]: () => fail('-1', 'Please enter the picture code correctly.'),
    });
    await settle(() => picture()?.getAttribute('src')?.includes(SID_2) === true);
    expect(net.callsTo(PROMO_PATHS.sid)).toHaveLength(2);
    expect(messageAt(field.captcha())).toBe('Please enter the correct picture code.');
    expect(field.captcha().value).toBe('');
    expect(view.at().pathname).toBe('/');
  });

  it('another code: the server’s message; a lost connection: the network message (in Indonesian too)', async () => {
    const { net, view } = await submitted({
      [PROMO_PATHS.register]: () =>
        fail('400', 'The SMS code is not correct. Please check it and try again.'),
    });
    await settle(() => alertText() !== '');
    expect(alertText()).toBe('The SMS code is not correct. Please check it and try again.');
    expect(screen.getByRole('alert').textContent).toBe(alertText());
    expect(net.callsTo(PROMO_PATHS.register)[0]?.headers['x-lang']).toBe('en');

    view.unmount();
    const id = await submitted({ [PROMO_PATHS.register]: () => NETWORK_DOWN }, TEMPLATE_ID);
    await settle(() => alertText() !== '');
    expect(alertText()).toBe('Jaringan bermasalah. Periksa koneksi Anda lalu coba lagi.');
    // The server is asked for its messages in the page's language, whatever the address said.
    expect(id.net.callsTo(PROMO_PATHS.register)[0]?.headers['x-lang']).toBe('id');
  });

  it('a failed click count changes nothing', async () => {
    const { view } = await submitted({ [PROMO_PATHS.trackClick]: () => NETWORK_DOWN });
    await settle(() => view.at().pathname === '/downloadTemplate');
  });
});

describe('messages at their fields', () => {
  it('English: every invalid field says why, and focus goes to the first', async () => {
    const net = promoNetwork();
    await openLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(messageAt(field.phone())).toBe('Please enter the phone number correctly.');
    expect(messageAt(field.captcha())).toBe('Please enter the correct picture code.');
    expect(messageAt(field.smsCode())).toBe('Please enter the correct SMS code.');
    expect(messageAt(field.agreement())).toBe(
      'Please read and agree to the registration agreement and privacy notice.',
    );
    for (const input of Object.values(field)) expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field.phone());
    expect(net.callsTo(PROMO_PATHS.register)).toHaveLength(0);
    expect(net.callsTo(PROMO_PATHS.trackClick)).toHaveLength(0);

    // Fixing a field takes its message away; focus goes to the first that is still wrong.
    fillIn({ smsCode: '12345' });
    expect(messageAt(field.phone())).toBeNull();
    expect(field.phone().hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(document.activeElement).toBe(field.smsCode());
    expect(messageAt(field.smsCode())).toBe('Please enter the correct SMS code.');
  });

  it('clears the messages of earlier taps once the code is sent (issue 29)', async () => {
    promoNetwork();
    await openLanding();
    // Register tapped on the empty form: every field says why.
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(messageAt(field.smsCode())).toBe('Please enter the correct SMS code.');
    expect(messageAt(field.agreement())).not.toBeNull();
    // The visitor then does the first step: phone, picture code, Get code.
    fillIn({ phone: '9876543210', captcha: 'AB3D' });
    fireEvent.click(getCodeButton());
    await settle(() => codeNote() === 'Code sent. Check your SMS messages.');
    for (const input of Object.values(field)) {
      expect(messageAt(input()), input().id).toBeNull();
      expect(input().hasAttribute('aria-invalid'), input().id).toBe(false);
    }
    // Register checks every field again.
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(messageAt(field.smsCode())).toBe('Please enter the correct SMS code.');
    expect(document.activeElement).toBe(field.smsCode());
  });

  it('Indonesian: the same rules in the template’s language', async () => {
    promoNetwork();
    await openLanding(TEMPLATE_ID);
    expect(document.documentElement.lang).toBe('id');
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(messageAt(field.phone())).toBe('Masukkan nomor ponsel dengan benar.');
    expect(messageAt(field.captcha())).toBe('Masukkan kode gambar yang benar.');
    expect(messageAt(field.smsCode())).toBe('Masukkan kode SMS yang benar.');
    expect(messageAt(field.agreement())).toBe(
      'Baca dan setujui perjanjian pendaftaran dan pemberitahuan privasi terlebih dahulu.',
    );
    expect(screen.getByLabelText('Nomor ponsel')).toBe(field.phone());

    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan kode gambar baru' }));
    expect(messageAt(field.phone())).toBe('Masukkan nomor ponsel dengan benar.');
  });

  it('keeps nothing in storage but the device id: a reload starts empty', async () => {
    promoNetwork();
    const view = await openLanding();
    fillIn({ smsCode: '123456', agree: true });
    const kept = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(kept).not.toContain('AB3D');
    expect(kept).not.toContain('123456');
    expect(kept).not.toContain('9876543210');
    view.unmount();
    await openLanding();
    expect(field.phone().value).toBe('');
    expect(field.captcha().value).toBe('');
    expect(field.smsCode().value).toBe('');
  });
});
