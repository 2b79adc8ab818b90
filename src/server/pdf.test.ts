import { describe, expect, it } from 'vitest';
import { formatMoney } from '../shared/domain/money.ts';
import { renderPdf } from './pdf.ts';
import { pdfLines } from './test/pdf-text.ts';

const doc = (blocks: Parameters<typeof renderPdf>[0]['blocks']) =>
  renderPdf({ title: 'No Dues Certificate', author: 'Demo Finance', created: new Date(0), blocks });

/** One-page PDFs, read back through Mozilla's PDF.js as a reader shows them. */
describe('one-page PDF', () => {
  it('prints the rupee sign and every Latin letter of a name exactly, in an embedded font', async () => {
    const pdf = await doc([
      { kind: 'text', text: 'No Dues Certificate', size: 18, bold: true },
      { kind: 'rule' },
      { kind: 'text', text: 'This is to certify that Śrīnivās Nāyak has repaid in full.' },
      { kind: 'row', label: 'Borrower', value: 'Nguyễn Thị Minh Khai' },
      { kind: 'row', label: 'Total repaid', value: formatMoney(1_234_550, 'IN') },
      { kind: 'row', label: 'Total pembayaran', value: formatMoney(150_000_000, 'ID') },
    ]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, lines, title } = await pdfLines(pdf);
    expect(pages).toBe(1);
    expect(title).toBe('No Dues Certificate');
    expect(lines).toEqual([
      'No Dues Certificate',
      'This is to certify that Śrīnivās Nāyak has repaid in full.',
      'Borrower Nguyễn Thị Minh Khai',
      // The no-break space of the money formats prints as a space.
      'Total repaid ₹12,345.50',
      'Total pembayaran Rp 1.500.000',
    ]);
  });

  it('wraps a long line inside the page, each wrapped line lower, no word lost', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const { lines } = await pdfLines(await doc([{ kind: 'text', text: long }]));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(long);
  });

  it('lays a long value out beside its label, wrapped in its own column', async () => {
    const value = 'A value long enough to need more than one line in the column beside its label';
    const { lines } = await pdfLines(await doc([{ kind: 'row', label: 'Label', value }]));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]!.startsWith('Label ')).toBe(true);
    expect(lines.join(' ').replace('Label ', '')).toBe(value);
  });

  it('prints an address on lines of its own, broken to fit, under a link that opens all of it', async () => {
    const url = `https://pinjaman.example.co.id/verify?code=ID20260801002-ABCDEFGHJK&lang=id&x=${'a'.repeat(80)}`;
    const { lines, links } = await pdfLines(
      await doc([
        { kind: 'text', text: 'Check it at:' },
        { kind: 'link', url, size: 10 },
      ]),
    );
    expect(lines[0]).toBe('Check it at:');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).join('')).toBe(url);
    expect(links).toEqual([url]);
  });
});
