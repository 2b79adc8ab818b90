import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';
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
});
