import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as admin from '../shared/contract/admin.ts';
import * as chatbot from '../shared/contract/chatbot.ts';
import * as complaints from '../shared/contract/complaints.ts';
import * as session from '../shared/contract/session.ts';
import * as site from '../shared/contract/site.ts';
import * as support from '../shared/contract/support.ts';
import { replySerializerCompiler } from './serializer.ts';

const route = { schema: complaints.problemDetailReply, method: 'POST', url: '/problem-detail' };
const detail = {
  code: 0,
  message: 'success',
  data: {
    problemId: 7,
    type: 'Late fee',
    sonType: '',
    content: 'A "quoted" text with </script> and emoji 😀',
    images: ['/h5-api/v3/user-problem/image/a?exp=1&sig=x'],
    disposeDetail: '',
    disposeImages: [],
    isScore: 1,
    status: 'processed',
    orderNo: 'IN1',
    createdAt: '2026-11-01T00:00:00.000Z',
    deadline: '2026-11-04T00:00:00.000Z',
    score: null,
  },
};

describe('reply serializer', () => {
  it('writes what validating with zod and JSON.stringify would write', () => {
    const write = replySerializerCompiler({ checkContract: false })(route);
    expect(write(detail)).toBe(JSON.stringify(complaints.problemDetailReply.parse(detail)));
  });

  it('writes only the fields of the contract (nothing else leaks out of a row)', () => {
    const write = replySerializerCompiler({ checkContract: false })(route);
    const out = JSON.parse(
      write({ ...detail, data: { ...detail.data, tokenHash: 'secret', borrowerId: 3 } }),
    );
    expect(out.data).not.toHaveProperty('tokenHash');
    expect(out.data).not.toHaveProperty('borrowerId');
  });

  it('fails a reply that breaks the contract when checking (development and tests)', () => {
    const write = replySerializerCompiler({ checkContract: true })(route);
    expect(() => write({ ...detail, data: { ...detail.data, status: 'lost' } })).toThrow();
    expect(() => write({ ...detail, data: { ...detail.data, isScore: 2 } })).toThrow();
    expect(JSON.parse(write(detail))).toEqual(detail);
  });

  it('compiles every reply schema of the contract (none falls back to the slow path)', () => {
    const replies = Object.entries({
      ...admin,
      ...chatbot,
      ...complaints,
      ...session,
      ...site,
      ...support,
    }).filter(([name, value]) => name.endsWith('Reply') && value instanceof z.ZodType);
    expect(replies.length).toBeGreaterThan(15);
    for (const [name, schema] of replies) {
      expect(
        () =>
          fastJson(z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'throw' }) as object),
        name,
      ).not.toThrow();
    }
  });
});
