import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/** Registering on a promotion landing (issue 10): the picture's answer and the SMS code from demo mode. */
const json = async (server: RunningServer, path: string) =>
  (await (await fetch(`${server.baseURL}${path}`)).json()).data;

/** Opens the landing and waits for its picture; returns the picture's session. */
export async function openLanding(page: Page, server: RunningServer, query: string): Promise<string> {
  const picture = page.waitForRequest((r) => r.url().includes('/promotion/get-captcha?'));
  await page.goto(`${server.baseURL}/promotion?${query}`);
  return new URL((await picture).url()).searchParams.get('sid')!;
}

export async function registerWith(
  page: Page,
  server: RunningServer,
  copy: {
    phone: string;
    picture: string;
    sms: string;
    get: string;
    sent: string;
    submit: string;
  },
  phone: string,
  sid: string,
) {
  await page.getByRole('textbox', { name: copy.phone, exact: true }).fill(phone);
  const { answer } = await json(server, `/dev-api/captcha/last?sid=${sid}`);
  await page.getByRole('textbox', { name: copy.picture, exact: true }).fill(answer);
  await page.getByRole('button', { name: copy.get }).click();
  await page.getByText(copy.sent).waitFor();
  const sms = await json(server, `/dev-api/sms/last?phone=${phone.replace(/\D/g, '')}`);
  const code = /\b(\d{6})\b/.exec(sms.text)![1]!;
  await page.getByRole('textbox', { name: copy.sms, exact: true }).fill(code);
  await page.locator('#promo-agreement').check();
  await page.getByRole('button', { name: copy.submit, exact: true }).click();
  await page.waitForURL(/#\/downloadTemplate\?/);
}

const EN = {
  phone: 'Mobile number',
  picture: 'Picture code',
  sms: 'SMS code',
  get: 'Get code',
  sent: 'Code sent. Check your SMS messages.',
  submit: 'Register',
};
const ID = {
  phone: 'Nomor ponsel',
  picture: 'Kode gambar',
  sms: 'Kode SMS',
  get: 'Dapatkan kode',
  sent: 'Kode terkirim. Periksa pesan SMS Anda.',
  submit: 'Daftar',
};

/** The landing's labels per language. */
export const REGISTER_COPY = { en: EN, id: ID } as const;
