import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { qaRecords } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { searchWords } from './chatbot.service.ts';

let t: TestApp;
let india: string;
let indonesia: string;
beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
});
afterAll(async () => {
  await t.close();
});

const list = (token: string, pid: number, extra = '') =>
  t.app.inject({
    url: `${COMPLAINT_BASE}/get-qa-list?pid=${pid}&deviceId=d1&market=IN${extra}`,
    headers: t.auth(token),
  });
const record = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${COMPLAINT_BASE}/qa-record`, payload, headers: t.auth(token) });

describe('get-qa-list', () => {
  it('lists four categories with icons, then questions, then the answer', async () => {
    const categories = (await list(india, 0)).json().data;
    expect(categories.question).toBeNull();
    expect(categories.answerList).toHaveLength(4);
    expect(categories.answerList.map((c: { icon: string }) => c.icon)).toEqual([
      'loan',
      'repayment',
      'account',
      'other',
    ]);
    const repayment = categories.answerList[1];
    expect(repayment).toMatchObject({ title_local: 'Repayment', title_local_alias: 'Repay' });

    const questions = (await list(india, repayment.id)).json().data.answerList;
    expect(questions[0].title_local).toBe('How can I repay my loan?');
    const answer = (await list(india, questions[0].id)).json().data;
    expect(answer.question).toEqual({ id: questions[0].id, title_local: 'How can I repay my loan?' });
    expect(answer.answerList).toHaveLength(1);
    expect(answer.answerList[0].title_local).toMatch(/virtual account|UPI/);
  });

  it('speaks the borrower language and marks the hand-over question with action type 4', async () => {
    const categories = (await list(indonesia, 0)).json().data.answerList;
    expect(categories[1].title_local).toBe('Pembayaran');
    const other = (await list(indonesia, categories[3].id)).json().data.answerList;
    expect(other.find((q: { action_type: number }) => q.action_type === 4)?.title_local).toBe(
      'Bicara dengan layanan pelanggan',
    );
  });

  it("does not show another market's content", async () => {
    const indianCategory = (await list(india, 0)).json().data.answerList[0].id;
    expect((await list(indonesia, indianCategory)).statusCode).toBe(404);
  });
});

describe('qa-record', () => {
  it('stores every record type', async () => {
    const someone = await t.newBorrower('IN');
    const before = (await t.database.db.select().from(qaRecords)).length;
    await record(someone, { type: 1 });
    await record(india, { type: 1, orderNo: 'IN20261101001' });
    await record(someone, { type: 2, value: '1', qaId: 10 });
    await record(someone, { type: 3, value: '4' });
    await record(someone, { type: 4, value: 'repay' });
    expect((await t.database.db.select().from(qaRecords)).length).toBe(before + 5);
  });

  it('answers 1-4 stars with the thank-you text and 5 stars with the store rating', async () => {
    const four = (await record(india, { type: 3, value: '4' })).json().data;
    expect(four).toEqual({
      text: 'Thank you for your feedback! We will keep improving our service.',
      questions: [],
      goRate: false,
    });
    expect((await record(india, { type: 3, value: '5' })).json().data.goRate).toBe(true);
    const none = await record(indonesia, { type: 3, value: '0' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Silakan pilih');
  });

  it('records "not resolved" with a note and "resolved" without one', async () => {
    expect((await record(india, { type: 2, value: '0' })).json().data.text).toMatch(/could not help/);
    expect((await record(india, { type: 2, value: '1' })).json().data.text).toBe('');
  });

  it('answers free text with the best matching FAQ questions, in the borrower language', async () => {
    const en = (await record(india, { type: 4, value: 'How do I repay?' })).json().data;
    expect(en.text).toBe('These questions may help:');
    expect(en.questions[0].title_local).toBe('How can I repay my loan?');
    const id = (await record(indonesia, { type: 4, value: 'cara membayar pinjaman' })).json().data;
    expect(id.questions[0].title_local).toBe('Bagaimana cara membayar pinjaman saya?');
    const none = (await record(india, { type: 4, value: 'zebra giraffe' })).json().data;
    expect(none).toEqual({
      text: 'I could not find an answer to that. Would you like to contact customer service?',
      questions: [],
      goRate: false,
    });
  });

  it('refuses empty free text, writing nothing', async () => {
    const someone = await t.newBorrower('ID');
    const res = await record(someone, { type: 4, value: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Silakan ketik pertanyaan Anda.');
    const rows = await t.database.db.select().from(qaRecords);
    expect(rows.filter((r) => r.value === '')).not.toContainEqual(expect.objectContaining({ type: 4 }));
  });

  it('keeps text that looks like a search operator harmless', async () => {
    const res = await record(india, { type: 4, value: "repay' | !(&) <-> :* loan" });
    expect(res.statusCode).toBe(200);
    expect(searchWords("repay' | !(&) <-> :* loan")).toEqual(['repay', 'loan']);
  });

  it('refuses a qaId of another market', async () => {
    const idCategory = (await list(indonesia, 0)).json().data.answerList[0].id;
    expect((await record(india, { type: 2, value: '1', qaId: idCategory })).statusCode).toBe(404);
    const rows = await t.database.db.select().from(qaRecords).where(eq(qaRecords.qaId, idCategory));
    expect(rows.filter((r) => r.market === 'IN')).toHaveLength(0);
  });
});
