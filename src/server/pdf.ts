/**
 * A one-page PDF of text: what a no-dues certificate needs (issue 9), written directly rather than with a
 * PDF library, as the format for this much is small and fixed: a catalog, one A4 page, the two built-in
 * Helvetica faces (every PDF reader has them, nothing to embed), one uncompressed content stream and the
 * cross-reference table. Text is WinAnsi (Windows-1252): letters outside it are written without their
 * accents where that is all they lack, else as `?`, so a document never breaks on a name.
 */

export type PdfBlock =
  /** A line (wrapped to the page width) of the given size. */
  | { kind: 'text'; text: string; size?: number; bold?: boolean }
  /** A label and its value side by side, the value wrapped in its column. */
  | { kind: 'row'; label: string; value: string }
  /** Vertical space, in points. */
  | { kind: 'space'; points: number }
  /** A thin horizontal rule across the text width. */
  | { kind: 'rule' };

export interface PdfDocument {
  title: string;
  author: string;
  /** The document's date (its metadata). */
  created: Date;
  blocks: PdfBlock[];
}

const PAGE = { width: 595, height: 842, margin: 56 } as const;
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 170;
const BODY_SIZE = 11;

// Windows-1252's letters above 0x7f that are not Latin-1 (0x80-0x9f), by Unicode code point.
// biome-ignore format: a table
const CP1252_EXTRA = new Map<number, number>([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86],
  [0x2021, 0x87], [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c],
  [0x017d, 0x8e], [0x2018, 0x91], [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95],
  [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98], [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b],
  [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

/** One character as a WinAnsi byte: itself, its letter without accents, or `?`. */
function winAnsiByte(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp === 0x09 || cp === 0x0a || cp === 0xa0) return 0x20;
  if ((cp >= 0x20 && cp < 0x7f) || (cp >= 0xa1 && cp <= 0xff)) return cp;
  const extra = CP1252_EXTRA.get(cp);
  if (extra !== undefined) return extra;
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (base.length === 1 && base.codePointAt(0)! < 0x7f && base.codePointAt(0)! >= 0x20)
    return base.codePointAt(0)!;
  return 0x3f;
}

/** The string as a PDF literal string: WinAnsi bytes, with `\`, `(` and `)` escaped. */
function literal(text: string): string {
  let out = '';
  for (const ch of text) {
    const b = winAnsiByte(ch);
    if (b === 0x5c || b === 0x28 || b === 0x29) out += `\\${String.fromCharCode(b)}`;
    else if (b < 0x80) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `(${out})`;
}

// Helvetica's widths are about half the size on average for mixed text, wider for capitals and digits:
// 0.56 keeps wrapped lines inside the margin for the texts we write (a little early at worst).
const widthOf = (text: string, size: number) => [...text].length * size * 0.56;

function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && widthOf(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

function content(blocks: PdfBlock[]): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const show = (x: number, size: number, bold: boolean, text: string) => {
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y.toFixed(1)} Td ${literal(text)} Tj ET`);
  };
  for (const block of blocks) {
    if (block.kind === 'space') {
      y -= block.points;
    } else if (block.kind === 'rule') {
      y -= 4;
      ops.push(`0.75 w ${PAGE.margin} ${y.toFixed(1)} m ${PAGE.width - PAGE.margin} ${y.toFixed(1)} l S`);
      y -= 10;
    } else if (block.kind === 'text') {
      const size = block.size ?? BODY_SIZE;
      for (const line of wrap(block.text, size, TEXT_WIDTH)) {
        y -= size * 1.35;
        show(PAGE.margin, size, block.bold ?? false, line);
      }
    } else {
      const labels = wrap(block.label, BODY_SIZE, LABEL_WIDTH - 10);
      const values = wrap(block.value, BODY_SIZE, TEXT_WIDTH - LABEL_WIDTH);
      for (let i = 0; i < Math.max(labels.length, values.length); i++) {
        y -= BODY_SIZE * 1.5;
        if (labels[i]) show(PAGE.margin, BODY_SIZE, false, labels[i]!);
        if (values[i]) show(PAGE.margin + LABEL_WIDTH, BODY_SIZE, true, values[i]!);
      }
    }
  }
  return ops.join('\n');
}

const pdfDate = (d: Date) => `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/** The document as the bytes of a PDF file. */
export function renderPdf(doc: PdfDocument): Buffer {
  const stream = content(doc.blocks);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    // Every byte of the stream is ASCII (literal() escapes the rest), so its length is its string length.
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${literal(doc.title)} /Author ${literal(doc.author)} /CreationDate (${pdfDate(doc.created)}) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
