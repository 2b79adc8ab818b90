import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, borrowers, orders } from '../src/server/db/schema.ts';
import { LOGIN_PATHS } from '../src/server/modules/identity/sms-login.ts';
import { aadhaarEnding } from '../src/server/modules/verification/identity.testing.ts';
import { multipart, photo } from '../src/server/test/images.ts';
import { CERTIFY_PATHS } from '../src/shared/contract/constants.ts';
import type { StepsData } from '../src/shared/contract/verification.ts';
import type { Market } from '../src/shared/markets.ts';
import { signInAsAdmin } from './support/admin.ts';
import { type Browser, openBrowser } from './support/browser.ts';
import { openLanding, REGISTER_COPY, registerWith } from './support/register.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * From a stranger to a paid-out loan on our server alone (issue 30), in both markets: registered on the
 * promotion landing, signed in by SMS code, every verification step the server asks for filled through
 * the API, the progress seen in /verification, the bank account bound and checked in /bindBank, a loan
 * applied for and confirmed, approved in the back office, paid out by the sandbox into that account, and
 * the loan in /myLoans.
 */
const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screens');
let server: RunningServer;
let visitor: Browser;
let operator: Browser;

beforeAll(async () => {
  server = await startServer();
  visitor = await openBrowser();
  operator = await openBrowser({ viewport: { width: 1280, height: 900 } });
  await signInAsAdmin(operator.page, server);
});
afterAll(async () => {
  await visitor?.close();
  await operator?.close();
  await server?.close();
});

const api = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${server.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};

const PEOPLE = {
  IN: {
    landing: 'id=1&user_from=e2e',
    phone: '9812345101',
    lang: 'en',
    base: {
      fullName: 'Arjun Mehta',
      birthDate: '1991-03-14',
      gender: 'male',
      email: 'arjun@example.com',
      pan: 'BQMPM6021K',
    },
    city: 'MH-MUMBAI',
    address: '14 Carter Road, Bandra West',
    employer: 'Infosys',
    income: 3_000_000,
    contact: '9123456701',
    bank: { label: 'IFSC of your branch', value: 'HDFC0001234' },
    account: '602000017788',
    copy: {
      verification: 'Verification',
      addBank: 'Add bank account',
      accountNo: 'Account number',
      save: 'Check and save',
      verified: 'Checked with your bank: your loan is paid into this account.',
      apply: 'Apply now',
      agree: 'Agree',
      confirm: 'Confirm loan',
      review: 'Application under review',
      myLoans: 'My loans',
    },
  },
  ID: {
    landing: 'id=2&user_from=e2e',
    phone: '081298765101',
    lang: 'id',
    base: {
      fullName: 'Dewi Lestari',
      birthDate: '1993-08-21',
      gender: 'female',
      email: 'dewi@example.co.id',
      // Jakarta Selatan, born 21 Aug 1993, a woman: day 21 + 40.
      nik: '3174056108930012',
    },
    city: '32-KOTABANDUNG',
    address: 'Jl. Dago No. 12',
    employer: 'PT Maju Bersama',
    income: 9_000_000_000,
    contact: '081377701234',
    bank: { label: 'Bank', value: 'BCA' },
    account: '5210987788',
    copy: {
      verification: 'Verifikasi',
      addBank: 'Tambah rekening bank',
      accountNo: 'Nomor rekening',
      save: 'Periksa dan simpan',
      verified: 'Sudah diperiksa ke bank Anda: pinjaman Anda dicairkan ke rekening ini.',
      apply: 'Ajukan sekarang',
      agree: 'Setuju',
      confirm: 'Konfirmasi pinjaman',
      review: 'Pengajuan sedang ditinjau',
      myLoans: 'Pinjaman saya',
    },
  },
} as const;
type Person = (typeof PEOPLE)[Market];

type Reply = Awaited<ReturnType<typeof api>>;
/** A filler that saves one step with one call. */
const saves =
  (pathOf: string, bodyOf: (p: Person) => unknown) =>
  (p: Person, token: string): Promise<Reply> =>
    api(pathOf, bodyOf(p), token);

/**
 * The identity check as the app makes it (decision 067): a selfie, then India the Aadhaar OTP (a number
 * the sandbox answers with the borrower's own record), Indonesia the match of the base step's NIK.
 */
async function passIdentity(_p: Person, token: string, market: Market): Promise<Reply> {
  const form = multipart('selfie', 'me.jpg', 'image/jpeg', await photo(480, 640));
  const selfie = await fetch(`${server.baseURL}${CERTIFY_PATHS.identitySelfie}`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(form.payload),
  });
  if (selfie.status !== 200) return { status: selfie.status, body: await selfie.json() };
  if (market === 'ID') return api(CERTIFY_PATHS.identity, {}, token);
  const sent = await api(CERTIFY_PATHS.identityOtp, { aadhaar: aadhaarEnding('4321') }, token);
  if (sent.status !== 200) return sent;
  return api(CERTIFY_PATHS.identity, { reference: sent.body.data.reference, otp: '123456' }, token);
}

/** One filler per verification step: a new required step is one more entry here. */
const FILLERS: Record<string, (p: Person, token: string, market: Market) => Promise<Reply>> = {
  base: saves(CERTIFY_PATHS.base, (p) => p.base),
  identity: passIdentity,
  personal: saves(CERTIFY_PATHS.personal, (p) => ({
    address: p.address,
    city: p.city,
    education: 'bachelor',
    maritalStatus: 'single',
  })),
  job: saves(CERTIFY_PATHS.job, (p) => ({
    employmentType: 'salaried',
    employer: p.employer,
    income: p.income,
  })),
  extra: saves(CERTIFY_PATHS.extra, (p) => ({
    purpose: 'education',
    contacts: [{ name: 'Kiran Rao', relation: 'sibling', phone: p.contact }],
  })),
};

describe.each(['IN', 'ID'] as const)('a new borrower in %s', (market) => {
  const p = PEOPLE[market];
  const c = p.copy;
  let token = '';
  let deviceId = '';
  let orderNo = '';

  const openH5 = async (path: string) => {
    const sep = path.includes('?') ? '&' : '?';
    const lang = market === 'ID' ? '&isNeedPop=1' : '';
    await visitor.page.goto(
      `${server.baseURL}${path}${sep}market=${market}&deviceId=${deviceId}&version=1&token=${token}${lang}`,
    );
  };

  it('registers on the promotion landing and signs in with an SMS code', async () => {
    const { page } = visitor;
    const sid = await openLanding(page, server, p.landing);
    await registerWith(page, server, REGISTER_COPY[p.lang], p.phone, sid);
    // Past the phone's one-code-a-minute limit, then the sign-in code.
    await api('/dev-api/clock', { days: 1 });
    expect((await api(LOGIN_PATHS.sendCode, { market, phone: p.phone })).status).toBe(200);
    const sms = (await (await fetch(`${server.baseURL}/dev-api/sms/last?phone=${p.phone}`)).json()).data;
    const smsCode = /\b(\d{6})\b/.exec(sms.text)![1]!;
    deviceId = `e2e-onboarding-${market}`;
    const login = await api(LOGIN_PATHS.login, { market, phone: p.phone, smsCode, deviceId });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.data.token;
    expect(token).toBeTruthy();
  });

  it('completes every step the server asks for, one filler per step', async () => {
    const steps = async () => (await api(CERTIFY_PATHS.steps, {}, token)).body.data as StepsData;
    let next = (await steps()).next;
    expect(next).toBe('base');
    const seen: string[] = [];
    while (next) {
      const fill = FILLERS[next];
      expect(fill, `a filler for the step ${next}`).toBeDefined();
      const saved = await fill!(p, token, market);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      seen.push(next);
      next = (await steps()).next;
      expect(seen).not.toContain(next);
    }
    expect((await steps()).steps.every((s) => s.status === 'done')).toBe(true);
  });

  it('sees the progress in /verification and binds the bank account in /bindBank', async () => {
    const { page } = visitor;
    await openH5('/verification');
    await page.getByRole('heading', { level: 1, name: c.verification }).waitFor();
    // Every form step done, the bank account the one left: the next step, marked.
    await page.locator('[aria-current="step"]').getByRole('link', { name: c.addBank }).waitFor();
    await page.screenshot({
      path: path.join(SHOTS, `onboarding-${market}-verification.png`),
      fullPage: true,
    });
    await page.getByRole('link', { name: c.addBank }).click();
    await page.waitForURL(/\/bindBank/);
    if (market === 'IN') await page.getByLabel(p.bank.label).fill(p.bank.value);
    else await page.getByLabel(p.bank.label, { exact: true }).selectOption(p.bank.value);
    await page.getByLabel(c.accountNo).fill(p.account);
    await page.getByRole('button', { name: c.save }).click();
    await page.getByText(c.verified).waitFor();
    await page.getByText(p.base.fullName.toUpperCase()).first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain(p.account);
  });

  it('applies and confirms a loan: one order in review', async () => {
    const { page } = visitor;
    await openH5('/relevant');
    await page.getByRole('button', { name: c.apply }).first().click();
    await page.waitForURL(/\/loanConfirm\?.*productId=\d+/);
    // Someone who never borrowed is shown the loan agreement first.
    await page.getByRole('dialog').getByRole('button', { name: c.agree }).click();
    await page.getByRole('button', { name: c.confirm }).click();
    await page.waitForURL(/\/loanDetails\?.*from=confirm/);
    await page.getByText(c.review).first().waitFor();
    orderNo = new URL(page.url()).searchParams.get('orderId')!;
    expect(orderNo).toMatch(new RegExp(`^${market}`));
  });

  it('is approved in the back office and paid out by the sandbox into that account; My loans shows it', async () => {
    const { page } = operator;
    await page.goto(`${server.baseURL}/admin/orders/${orderNo}`);
    await page.getByRole('button', { name: 'Approve' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved: the payout is on its way.').first().waitFor();
    const order = async () =>
      (await server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
    await expect.poll(async () => (await order()).status, { timeout: 10_000 }).toBe(170);
    const [me] = await server.database.db.select().from(borrowers).where(eq(borrowers.phone, p.phone));
    const [account] = await server.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.borrowerId, me!.id))
      .orderBy(desc(bankAccounts.id))
      .limit(1);
    expect(account!.status).toBe('verified');
    expect(account!.accountLast4).toBe(p.account.slice(-4));
    expect((await order()).payoutAccountId).toBe(account!.id);

    const b = visitor.page;
    await openH5('/myLoans');
    await b.getByRole('heading', { level: 1, name: c.myLoans }).waitFor();
    await b.getByText(orderNo, { exact: false }).first().waitFor();
  });
});
