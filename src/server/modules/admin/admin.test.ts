import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { ADMIN_BASE, COMPLAINT_BASE } from '../../../shared/contract/constants.ts';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { multipart, photo } from '../../test/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface StaffSession {
  cookie: string;
  csrf: string;
}

async function signIn(email: string, password: string): Promise<StaffSession> {
  const headers = await staffSignIn(t.app, email, password);
  return { cookie: headers.cookie, csrf: headers['x-csrf-token'] };
}

const as = (s: StaffSession, write = false) => ({
  cookie: s.cookie,
  ...(write ? { 'x-csrf-token': s.csrf } : {}),
});

describe('staff sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie and returns the CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/session/login`,
      payload: { email: 'Admin@Kredito.test', password: 'Admin!2345' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(res.json().data.staff).toEqual({
      id: expect.any(Number),
      email: 'admin@kredito.test',
      name: 'Anita Admin',
      role: 'admin',
      markets: ['IN', 'ID'],
    });
  });

  it('refuses a wrong password and locks the account after 5 failures', async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/session/login`,
        payload: { email: 'agent.id@kredito.test', password },
        remoteAddress: '10.9.0.1',
      });
    const first = await attempt('nope');
    expect(first.statusCode).toBe(401);
    expect(first.json().message).toMatch(/^The e-mail or password is not right\./);
    for (let i = 0; i < 3; i++) expect((await attempt('nope')).statusCode).toBe(401);
    // A locked account answers like a wrong password (decision 022), the lock-out said in the message.
    expect((await attempt('nope')).statusCode).toBe(401);
    const right = await attempt('Agent!2345');
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(first.json().message);
    expect(right.json().message).toMatch(/locked for 15 minutes/);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.some((r) => r.action === 'login.lockout')).toBe(true);
  });

  it('limits sign-in attempts per address', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/session/login`,
        payload: { email: `nobody${i}@x.test`, password: 'x' },
        remoteAddress: '10.7.0.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/session/login`,
      payload: { email: 'who@x.test', password: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/^The e-mail or password is not right\./);
  });

  it('ends the session on logout', async () => {
    const s = await signIn('agent.in@kredito.test', 'Agent!2345');
    expect((await t.app.inject({ url: `${ADMIN_BASE}/session/me`, headers: as(s) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${ADMIN_BASE}/session/logout`, headers: as(s, true) }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `${ADMIN_BASE}/session/me`, headers: as(s) })).statusCode).toBe(401);
  });
});

describe('staff access control', () => {
  it('refuses no session (401) and a borrower token (403)', async () => {
    expect((await t.app.inject(`${ADMIN_BASE}/complaints`)).statusCode).toBe(401);
    const borrower = await t.signIn('IN');
    const res = await t.app.inject({ url: `${ADMIN_BASE}/complaints`, headers: t.auth(borrower) });
    expect(res.statusCode).toBe(403);
  });

  it('needs the CSRF token and a same-site origin on every change', async () => {
    const s = await signIn('admin@kredito.test', 'Admin!2345');
    const url = `${ADMIN_BASE}/complaints/1/reply`;
    const payload = { replyText: 'x' };
    expect((await t.app.inject({ method: 'POST', url, payload, headers: as(s) })).statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { cookie: s.cookie, 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This page is out of date. Please reload it and try again.');
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...as(s, true), origin: 'https://evil.example', host: 'localhost:80' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('keeps an agent to their market and out of admin-only tools', async () => {
    const agent = await signIn('agent.in@kredito.test', 'Agent!2345');
    const queue = (await t.app.inject({ url: `${ADMIN_BASE}/complaints`, headers: as(agent) })).json().data;
    expect(queue.items.length).toBeGreaterThan(0);
    expect(queue.items.every((i: { market: string }) => i.market === 'IN')).toBe(true);
    expect(
      (await t.app.inject({ url: `${ADMIN_BASE}/complaints?market=ID`, headers: as(agent) })).statusCode,
    ).toBe(403);
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const idItem = (
      await t.app.inject({ url: `${ADMIN_BASE}/complaints?market=ID`, headers: as(admin) })
    ).json().data.items[0];
    // Another market's complaint: not its content, but not "not found" either (issue #7).
    const other = await t.app.inject({ url: `${ADMIN_BASE}/complaints/${idItem.id}`, headers: as(agent) });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('40301');
    expect((await t.app.inject({ url: `${ADMIN_BASE}/qa?market=IN`, headers: as(agent) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `${ADMIN_BASE}/audit`, headers: as(agent) })).statusCode).toBe(403);
  });
});

describe('another market’s complaint', () => {
  it('tells staff it exists in another market, distinct from not found, in their language', async () => {
    const agent = await signIn('agent.in@kredito.test', 'Agent!2345');
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const idItem = (
      await t.app.inject({ url: `${ADMIN_BASE}/complaints?market=ID`, headers: as(admin) })
    ).json().data.items[0];
    const res = await t.app.inject({ url: `${ADMIN_BASE}/complaints/${idItem.id}`, headers: as(agent) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: ADMIN_ERROR_CODE.OTHER_MARKET,
      data: null,
      message: 'This complaint belongs to another market.',
    });
    // Nothing of the complaint itself leaves.
    expect(res.body).not.toContain(idItem.excerpt.slice(0, 20));
    const inIndonesian = await t.app.inject({
      url: `${ADMIN_BASE}/complaints/${idItem.id}`,
      headers: { ...as(agent), 'x-lang': 'id' },
    });
    expect(inIndonesian.json().message).toBe('Pengaduan ini milik pasar lain.');
    // Answering it is refused the same way.
    const replied = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/complaints/${idItem.id}/reply`,
      headers: as(agent, true),
      payload: { replyText: 'Hello', replyImages: '', markProcessed: false },
    });
    expect(replied.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    // A number that is no complaint at all is still simply not found.
    const missing = await t.app.inject({ url: `${ADMIN_BASE}/complaints/999999`, headers: as(agent) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('404');
  });
});

describe('complaint types in the operator’s language', () => {
  it('titles types in the language the back office asks in', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const get = async (url: string, lang: 'en' | 'id') =>
      (await t.app.inject({ url, headers: { ...as(admin), 'x-lang': lang } })).json().data;
    const english = await get(`${ADMIN_BASE}/complaints?market=IN&type=4`, 'en');
    const indonesian = await get(`${ADMIN_BASE}/complaints?market=IN&type=4`, 'id');
    expect(english.items[0].type).toBe('Fees and interest');
    expect(indonesian.items[0].type).toBe('Biaya dan bunga');
    expect(indonesian.types.find((x: { value: number }) => x.value === 4).title).toBe('Biaya dan bunga');
    const detail = await get(`${ADMIN_BASE}/complaints/${indonesian.items[0].id}`, 'id');
    expect(detail.type).toBe('Biaya dan bunga');
  });
});

describe('complaint handling', () => {
  it('filters the queue by status, type and overdue', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const get = async (qs: string) =>
      (await t.app.inject({ url: `${ADMIN_BASE}/complaints?${qs}`, headers: as(admin) })).json().data;
    const all = await get('');
    expect(all.total).toBe(6);
    expect(
      (await get('status=processing')).items.every((i: { status: string }) => i.status === 'processing'),
    ).toBe(true);
    expect((await get('type=4')).items.map((i: { type: string }) => i.type)).toEqual([
      'Fees and interest',
      'Fees and interest',
    ]);
    const overdue = await get('overdue=1');
    expect(overdue.items.every((i: { overdue: boolean }) => i.overdue)).toBe(true);
    expect(all.types.map((x: { value: number }) => x.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('replies with an image and marks processed: the borrower sees it and is asked to rate', async () => {
    const agent = await signIn('agent.in@kredito.test', 'Agent!2345');
    const borrower = await t.signIn('IN');
    const queue = (
      await t.app.inject({ url: `${ADMIN_BASE}/complaints?status=processing`, headers: as(agent) })
    ).json().data;
    const target = queue.items[0];
    const form = multipart('image', 'receipt.png', 'image/png', await photo(30, 20, 'png'));
    const up = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/uploads`,
      payload: form.payload,
      headers: { ...as(agent, true), ...form.headers },
    });
    expect(up.statusCode, up.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/complaints/${target.id}/reply`,
      payload: {
        replyText: '  We found your payment and credited it.  ',
        replyImages: up.json().data.url,
        markProcessed: true,
      },
      headers: as(agent, true),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'processed',
      ratingDue: true,
      repliedBy: 'Rahul Agent',
      replyText: 'We found your payment and credited it.',
    });

    const seen = (
      await t.app.inject({
        method: 'POST',
        url: `${COMPLAINT_BASE}/problem-detail`,
        payload: { problemId: target.id },
        headers: t.auth(borrower),
      })
    ).json().data;
    expect(seen).toMatchObject({
      status: 'processed',
      isScore: 1,
      disposeDetail: 'We found your payment and credited it.',
    });
    expect(seen.disposeImages).toHaveLength(1);
    expect((await t.app.inject(seen.disposeImages[0])).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog);
    expect(
      audit.some((r) => r.action === 'complaint.reply+processed' && r.target === `complaint:${target.id}`),
    ).toBe(true);
  });

  it('refuses an empty reply and a borrower image in a reply', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const empty = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/complaints/1/reply`,
      payload: { replyText: ' ' },
      headers: as(admin, true),
    });
    expect(empty.json().message).toBe('Please write a reply.');
    const borrower = await t.signIn('IN');
    const form = multipart('problemImage', 'p.jpg', 'image/jpeg', await photo());
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: `${COMPLAINT_BASE}/upload-problem-img`,
        payload: form.payload,
        headers: { ...t.auth(borrower), ...form.headers },
      })
    ).json().data.url;
    const res = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/complaints/1/reply`,
      payload: { replyText: 'ok', replyImages: theirs },
      headers: as(admin, true),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('chatbot content and messages', () => {
  it('adds a question under a category and the borrower sees it', async () => {
    const admin = await signIn('admin@kredito.test', 'Admin!2345');
    const items = (await t.app.inject({ url: `${ADMIN_BASE}/qa?market=ID`, headers: as(admin) })).json().data
      .items;
    const category = items.find((i: { kind: string }) => i.kind === 'category');
    const created = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/qa`,
      payload: {
        market: 'ID',
        parentId: category.id,
        kind: 'question',
        titleEn: 'Where is my money?',
        titleId: 'Di mana uang saya?',
        sort: 99,
      },
      headers: as(admin, true),
    });
    expect(created.statusCode, created.body).toBe(200);
    const borrower = await t.signIn('ID');
    const questions = (
      await t.app.inject({
        url: `${COMPLAINT_BASE}/get-qa-list?pid=${category.id}`,
        headers: t.auth(borrower),
      })
    ).json().data.answerList;
    expect(questions.at(-1).title_local).toBe('Di mana uang saya?');

    const misplaced = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/qa`,
      payload: { market: 'ID', parentId: 0, kind: 'answer', titleEn: 'x', titleId: 'x' },
      headers: as(admin, true),
    });
    expect(misplaced.statusCode).toBe(400);

    await t.app.inject({
      method: 'DELETE',
      url: `${ADMIN_BASE}/qa/${created.json().data.id}`,
      headers: as(admin, true),
    });
    const after = (
      await t.app.inject({
        url: `${COMPLAINT_BASE}/get-qa-list?pid=${category.id}`,
        headers: t.auth(borrower),
      })
    ).json().data.answerList;
    expect(after.some((q: { title_local: string }) => q.title_local === 'Di mana uang saya?')).toBe(false);
  });

  it('lists contact-form messages of the staff markets and marks them handled', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/vdthg/v1/site/contact-message',
      payload: {
        market: 'IN',
        name: 'Vikram <b>',
        telephone: '9876500000',
        suggestion: '<img src=x onerror=alert(1)>',
      },
    });
    const agent = await signIn('agent.in@kredito.test', 'Agent!2345');
    const list = (
      await t.app.inject({ url: `${ADMIN_BASE}/contact-messages?handled=0`, headers: as(agent) })
    ).json().data;
    const msg = list.items.find((m: { name: string }) => m.name === 'Vikram <b>');
    expect(msg.suggestion).toBe('<img src=x onerror=alert(1)>');
    const done = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_BASE}/contact-messages/${msg.id}/handled`,
      headers: as(agent, true),
    });
    expect(done.statusCode).toBe(200);
    const left = (
      await t.app.inject({ url: `${ADMIN_BASE}/contact-messages?handled=0`, headers: as(agent) })
    ).json().data.items;
    expect(left.some((m: { id: number }) => m.id === msg.id)).toBe(false);
    const agentId = await signIn('agent.id@kredito.test', 'Agent!2345').catch(() => null);
    // (the Indonesian agent may be locked by the lock-out test; the market check is covered above)
    if (agentId) {
      const theirs = await t.app.inject({
        method: 'POST',
        url: `${ADMIN_BASE}/contact-messages/${msg.id}/handled`,
        headers: as(agentId, true),
      });
      expect(theirs.statusCode).toBe(404);
    }
  });
});
