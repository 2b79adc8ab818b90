import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

    it('a failed send is a 503 that holds nothing back: the borrower may ask again at once', async () => {
      answer = 502;
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: LOGIN_PATHS.sendCode,
          payload: { market: 'IN', phone: '9876543210' },
        });
      const failed = await send();
      expect(failed.statusCode).toBe(503);
      answer = 200;
      const before = received.length;
      const ok = await send();
      expect(ok.statusCode, ok.body).toBe(200);
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)!.body.text).toMatch(/^Kredito: \d{6} is your sign-in code\./);
      expect(received.at(-1)!.auth).toBe('Bearer provider-token-2');
      // Nothing in the demo outbox: the provider sent it.
      expect((await t.app.inject({ url: '/dev-api/sms/last?phone=9876543210' })).json().data).toBeNull();
    });
  });
});
