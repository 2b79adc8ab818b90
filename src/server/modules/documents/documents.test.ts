import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_PATHS, VERIFICATION_CODE_PATTERN } from '../../../shared/contract/documents.ts';
import type { ReceiptsData } from '../../../shared/contract/documents-schema.ts';
import { borrowers, orders, paymentAllocations } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { pdfLines } from '../../test/pdf-text.ts';
import { CERTIFICATE_LINK_TTL_SECONDS, maskName } from './documents.service.ts';

/**
 * Receipts and the no-dues certificate (issue 9) against the real database: the demo borrowers' settled
 * loans were settled through the ledger (one payment, allocated), so their receipts and certificates
 * state what the ledger wrote.
 */
let t: TestApp;
let india: string;
let indonesia: string;
const SETTLED_IN = 'IN20260801002';
const SETTLED_ID = 'ID20260801002';
const LIVE_IN = 'IN20261101001';

beforeAll(async () => {
  t = await createTestApp();
  india = await t.signIn('IN');
  indonesia = await t.signIn('ID');
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, token: string, payload: unknown, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...t.auth(token), ...(lang ? { 'x-lang': lang } : {}) },
    payload: payload as object,
  });

async function receipts(token: string, orderId: string, lang?: string): Promise<ReceiptsData> {
  const res = await post(DOC_PATHS.receipts, token, { orderId }, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function link(token: string, orderId: string): Promise<{ url: string; code: string }> {
  const res = await post(DOC_PATHS.certificate, token, { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const allocatedOn = async (orderNo: string) => {
  const [o] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  const [row] = await t.database.db
    .select({ n: sql<string>`coalesce(sum(${paymentAllocations.amountMinor}), 0)` })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.orderId, o!.id));
  return Number(row!.n);
};

describe('receipts', () => {
  it('lists each payment applied to a settled loan with what it paid, summing exactly', async () => {
    const r = await receipts(india, SETTLED_IN);
    expect(r.orderNo).toBe(SETTLED_IN);
    expect(r.list.length).toBeGreaterThan(0);
    expect(r.list[0]!.receiptNo).toBe(`${SETTLED_IN}-1`);
    expect(r.list.reduce((s, x) => s + x.amountMinor, 0)).toBe(await allocatedOn(SETTLED_IN));
    const first = r.list[0]!;
    expect(first.amount).toMatch(/^₹[\d,]+(\.\d\d)?$/);
    expect(first.parts.map((p) => p.text)).toContain('Period 1: principal');
    expect(first.reference).not.toBe('');
    expect(r.certificate).toBe(true);
    expect(r.certificateNote).toBe('');
  });

  it('writes them in the borrower language and money of the market', async () => {
    const r = await receipts(indonesia, SETTLED_ID, 'id');
    expect(r.list[0]!.amount).toMatch(/^Rp\u00a0[\d.]+$/);
    expect(r.list[0]!.parts.some((p) => p.text.startsWith('Cicilan ke-1'))).toBe(true);
  });

  it('says why a live loan has no certificate yet, and has no receipt before a payment', async () => {
    const r = await receipts(india, LIVE_IN);
    expect(r.certificate).toBe(false);
    expect(r.certificateNote).toBe('The certificate is ready once the loan is fully repaid.');
    expect(r.list).toEqual([]);
  });

  it("answers another borrower's order as a missing one", async () => {
    const res = await post(DOC_PATHS.receipts, india, { orderId: SETTLED_ID });
    expect(res.statusCode).toBe(404);
    const missing = await post(DOC_PATHS.receipts, india, { orderId: 'IN00000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(res.json().message).toBe(missing.json().message);
  });

  it('refuses hostile bodies with 400 and stays up', async () => {
    for (const orderId of [['IN1'], 2 ** 53, 'IN1\u0000', 'IN 1', "IN1' or 1=1--", 'x'.repeat(33), '']) {
      const res = await post(DOC_PATHS.receipts, india, { orderId });
      expect(res.statusCode, JSON.stringify(orderId)).toBe(400);
    }
    expect((await post(DOC_PATHS.receipts, india, { orderId: SETTLED_IN, extra: 1 })).statusCode).toBe(400);
    expect((await receipts(india, SETTLED_IN)).orderNo).toBe(SETTLED_IN);
  });

  it('costs one query after warm-up', async () => {
    await receipts(india, SETTLED_IN);
    const before = t.database.queryCount();
    await receipts(india, SETTLED_IN);
    expect(t.database.queryCount() - before).toBe(1);
  });
});

describe('no-dues certificate', () => {
  it('is refused until the loan is fully repaid', async () => {
    const res = await post(DOC_PATHS.certificate, india, { orderId: LIVE_IN });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The no-dues certificate is available once the loan is fully repaid.');
    const other = await post(DOC_PATHS.certificate, india, { orderId: SETTLED_ID });
    expect(other.statusCode).toBe(404);
  });

  it('opens by a signed link as a PDF in the market wording, with a code our site checks', async () => {
    const { url, code } = await link(india, SETTLED_IN);
    expect(code).toMatch(VERIFICATION_CODE_PATTERN);
    expect(code.startsWith(`${SETTLED_IN}-`)).toBe(true);
    const res = await t.app.inject({ url, headers: { host: 'loans.example.in' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Read as a PDF reader reads it.
    const { pages, lines, title, links } = await pdfLines(res.rawPayload);
    expect(pages).toBe(1);
    expect(title).toBe(`No Dues Certificate ${SETTLED_IN}`);
    expect(lines).toContain('No Dues Certificate');
    expect(lines).toContain(`Loan account number ${SETTLED_IN}`);
    const text = lines.join(' ');
    expect(text).toContain('This is to certify that Priya Sharma has repaid in full');
    expect(text).toContain(`Verification code: ${code}.`);
    expect(text).toContain(`http://loans.example.in/verify?code=${code}&lang=en`);
    // The printed address is a link to all of it: a reader never opens a part cut at a line break.
    expect(links).toEqual([`http://loans.example.in/verify?code=${code}&lang=en`]);
    expect(text).toContain('Reserve Bank of India');
    // Rupees as on the screens, in the embedded font (issue 28): ₹, never "Rs." or a replacement character.
    const repaid = lines.find((l) => l.startsWith('Total repaid '));
    expect(repaid).toMatch(/^Total repaid ₹[\d,]+(\.\d\d)?$/);
    expect(text.replaceAll('/verify?code=', '')).not.toContain('?');
  });

  it('is Indonesian for an Indonesian loan: its own document, not a translation', async () => {
    const { url, code } = await link(indonesia, SETTLED_ID);
    const { lines, links } = await pdfLines(
      (await t.app.inject({ url, headers: { host: 'pinjaman.example.co.id' } })).rawPayload,
    );
    expect(lines).toContain('Surat Keterangan Lunas');
    expect(lines.join(' ')).toContain('Dengan ini kami menerangkan bahwa Siti Rahmawati telah melunasi');
    expect(lines.find((l) => l.startsWith('Total pembayaran '))).toMatch(/^Total pembayaran Rp [\d.]+$/);
    expect(lines.join(' ')).toContain('Otoritas Jasa Keuangan');
    // Its check link opens the page in Indonesian, with the Indonesian company's details (issue 29).
    expect(lines.join(' ')).toMatch(/\/verify\?code=ID[\w-]+&lang=id/);
    expect(links).toEqual([`http://pinjaman.example.co.id/verify?code=${code}&lang=id`]);
  });

  it('prints a name in any Latin letters and the rupee sign exactly (the embedded font)', async () => {
    const db = t.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, SETTLED_IN));
    const [before] = await db.select().from(borrowers).where(eq(borrowers.id, order!.borrowerId));
    await db.update(borrowers).set({ name: 'Śrīnivās Nāyak' }).where(eq(borrowers.id, order!.borrowerId));
    try {
      const { url } = await link(india, SETTLED_IN);
      const text = (await pdfLines((await t.app.inject({ url })).rawPayload)).lines.join(' ');
      expect(text).toContain('This is to certify that Śrīnivās Nāyak has repaid in full');
      expect(text).toMatch(/Total repaid ₹[\d,]+/);
      expect(text).not.toContain('Rs.');
    } finally {
      await db.update(borrowers).set({ name: before!.name }).where(eq(borrowers.id, order!.borrowerId));
    }
  });

  it('refuses a tampered, borrowed or expired link', async () => {
    const { url } = await link(india, SETTLED_IN);
    const tampered = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    // The same signature on another settled order opens nothing.
    const borrowed = url.replace(SETTLED_IN, 'IN20260801102');
    expect((await t.app.inject({ url: borrowed })).statusCode).toBe(403);
    const later = url.replace(/exp=(\d+)/, (_, e: string) => `exp=${Number(e) + 1}`);
    expect((await t.app.inject({ url: later })).statusCode).toBe(403);
    for (const bad of [
      `${DOC_PATHS.certificateFile}/${SETTLED_IN}`,
      `${url}&exp=1`,
      `${url.split('?')[0]}?exp=x&sig=y`,
    ]) {
      expect((await t.app.inject({ url: bad })).statusCode).toBe(400);
    }
    t.clock.advance((CERTIFICATE_LINK_TTL_SECONDS + 1) * 1000);
    const expired = await t.app.inject({ url, headers: { 'x-lang': 'en' } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This link has expired. Open the certificate again from the app.');
  });
});

describe('verifying a certificate', () => {
  const verify = (code: string, lang = 'en') =>
    t.app.inject({
      url: `${DOC_PATHS.verify}?code=${encodeURIComponent(code)}`,
      headers: { 'x-lang': lang },
    });

  it('shows what the certificate certifies, with the name mostly hidden', async () => {
    const { code } = await link(india, SETTLED_IN);
    const res = await verify(code);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      document: 'No Dues Certificate',
      orderNo: SETTLED_IN,
      borrower: 'P***a S****a',
    });
    expect(data.repaid).toMatch(/^₹/);
    // Typed in lower case, it is the same code.
    expect((await verify(code.toLowerCase())).statusCode).toBe(200);
  });

  it('says plainly that a wrong code matches nothing, in the reader language', async () => {
    const { code } = await link(indonesia, SETTLED_ID);
    const wrong = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    const res = await verify(wrong, 'id');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Kode ini tidak cocok/);
    // A live loan's number with any suffix is no certificate either.
    expect((await verify(`${LIVE_IN}-ABCDEFGHIJ`)).statusCode).toBe(404);
  });

  it('refuses malformed codes with 400', async () => {
    for (const code of ['', 'IN123', 'IN20260801002-abc', 'IN20260801002-ABCDEFGHI\u0000', 'x'.repeat(200)]) {
      expect((await verify(code)).statusCode, code).toBe(400);
    }
  });

  it('masks every word of a name', () => {
    expect(maskName('Priya Sharma')).toBe('P***a S****a');
    expect(maskName('  Siti  Nur Aini ')).toBe('S**i N*r A**i');
    expect(maskName('Jo')).toBe('J*');
  });
});
