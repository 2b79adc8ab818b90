import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  market: 'IN',
  lang: 'en',
  name: 'Arjun Mehta',
  telephone: '+91 98765 43210',
  suggestion: 'Please add UPI autopay.',
};

/** Each call comes from its own address so the per-address limit does not mix into other tests. */
let ipCounter = 1;
function post(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/vdthg/v1/site/contact-message',
    payload: payload as object,
    headers,
    remoteAddress: `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`,
  });
}

describe('site config', () => {
  it('serves each market its own company details', async () => {
    const india = (await t.app.inject('/vdthg/v1/site/config?market=IN')).json();
    const indonesia = (await t.app.inject('/vdthg/v1/site/config?market=ID')).json();
    expect(india).toMatchObject({ code: 0, data: { market: 'IN', brandColour: '#0DCC86' } });
    expect(indonesia.data.companyName).toMatch(/^PT /);
    expect(india.data.companyName).not.toBe(indonesia.data.companyName);
  });

  it('refuses an unknown market', async () => {
    expect((await t.app.inject('/vdthg/v1/site/config?market=XX')).statusCode).toBe(400);
  });
});

describe('contact form', () => {
  it('stores a complete message (a real row) and answers success', async () => {
    const res = await post({ ...valid, email: 'arjun@example.com' });
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    const rows = await t.database.db.select().from(contactMessages);
    const row = rows.find((r) => r.id === data.id);
    expect(row).toMatchObject({
      market: 'IN',
      name: 'Arjun Mehta',
      telephone: '+91 98765 43210',
      email: 'arjun@example.com',
      suggestion: 'Please add UPI autopay.',
    });
  });

  for (const field of ['name', 'telephone', 'suggestion'] as const) {
    it(`refuses a message without ${field}, writing nothing`, async () => {
      const before = (await t.database.db.select().from(contactMessages)).length;
      const res = await post({ ...valid, [field]: '   ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: '400',
        data: null,
        message: 'Please provide complete information!',
      });
      expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
    });
  }

  it('answers in Indonesian for the Indonesian form', async () => {
    const res = await post({ ...valid, market: 'ID', lang: 'id', name: '' });
    expect(res.json().message).toBe('Mohon lengkapi semua informasi!');
  });

  it('checks the optional e-mail and the telephone', async () => {
    expect((await post({ ...valid, email: 'not-an-email' })).json().message).toBe(
      'Please enter a valid e-mail address.',
    );
    expect((await post({ ...valid, telephone: 'call me' })).json().message).toBe(
      'Please enter a valid telephone number.',
    );
    expect((await post({ ...valid, email: '' })).json().code).toBe(0);
  });

  it('refuses over-long text and unknown fields', async () => {
    expect((await post({ ...valid, suggestion: 'x'.repeat(1001) })).json().message).toBe(
      'The text is too long.',
    );
    const mass = await post({ ...valid, handledAt: '2020-01-01' });
    expect(mass.statusCode).toBe(400);
    expect(mass.json().code).toBe('400');
  });

  it('limits each address to 5 messages per 10 minutes', async () => {
    const codes: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/vdthg/v1/site/contact-message',
        payload: valid,
        remoteAddress: '203.0.113.9',
        // A spoofed forwarded address must not buy a new allowance (no proxy is trusted).
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.json()).toMatchObject({ code: '429', data: null });
    expect(t.logs.join('\n')).toContain('rate limit hit');
  });

  it('never answers a generated body with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record({
            market: fc.oneof(fc.constantFrom('IN', 'ID'), fc.string()),
            name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            telephone: fc.oneof(fc.string(), fc.integer()),
            suggestion: fc.string({ maxLength: 1200 }),
            email: fc.option(fc.string()),
            lang: fc.option(fc.constantFrom('en', 'id', 'fr')),
          }),
        ),
        async (body) => {
          const res = await post(body === undefined ? null : body);
          expect(res.statusCode).toBeLessThan(500);
          expect(Object.keys(res.json())).toEqual(['code', 'data', 'message']);
        },
      ),
      { numRuns: 150 },
    );
  });
});
