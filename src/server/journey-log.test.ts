import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASE, CERTIFY_PATHS, LOAN_PATHS, REPAY_PATHS } from '../shared/contract/constants.ts';
import { DATA_RIGHTS_PATHS } from '../shared/contract/data-rights.ts';
import { DOC_PATHS } from '../shared/contract/documents.ts';
import { PROMO_PATHS } from '../shared/contract/promotion.ts';
import type { CallbackSender } from './adapters/payment-gateway.ts';
import { products } from './db/schema.ts';
import { LOGIN_PATHS } from './modules/identity/sms-login.ts';
import { aadhaarEnding, sendSelfie } from './modules/verification/identity.testing.ts';
import { createTestApp, loggedText, staffSignIn, type TestApp } from './test/helpers.ts';

/**
 * The server log of a whole journey holds no phone number, session or staff token, one-time code, UTR,
 * link signature or captcha session (issue 29, decision 056; security baseline 16.2.5). The journey goes
 * through the real app: a registration from the promotion landing (captcha, SMS code), SMS sign-in of the
 * new borrower and of a number with no account, an H5 page opened with its token in the address, a loan,
 * a UPI payment told by its UTR, the no-dues certificate's and the data export's signed links, a staff
 * search of orders by phone, and addresses no route answers with a phone in the path. Every value a log
 * reader could use or that names a person is collected on the way, then looked for in every line the app
 * wrote.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GATEWAY_SECRET: 'journey-gateway-secret-0123456789abcdef' });
});
afterAll(async () => {
  await t.close();
});

let addressSeq = 0;
const nextAddress = () => `10.77.${++addressSeq % 250}.1`;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });
const postForm = (url: string, body: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
    remoteAddress: nextAddress(),
  });
const lastCode = async (phone: string) => {
  const sms = (await get(`/dev-api/sms/last?phone=${phone}`)).json().data as { code: string } | null;
  expect(sms?.code, `no code sent to ${phone}`).toMatch(/^\d{6}$/);
  return sms!.code;
};
const injectSender: CallbackSender = async (body, headers) =>
  (await t.app.inject({ method: 'POST', url: REPAY_PATHS.webhook, headers, payload: body })).statusCode;
/** The signature of a signed link (`sig=`), and the link's whole query. */
const signatureOf = (url: string) => new URL(url, 'http://x').searchParams.get('sig') ?? '';

describe('the log of a full journey', () => {
  it('holds no phone, token, code, UTR, signature or captcha session', async () => {
    /** What must never be logged, by what it is (for the failure message). */
    const secrets: Record<string, string> = {};
    const phone = '9811122233';
    const stranger = '9811122299';
    secrets.phone = phone;
    secrets.strangerPhone = stranger;

    // Promotion landing: captcha, SMS code, registration (the number goes in a form body and a query).
    const sid = (await get(`${PROMO_PATHS.sid}?templateId=1`)).json().data.sid as string;
    expect((await get(`${PROMO_PATHS.captcha}?sid=${sid}&a=1`)).statusCode).toBe(200);
    const answer = (await get(`/dev-api/captcha/last?sid=${sid}`)).json().data.answer as string;
    secrets.captchaSession = sid;
    expect((await get(`${PROMO_PATHS.trackClick}?page_id=1&user_from=fb&phone=${phone}`)).statusCode).toBe(
      200,
    );
    const sent = await postForm(PROMO_PATHS.sms, { phone, capcode: answer, sid });
    expect(sent.statusCode, sent.body).toBe(200);
    const registrationCode = await lastCode(phone);
    secrets.registrationCode = registrationCode;
    const registered = await postForm(PROMO_PATHS.register, {
      phone,
      capcode: answer,
      sid,
      smsCode: registrationCode,
      id: 1,
    });
    expect(registered.json(), registered.body).toMatchObject({ code: 0 });

    // SMS sign-in of the new borrower, a wrong code first; and of a number with no account.
    t.clock.advance(120_000);
    expect((await post(LOGIN_PATHS.sendCode, { market: 'IN', phone: `+91 ${phone}` })).statusCode).toBe(200);
    const loginCode = await lastCode(phone);
    secrets.loginCode = loginCode;
    const wrong = loginCode === '000000' ? '111111' : '000000';
    expect((await post(LOGIN_PATHS.login, { market: 'IN', phone, smsCode: wrong })).statusCode).toBe(400);
    const login = await post(LOGIN_PATHS.login, {
      market: 'IN',
      phone,
      smsCode: loginCode,
      deviceId: 'dev-9',
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    secrets.token = token;
    expect((await post(LOGIN_PATHS.sendCode, { market: 'IN', phone: stranger })).statusCode).toBe(200);
    expect((await post(LOGIN_PATHS.sendCode, { market: 'IN', phone: stranger })).statusCode).toBe(429);
    const auth = t.auth(token);

    // An H5 screen opened by the shell with the session in its address (spec §2's launch parameters).
    await get(`/bridgeTest?token=${token}&market=IN&deviceId=dev-9&phone=${phone}`);

    // The verification steps (issue 30, decision 064): a PAN and an emergency contact's phone, which no
    // log line may hold either; a refused PAN too (the refusal's log must not carry it).
    const pan = 'QWEPJ7788K';
    const contactPhone = '9822233344';
    secrets.pan = pan;
    secrets.contactPhone = contactPhone;
    secrets.refusedPan = 'QWECJ7788K';
    expect((await post(CERTIFY_PATHS.base, { pan: secrets.refusedPan }, auth)).statusCode).toBe(400);
    const steps: Array<[string, object]> = [
      [
        CERTIFY_PATHS.base,
        {
          fullName: 'Journey Borrower',
          birthDate: '1991-02-03',
          gender: 'male',
          email: 'j@example.com',
          pan,
        },
      ],
      [
        CERTIFY_PATHS.personal,
        { address: '5 Residency Road', city: 'KA-BENGALURU', education: 'diploma', maritalStatus: 'single' },
      ],
      [CERTIFY_PATHS.job, { employmentType: 'salaried', employer: 'Acme India', income: 3_000_000 }],
      [
        CERTIFY_PATHS.extra,
        { purpose: 'personal', contacts: [{ name: 'Meera Rao', relation: 'parent', phone: contactPhone }] },
      ],
    ];
    for (const [url, body] of steps) {
      const res = await post(url, body, auth);
      expect(res.statusCode, res.body).toBe(200);
      if (url !== CERTIFY_PATHS.base) continue;
      // The identity check (decision 067) right after the base step: a selfie, then the Aadhaar OTP.
      // The Aadhaar, refused once for its check digit, must stay out of the logs as well.
      const aadhaar = aadhaarEnding('5678');
      secrets.aadhaar = aadhaar;
      secrets.badAadhaar = `${aadhaar.slice(0, 11)}${(Number(aadhaar[11]) + 1) % 10}`;
      expect((await post(CERTIFY_PATHS.identityOtp, { aadhaar: secrets.badAadhaar }, auth)).statusCode).toBe(
        400,
      );
      expect((await sendSelfie(t.app, auth)).statusCode).toBe(200);
      const otp = await post(CERTIFY_PATHS.identityOtp, { aadhaar }, auth);
      expect(otp.statusCode, otp.body).toBe(200);
      const checked = await post(
        CERTIFY_PATHS.identity,
        { reference: otp.json().data.reference, otp: '123456' },
        auth,
      );
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().data.saved.status).toBe('done');
    }

    // A loan.
    const [flex] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.market, 'IN'), eq(products.code, 'kredito-flex')));
    const loan = { productId: flex!.id, amount: 1_000_000, periods: 91 };
    const shown = await post(LOAN_PATHS.confirmDetail, loan, auth);
    expect(shown.statusCode, shown.body).toBe(200);
    const pushed = await post(
      LOAN_PATHS.push,
      {
        ...loan,
        termUnit: 'day',
        agreed: true,
        requestKey: 'journey-request-key-000001',
        quoteId: shown.json().data.quote.id,
      },
      auth,
    );
    expect(pushed.statusCode, pushed.body).toBe(200);

    // A UPI payment told by its UTR (the demo borrower's live loan), credited by the gateway's callback.
    const demo = await t.signIn('IN');
    secrets.demoToken = demo;
    secrets.demoPhone = '9876543210';
    const demoAuth = t.auth(demo);
    const plan = (await post(REPAY_PATHS.plan, { orderId: 'IN20261101001' }, demoAuth)).json().data;
    const amount = plan.repayPlanDetail.repayWaitDetail[0].totalAmount as number;
    const vcode = await post(
      REPAY_PATHS.vcode,
      { orderId: 'IN20261101001', amount, payCode: 'UPI', pay_type: 3 },
      demoAuth,
    );
    expect(vcode.statusCode, vcode.body).toBe(200);
    const utr = '498765432101';
    secrets.utr = utr;
    const told = await post(
      REPAY_PATHS.utr,
      { orderId: 'IN20261101001', billNo: vcode.json().data.billNo, utr },
      demoAuth,
    );
    expect(told.json().data.state, told.body).toBe('received');
    await t.app.gateway.deliverDue(injectSender);

    // The no-dues certificate's signed link, opened.
    const certificate = await post(DOC_PATHS.certificate, { orderId: 'IN20260801002' }, demoAuth);
    expect(certificate.statusCode, certificate.body).toBe(200);
    const certificateUrl = certificate.json().data.url as string;
    secrets.certificateSignature = signatureOf(certificateUrl);
    expect((await get(certificateUrl)).statusCode).toBe(200);

    // The data export's signed link, opened.
    const exportLink = await post(DATA_RIGHTS_PATHS.exportLink, {}, auth);
    expect(exportLink.statusCode, exportLink.body).toBe(200);
    const exportUrl = exportLink.json().data.url as string;
    secrets.exportSignature = signatureOf(exportUrl);
    expect((await get(exportUrl)).statusCode).toBe(200);

    // Staff search the orders by the borrower's phone, in two forms.
    const staff = await staffSignIn(t.app, 'admin@kredito.test', 'Admin!2345');
    secrets.staffSession = staff.cookie.split('=')[1]!;
    secrets.csrfToken = staff['x-csrf-token'];
    for (const q of [phone, `+91 ${phone}`]) {
      const found = await get(`${ADMIN_BASE}/orders?${new URLSearchParams({ q, page: '1' })}`, {
        cookie: staff.cookie,
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.items.length).toBeGreaterThan(0);
    }

    // Addresses no route answers, or that the router cannot read, carrying a phone and the token.
    expect((await get(`/api/v1/nothing/${phone}?token=${token}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/nothing/%E0%A4%A/${phone}?token=${token}`)).statusCode).toBe(400);

    // Every secret was really collected, and the log really holds the journey.
    for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThanOrEqual(6);
    const raw = t.logs.join('\n');
    expect(raw).toContain(DOC_PATHS.certificateFile);
    expect(raw).toContain(`${ADMIN_BASE}/orders?`);
    // Codes are looked for in the lines' text, not their numbers (a response time can hold any six
    // digits); everything else in the raw lines too.
    const text = loggedText(t.logs);
    const found = Object.entries(secrets).filter(
      ([name, value]) => text.includes(value) || (!name.endsWith('Code') && raw.includes(value)),
    );
    expect(found.map(([name]) => name)).toEqual([]);
  });
});
