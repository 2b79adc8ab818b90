import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { borrowers } from '../db/schema.ts';
import { LOGIN_PATHS } from '../modules/identity/sms-login.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { httpSmsSender } from './sms.ts';

/** A stand-in SMS provider on a real HTTP port: records what it is sent, answers what it is told. */
let provider: Server;
let url: string;
let answer = 200;
const received: Array<{ auth: string | undefined; body: Record<string, string> }> = [];
const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  provider = createServer(async (req, res) => {
    received.push({ auth: req.headers.authorization, body: JSON.parse(await bodyOf(req)) });
    res.statusCode = answer;
    res.end('{}');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms`;
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

describe('SMS over an HTTP provider', () => {
  it('posts the message with the bearer token and the international number', async () => {
    answer = 200;
    const sms = httpSmsSender({ url, token: 'provider-token-1' });
    await sms.send({ purpose: 'login', via: 'sms', market: 'IN', phone: '9876543210', text: 'hello' });
    await sms.send({ purpose: 'register', via: 'voice', market: 'ID', phone: '081234567890', text: 'halo' });
    expect(received.slice(-2)).toEqual([
      {
        auth: 'Bearer provider-token-1',
        body: { to: '+919876543210', text: 'hello', purpose: 'login', market: 'IN', via: 'sms' },
      },
      {
        auth: 'Bearer provider-token-1',
        body: { to: '+6281234567890', text: 'halo', purpose: 'register', market: 'ID', via: 'voice' },
      },
    ]);
  });

  it('rejects when the provider refuses', async () => {
    answer = 500;
    await expect(
      httpSmsSender({ url, token: 'provider-token-1' }).send({
        purpose: 'login',
        via: 'sms',
        market: 'IN',
        phone: '9876543210',
        text: 'x',
      }),
    ).rejects.toThrow(/500/);
  });

  describe('in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ SMS_PROVIDER_URL: url, SMS_PROVIDER_TOKEN: 'provider-token-2' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers a failed sign-in send as any other, keeps its limits, and logs it without the number (decision 056)', async () => {
      answer = 502;
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: LOGIN_PATHS.sendCode,
          payload: { market: 'IN', phone: '9876543210' },
        });
      const before = received.length;
      // The demo borrower's phone: its code goes to the provider. The reply does not wait for it: a
      // registered phone and an unknown one answer alike.
      const failed = await send();
      expect(failed.statusCode, failed.body).toBe(200);
      await vi.waitFor(() => expect(received.length).toBe(before + 1));
      await vi.waitFor(() => expect(t.logs.join('\n')).toContain('sign-in code not sent'));
      expect(t.logs.join('\n')).not.toContain('9876543210');
      // The code stands and counts: the 60 s wait applies as to any code asked for.
      expect((await send()).statusCode).toBe(429);
    });
    it('sends the sign-in code through the provider, never the demo outbox', async () => {
      answer = 200;
      await t.newBorrower('IN');
      const [newest] = await t.database.db
        .select({ phone: borrowers.phone })
        .from(borrowers)
        .orderBy(desc(borrowers.id))
        .limit(1);
      const phone = newest!.phone;
      const before = received.length;
      const ok = await t.app.inject({
        method: 'POST',
        url: LOGIN_PATHS.sendCode,
        payload: { market: 'IN', phone },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      await vi.waitFor(() => expect(received.length).toBe(before + 1));
      expect(received.at(-1)!.body.text).toMatch(/^Kredito: \d{6} is your sign-in code\./);
      expect(received.at(-1)!.auth).toBe('Bearer provider-token-2');
      expect(received.at(-1)!.body.to).toBe(`+91${phone}`);
    });
  });
});
