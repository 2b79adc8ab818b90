import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.newBorrower('IN');
});
afterAll(async () => {
  await t.close();
});

/** Every borrower call of the complaint and chatbot families, with generated bodies: never a 500. */
const POSTS = ['problem-init', 'problem-save', 'problem-list', 'problem-detail', 'save-score', 'qa-record'];

describe('generated input', () => {
  it('never makes a complaint or chatbot call answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POSTS),
        fc.oneof(
          fc.anything(),
          fc.dictionary(
            fc.constantFrom(
              'orderNo',
              'problemId',
              'score',
              'type',
              'value',
              'qaId',
              'problemType',
              'problemDetail',
              'problemSonType',
              'problemImage',
              'limit',
              'cursor',
            ),
            fc.oneof(
              fc.integer(),
              fc.string(),
              // Any code point: control characters (NUL), invisible characters, other planes.
              fc.string({ unit: 'binary' }),
              fc.double(),
              fc.boolean(),
              fc.constant(null),
              fc.array(fc.integer(), { maxLength: 2 }),
              fc.constantFrom(2 ** 31, 99_999_999_999, -1, '1e3', ' 1', '0x10'),
            ),
          ),
        ),
        async (path, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `${COMPLAINT_BASE}/${path}`,
            payload: JSON.stringify(body ?? null),
            headers: { ...t.auth(token), 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${path} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), async (pid, orderNo) => {
        const res = await t.app.inject({
          url: `${COMPLAINT_BASE}/get-qa-list?pid=${encodeURIComponent(pid)}&orderNo=${encodeURIComponent(orderNo)}`,
          headers: t.auth(token),
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
