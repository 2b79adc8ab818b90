import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODE } from '../../../shared/contract/admin.ts';
import { CHANNELS_ADMIN_PATHS } from '../../../shared/contract/channels-admin.ts';
import type { AdminTemplate } from '../../../shared/contract/channels-admin-schema.ts';
import { PROMO_PATHS } from '../../../shared/contract/promotion.ts';
import type { Market } from '../../../shared/markets.ts';
import { auditLog, channelTemplates, staffUsers } from '../../db/schema.ts';
import { createTestApp, type StaffHeaders, staffSignIn, type TestApp } from '../../test/helpers.ts';
import { hashPassword } from '../staff/staff.service.ts';

/**
 * Landing templates in the back office, through the whole app on a fresh database: created, edited and
 * switched by the market's administrators, judged by the template rules (lengths, our own banner path,
 * https store links, the brand's contrast rule), audited, and refused to anyone else.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // An administrator of India only: the market rule holds for changes, not only for agents' reads.
  await t.database.db.insert(staffUsers).values({
    email: 'admin.in@kredito.test',
    name: 'Indra Admin',
    role: 'admin',
    markets: 'IN',
    passwordHash: await hashPassword('Admin!2345'),
  });
});
afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string) => staffSignIn(t.app, email, password);
const admin = () => signIn('admin@kredito.test', 'Admin!2345');
const adminIn = () => signIn('admin.in@kredito.test', 'Admin!2345');
const agentIn = () => signIn('agent.in@kredito.test', 'Agent!2345');

let n = 0;
function body(market: Market, over: Record<string, unknown> = {}) {
  n += 1;
  return {
    market,
    name: `Partner ${n}`,
    headline: market === 'IN' ? 'Loans up to ₹50,000 in 2 hours' : 'Pinjaman hingga Rp 5 juta',
    subline: 'Register with your mobile number.',
    appName: 'Kredito',
    bannerUrl: '/images/partner.webp',
    theme: { primary: '#087A50', background: '#e8f8f1' },
    androidUrl: 'https://play.google.com/store/apps/details?id=in.kredito.app',
    iosUrl: '',
    ...over,
  };
}
type Body = ReturnType<typeof body>;
const edit = ({ market: _m, ...rest }: Body, version: string, over: Record<string, unknown> = {}) => ({
  ...rest,
  version,
  ...over,
});

const create = (who: StaffHeaders, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: CHANNELS_ADMIN_PATHS.list,
    headers: { ...who, 'x-lang': lang },
    payload: payload as object,
  });
async function created(who: StaffHeaders, payload: Body): Promise<AdminTemplate> {
  const res = await create(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const update = (who: StaffHeaders, id: number | string, payload: unknown, lang = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: CHANNELS_ADMIN_PATHS.one(id),
    headers: { ...who, 'x-lang': lang },
    payload: payload as object,
  });
const setEnabled = (who: StaffHeaders, id: number, enabled: unknown) =>
  t.app.inject({
    method: 'POST',
    url: CHANNELS_ADMIN_PATHS.enabled(id),
    headers: who,
    payload: { enabled },
  });
const read = (who: StaffHeaders, url: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, 'x-lang': lang } });
const publicTemplate = (id: number) =>
  t.app.inject({
    method: 'GET',
    url: `${PROMO_PATHS.template}?templateId=${id}`,
    remoteAddress: '10.99.0.1',
  });
const audited = async (id: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.target, `channel_template:${id}`))
      .orderBy(auditLog.id)
  ).map((a) => a.action);

describe('landing templates in the back office', () => {
  it('creates a template offline, edits it, puts it live and takes it off; each change audited, the public page follows', async () => {
    const who = await admin();
    const payload = body('IN');
    const template = await created(who, payload);
    expect(template).toMatchObject({
      market: 'IN',
      name: payload.name,
      enabled: false,
      // Colours in one spelling.
      theme: { primary: '#087a50', background: '#e8f8f1' },
      bannerUrl: '/images/partner.webp',
    });
    expect(template.createdAt).toBe(template.updatedAt);
    // Offline until switched on: the public page does not know it.
    expect((await publicTemplate(template.id)).statusCode).toBe(404);

    const changed = await update(
      who,
      template.id,
      edit(payload, template.updatedAt, {
        headline: '  Diwali offer: 0% for 7 days  ',
        iosUrl: 'https://apps.apple.com/in/app/kredito/id1',
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const saved: AdminTemplate = changed.json().data;
    expect(saved.headline).toBe('Diwali offer: 0% for 7 days');
    expect(saved.updatedAt > template.updatedAt).toBe(true);

    const on = await setEnabled(who, template.id, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.enabled).toBe(true);
    const page = await publicTemplate(template.id);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      headline: 'Diwali offer: 0% for 7 days',
      theme: { primary: '#087a50', background: '#e8f8f1' },
      iosUrl: 'https://apps.apple.com/in/app/kredito/id1',
    });
    const off = await setEnabled(who, template.id, false);
    expect(off.json().data.enabled).toBe(false);
    expect((await publicTemplate(template.id)).statusCode).toBe(404);

    expect(await audited(template.id)).toEqual([
      'channel.create',
      'channel.update',
      'channel.enable',
      'channel.disable',
    ]);
    const [updateEntry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.target, `channel_template:${template.id}`), eq(auditLog.action, 'channel.update')),
      );
    // What changed is named, not the values.
    expect(updateEntry!.detail).toBe(`IN/${payload.name}: headline, iosUrl`);
  });

  it('lists the operator’s markets’ templates, newest first, by market and state', async () => {
    const who = await admin();
    const live = await created(who, body('ID'));
    await setEnabled(who, live.id, true);
    const offline = await created(who, body('ID'));
    const all = await read(who, `${CHANNELS_ADMIN_PATHS.list}?market=ID`);
    expect(all.statusCode).toBe(200);
    const ids = all.json().data.items.map((i: AdminTemplate) => i.id);
    expect(ids.indexOf(offline.id)).toBeLessThan(ids.indexOf(live.id));
    expect(all.json().data.items.every((i: AdminTemplate) => i.market === 'ID')).toBe(true);
    expect(all.json().data.more).toBe(false);
    // The seeded Indonesian template is there too.
    expect(ids).toContain(2);
    const on = (await read(who, `${CHANNELS_ADMIN_PATHS.list}?market=ID&enabled=1`)).json().data.items;
    expect(on.map((i: AdminTemplate) => i.id)).toContain(live.id);
    expect(on.every((i: AdminTemplate) => i.enabled)).toBe(true);
    const off = (await read(who, `${CHANNELS_ADMIN_PATHS.list}?market=ID&enabled=0`)).json().data.items;
    expect(off.map((i: AdminTemplate) => i.id)).toEqual(expect.arrayContaining([offline.id]));
    expect(off.every((i: AdminTemplate) => !i.enabled)).toBe(true);
    const both = (await read(who, CHANNELS_ADMIN_PATHS.list)).json().data.items;
    expect(new Set(both.map((i: AdminTemplate) => i.market))).toEqual(new Set(['IN', 'ID']));
  });

  it('refuses colours that fail the brand’s contrast rule, naming the colour and its contrast, in both languages; nothing saved', async () => {
    const who = await admin();
    // The spec's own #0DCC86 behind white text: 2.1:1.
    const payload = body('IN', { theme: { primary: '#0DCC86', background: '#e8f8f1' } });
    const en = await create(who, payload);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: '400',
      data: null,
      message:
        'The template needs changing. White text on the primary colour #0dcc86 is hard to read: the contrast is 2.1:1, and at least 4.5:1 is needed. Choose a darker colour.',
    });
    const id = await create(who, payload, 'id');
    expect(id.json().message).toBe(
      'Templatnya perlu diubah. Teks putih di atas warna utama #0dcc86 sulit dibaca: kontrasnya 2.1:1, padahal minimal 4.5:1. Pilih warna yang lebih gelap.',
    );
    // A background too dark for the grey text, and one that is not a colour, named together.
    const both = await create(who, body('IN', { theme: { primary: 'green', background: '#8a9a94' } }));
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(
      'The template needs changing. Write the primary colour as # and six hexadecimal digits, such as #087a50. Grey text on the background colour #8a9a94 is hard to read: the contrast is 2.4:1, and at least 4.5:1 is needed. Choose a lighter colour.',
    );
    const saved = await t.database.db
      .select()
      .from(channelTemplates)
      .where(eq(channelTemplates.name, payload.name));
    expect(saved).toEqual([]);
  });

  it('takes only https store links and banners on our own site', async () => {
    const who = await admin();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { androidUrl: 'http://play.google.com/store/apps/details?id=x' },
        'The Google Play link must be a full https address',
      ],
      [{ iosUrl: 'javascript:alert(1)' }, 'The App Store link must be a full https address'],
      [
        { iosUrl: 'https://apps.apple.com@evil.example/app' },
        'The App Store link must be a full https address',
      ],
      [{ androidUrl: 'https://localhost/app' }, 'The Google Play link must be a full https address'],
      [{ bannerUrl: 'https://cdn.example/banner.png' }, 'The banner must be a picture on our own site'],
      [{ bannerUrl: '//evil.example/banner.png' }, 'The banner must be a picture on our own site'],
      [{ bannerUrl: '/\\evil.example/banner.png' }, 'The banner must be a picture on our own site'],
      [{ bannerUrl: 'images/banner.png' }, 'The banner must be a picture on our own site'],
      [{ headline: '\u200b \u200b' }, 'Write a headline.'],
      [{ name: '   ' }, 'Give the template a name.'],
    ];
    for (const [over, message] of cases) {
      const res = await create(who, body('IN', over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toContain(message);
    }
    // Empty links and banner are allowed: not offered there, a drawn banner.
    const plain = await create(who, body('IN', { bannerUrl: '', androidUrl: '', iosUrl: '' }));
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('refuses what the contract does not allow: control characters, overlong text, arrays, unknown fields, ids past int4', async () => {
    const who = await admin();
    const template = await created(who, body('IN'));
    const before = await t.database.db.select().from(channelTemplates);
    const bad: Array<Record<string, unknown>> = [
      body('IN', { name: 'Bad\u0000name' }),
      body('IN', { headline: 'Two\nlines' }),
      body('IN', { subline: 'Bell\u0007' }),
      body('IN', { headline: 'x'.repeat(81) }),
      body('IN', { subline: 'x'.repeat(161) }),
      body('IN', { name: 'x'.repeat(61) }),
      body('IN', { appName: 'x'.repeat(41) }),
      body('IN', { androidUrl: `https://play.google.com/${'a'.repeat(280)}` }),
      body('IN', { headline: ['a', 'b'] }),
      body('IN', { theme: ['#087a50', '#e8f8f1'] }),
      body('IN', { theme: { primary: '#087a50', background: '#e8f8f1', text: '#000000' } }),
      body('IN', { enabled: true }),
      body('IN', { market: 'US' }),
      body('IN', { id: 1 }),
    ];
    for (const payload of bad) {
      const res = await create(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('400');
    }
    for (const id of ['2147483648', '0', '-1', '1e3', 'abc']) {
      const res = await update(who, id, edit(body('IN'), template.updatedAt));
      expect(res.statusCode, id).toBe(400);
      expect((await read(who, CHANNELS_ADMIN_PATHS.one(id))).statusCode, id).toBe(400);
    }
    expect((await setEnabled(who, template.id, 'true')).statusCode).toBe(400);
    expect((await setEnabled(who, template.id, [true])).statusCode).toBe(400);
    // An edit without the version it was made on, or with one that is not a time.
    const { version: _v, ...noVersion } = edit(body('IN'), template.updatedAt);
    expect((await update(who, template.id, noVersion)).statusCode).toBe(400);
    expect((await update(who, template.id, edit(body('IN'), 'yesterday'))).statusCode).toBe(400);
    expect(await t.database.db.select().from(channelTemplates)).toEqual(before);
  });

  it('does not overwrite a change made since the editor loaded it (409, in the operator’s language)', async () => {
    const who = await admin();
    const payload = body('ID');
    const template = await created(who, payload);
    const first = await update(who, template.id, edit(payload, template.updatedAt, { headline: 'First' }));
    expect(first.statusCode, first.body).toBe(200);
    // A second editor still holding the version both loaded.
    const stale = await update(
      who,
      template.id,
      edit(payload, template.updatedAt, { headline: 'Second' }),
      'id',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Seseorang mengubah templat ini setelah Anda membukanya. Muat versi terbaru, lalu ulangi perubahan Anda.',
    );
    // Switching the page on is a change too: an editor opened before it reloads first.
    const current: AdminTemplate = first.json().data;
    await setEnabled(who, template.id, true);
    expect((await update(who, template.id, edit(payload, current.updatedAt))).statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(channelTemplates)
      .where(eq(channelTemplates.id, template.id));
    expect(row!.headline).toBe('First');
    // The seeded template (its time kept to the microsecond) takes an edit made on what was read.
    const seeded: AdminTemplate = (await read(who, CHANNELS_ADMIN_PATHS.one(1))).json().data;
    const res = await update(who, 1, {
      name: seeded.name,
      headline: seeded.headline,
      subline: seeded.subline,
      appName: seeded.appName,
      bannerUrl: seeded.bannerUrl,
      theme: seeded.theme,
      androidUrl: seeded.androidUrl,
      iosUrl: seeded.iosUrl,
      version: seeded.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('who may see and change templates', () => {
  it('shows an agent their market’s templates and lets them read one, but not change any', async () => {
    const who = await admin();
    const indian = await created(who, body('IN'));
    const agent = await agentIn();
    const mine = await read(agent, CHANNELS_ADMIN_PATHS.list);
    expect(mine.statusCode).toBe(200);
    expect(new Set(mine.json().data.items.map((i: AdminTemplate) => i.market))).toEqual(new Set(['IN']));
    expect((await read(agent, CHANNELS_ADMIN_PATHS.one(indian.id))).statusCode).toBe(200);
    expect((await read(agent, `${CHANNELS_ADMIN_PATHS.list}?market=ID`)).statusCode).toBe(403);
    expect((await create(agent, body('IN'))).statusCode).toBe(403);
    expect((await update(agent, indian.id, edit(body('IN'), indian.updatedAt))).statusCode).toBe(403);
    expect((await setEnabled(agent, indian.id, true)).statusCode).toBe(403);
    expect(await audited(indian.id)).toEqual(['channel.create']);
  });

  it('refuses an administrator of one market the other market’s templates (403 40301), and creating there', async () => {
    const who = await admin();
    const indonesian = await created(who, body('ID'));
    const indian = await adminIn();
    const view = await read(indian, CHANNELS_ADMIN_PATHS.one(indonesian.id), 'id');
    expect(view.statusCode).toBe(403);
    expect(view.json()).toEqual({
      code: ADMIN_ERROR_CODE.OTHER_MARKET,
      data: null,
      message: 'Templat ini milik pasar lain, yang bukan wilayah kerja Anda.',
    });
    const toggle = await setEnabled(indian, indonesian.id, true);
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    const change = await update(indian, indonesian.id, edit(body('ID'), indonesian.updatedAt));
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe(ADMIN_ERROR_CODE.OTHER_MARKET);
    expect((await create(indian, body('ID'))).statusCode).toBe(403);
    const missing = await read(indian, CHANNELS_ADMIN_PATHS.one(999_999));
    expect(missing.statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(channelTemplates)
      .where(eq(channelTemplates.id, indonesian.id));
    expect(row).toMatchObject({ enabled: false, name: indonesian.name });
    expect(await audited(indonesian.id)).toEqual(['channel.create']);
  });

  it('refuses a change without the CSRF token, from another site, with a borrower’s token, or signed out', async () => {
    const who = await admin();
    const template = await created(who, body('IN'));
    const url = CHANNELS_ADMIN_PATHS.enabled(template.id);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie },
      payload: { enabled: true },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toBe('This page is out of date. Please reload it and try again.');
    const wrongCsrf = await t.app.inject({
      method: 'PUT',
      url: CHANNELS_ADMIN_PATHS.one(template.id),
      headers: { cookie: who.cookie, 'x-csrf-token': 'not-the-token' },
      payload: edit(body('IN'), template.updatedAt),
    });
    expect(wrongCsrf.statusCode).toBe(403);
    const noCsrfCreate = await t.app.inject({
      method: 'POST',
      url: CHANNELS_ADMIN_PATHS.list,
      headers: { cookie: who.cookie },
      payload: body('IN'),
    });
    expect(noCsrfCreate.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...who, origin: 'https://evil.example' },
      payload: { enabled: true },
    });
    expect(foreign.statusCode).toBe(403);
    const borrower = await t.app.inject({
      method: 'POST',
      url,
      headers: t.auth(await t.signIn('IN')),
      payload: { enabled: true },
    });
    expect(borrower.statusCode).toBe(403);
    const nobody = await t.app.inject({ method: 'GET', url: CHANNELS_ADMIN_PATHS.list });
    expect(nobody.statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(channelTemplates)
      .where(eq(channelTemplates.id, template.id));
    expect(row!.enabled).toBe(false);
    expect(await audited(template.id)).toEqual(['channel.create']);
  });
});
