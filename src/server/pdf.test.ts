import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.ts';

/** Reads the file the way a reader starts: trailer → startxref → xref table → each object at its offset. */
function parse(bytes: Buffer) {
  const text = bytes.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  const objects = new Map<number, string>();
  entries.forEach((entry, n) => {
    expect(entry).toHaveLength(19); // 20 bytes with its newline, as the format requires
    if (n === 0) {
      expect(entry).toBe('0000000000 65535 f ');
      return;
    }
    const offset = Number(entry.slice(0, 10));
    const head = `${n} 0 obj\n`;
    expect(text.slice(offset, offset + head.length)).toBe(head);
    const end = text.indexOf('\nendobj\n', offset);
    objects.set(n, text.slice(offset + head.length, end));
  });
  const stream = objects.get(6)!;
  const length = Number(/\/Length (\d+)/.exec(stream)![1]);
  const body = stream.slice(stream.indexOf('stream\n') + 7);
  expect(body.slice(length)).toBe('\nendstream');
  return { text, objects, content: body.slice(0, length) };
}

const doc = (blocks: Parameters<typeof renderPdf>[0]['blocks']) =>
  renderPdf({ title: 'No Dues Certificate', author: 'Demo Finance', created: new Date(0), blocks });

describe('one-page PDF', () => {
  it('writes a file whose cross-references and stream length hold', () => {
    const pdf = doc([
      { kind: 'text', text: 'No Dues Certificate', size: 18, bold: true },
      { kind: 'rule' },
      { kind: 'row', label: 'Loan', value: 'IN-2026-000123' },
    ]);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const { objects, content } = parse(pdf);
    expect(objects.size).toBe(7);
    expect(content).toContain('/F2 18 Tf');
    expect(content).toContain('(No Dues Certificate) Tj');
    expect(content).toContain('(Loan) Tj');
    expect(content).toContain('(IN-2026-000123) Tj');
    expect(objects.get(7)).toContain('/CreationDate (D:19700101000000Z)');
  });

  it('escapes what would end a string and writes other letters as WinAnsi', () => {
    const { content } = parse(doc([{ kind: 'text', text: 'a (b) \\ c — Rp 1.500 é ₹ 𝄞 ő' }]));
    // ( ) \ escaped; em dash is WinAnsi 0x97; é is 0xe9; ₹ and the clef have no WinAnsi letter; ő → o.
    expect(content).toContain('(a \\(b\\) \\\\ c \\227 Rp 1.500 \\351 ? ? o) Tj');
  });

  it('wraps a long line inside the page and starts each wrapped line lower', () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const { content } = parse(doc([{ kind: 'text', text: long }]));
    const lines = [...content.matchAll(/ (\d+(?:\.\d)?) Td \((.*?)\) Tj/g)];
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((l) => l[2]).join(' ')).toBe(long);
    const ys = lines.map((l) => Number(l[1]));
    for (let i = 1; i < ys.length; i++) expect(ys[i]).toBeLessThan(ys[i - 1]!);
    // 11 pt text, 483 pt wide: no line longer than the width allows at the widest letters' average.
    for (const l of lines) expect(l[2]!.length * 11 * 0.56).toBeLessThanOrEqual(483);
  });
});
