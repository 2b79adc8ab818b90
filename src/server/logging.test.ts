import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging.ts';
import { captureLogs } from './test/helpers.ts';

function logger() {
  const { lines, stream } = captureLogs();
  return { lines, log: pino(loggerOptions('info') as pino.LoggerOptions, stream) };
}

describe('log redaction', () => {
  it("hides a failed query's parameters and a constraint error's row values, not the error code", () => {
    const { lines, log } = logger();
    const cause = Object.assign(new Error('duplicate key'), {
      code: '23505',
      detail: 'Key (phone)=(9876543210) already exists.',
    });
    const err = Object.assign(new Error('Failed query'), {
      query: 'insert into contact_messages (telephone) values ($1)',
      params: ['9876543210', 'someone@example.com'],
      cause,
    });
    log.error({ err, code: '23505' }, 'unexpected error');
    const line = lines.join('\n');
    expect(line).not.toContain('9876543210');
    expect(line).not.toContain('someone@example.com');
    expect(line).toContain('"code":"23505"');
    expect(line).toContain('insert into contact_messages');
  });

  it('hides secrets in logged bodies, queries and request headers', () => {
    const { lines, log } = logger();
    log.child({ reqId: 'r1' }).info(
      {
        body: { code: '123456', phone: '081234567890', status: 'kept', note: 'free text' },
        query: { token: 'SECRET-TOKEN', q: 'my search' },
        req: { method: 'GET', url: '/x', headers: { authorization: 'Bearer SECRET-TOKEN' } },
        password: 'hunter2',
      },
      'request',
    );
    const line = lines.join('\n');
    for (const secret of ['123456', '081234567890', 'SECRET-TOKEN', 'hunter2', 'free text', 'my search']) {
      expect(line).not.toContain(secret);
    }
    // By rule, as in the address: a body's or a query's harmless keys stay readable, every other is not.
    expect(line).toContain('"status":"kept"');
    expect(line).toContain('"note":"[REDACTED]"');
  });

  it("cuts a failed query's parameters out of the error's message and stack, and masks numbers and addresses", () => {
    const { lines, log } = logger();
    // Drizzle's own wording of a failed query, its driver's error as the cause.
    const cause = new Error('invalid input syntax for type bigint: "98765 43210" near 412345678901');
    const err = Object.assign(
      new Error(
        'Failed query: select * from borrowers where phone = $1 and email = $2\nparams: 9876543210,someone@example.com',
      ),
      { query: 'select * from borrowers where phone = $1', params: ['9876543210'], cause },
    );
    log.error({ err }, 'unexpected error');
    const line = lines.join('\n');
    for (const secret of ['9876543210', 'someone@example.com', '412345678901']) {
      expect(line).not.toContain(secret);
    }
    const logged = JSON.parse(lines[0]!).err;
    expect(logged.message).toContain('Failed query: select * from borrowers where phone = $1');
    // The parameters' end cannot be told from the message, so the cause's words (written after them) are
    // read in the stack, where each cause has lines of its own.
    expect(logged.stack).toContain('invalid input syntax for type bigint: "[REDACTED]" near [REDACTED]');
    expect(logged.stack).toContain('logging.test.ts');
    expect(logged.type).toBe('Error');
  });

  it("redacts every query value but the harmless ones, by rule: a staff search by phone, a link's signature", () => {
    expect(redactUrl('/admin-api/orders?q=9876543211&status=180')).toBe(
      '/admin-api/orders?q=%5BREDACTED%5D&status=180',
    );
    const certificate = redactUrl('/api/v1/documents/no-dues/IN20261101001?exp=1795000000&sig=abcDEF123_-');
    expect(certificate).not.toContain('abcDEF123_-');
    expect(certificate).toContain('/api/v1/documents/no-dues/IN20261101001?');
    // The shell's parameters that name no person or device stay readable; its device id does not.
    const h5 = redactUrl('/v3/loan-details/loan-details?market=ID&version=1&deviceId=dev-42&orderId=ID1');
    expect(h5).toBe('/v3/loan-details/loan-details?market=ID&version=1&deviceId=%5BREDACTED%5D&orderId=ID1');
    // A key nobody judged harmless yet is redacted too.
    expect(redactUrl('/x?whatever=secret')).toBe('/x?whatever=%5BREDACTED%5D');
    expect(redactUrl('/x?market=IN')).toBe('/x?market=IN');
  });

  it('masks path segments that are a phone number, an e-mail address or a token, not our ids', () => {
    expect(redactUrl('/api/v1/borrowers/9876543210/orders')).toBe('/api/v1/borrowers/[REDACTED]/orders');
    expect(redactUrl('/x/%2B91%2098765%2043210')).toBe('/x/[REDACTED]');
    expect(redactUrl('/x/someone%40example.com/y?page=2')).toBe('/x/[REDACTED]/y?page=2');
    expect(redactUrl('/links/AbCdEf0123456789_-xyZ?lang=id')).toBe('/links/[REDACTED]?lang=id');
    // Order numbers, ids, words and file names stay as they are.
    for (const url of [
      '/api/v1/documents/no-dues/IN20261101001',
      '/admin-api/orders/ID20261101901/payments',
      '/admin-api/complaints/12345/reply',
      '/admin-api/payments/manual-credits/17/approve',
      '/assets/index-BxYz12ab.js',
      '/v3/loan-details/loan-details',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
