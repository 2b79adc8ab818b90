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
        body: { code: '123456', phone: '081234567890', note: 'kept' },
        query: { token: 'SECRET-TOKEN' },
        req: { method: 'GET', url: '/x', headers: { authorization: 'Bearer SECRET-TOKEN' } },
        password: 'hunter2',
      },
      'request',
    );
    const line = lines.join('\n');
    for (const secret of ['123456', '081234567890', 'SECRET-TOKEN', 'hunter2']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('kept');
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
});
