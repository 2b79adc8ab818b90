import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, PDFString } from 'pdf-lib';

/**
 * A one-page PDF of text: what a no-dues certificate needs (issue 9), written with pdf-lib and an
 * embedded font (issue 28). The font is DejaVu Sans (regular and bold), embedded as a subset of the
 * letters used: it has the rupee sign and every Latin letter a borrower's name may carry ("Śrīnivās
 * Nāyak", "Nguyễn"), which the built-in Helvetica of a hand-written PDF could not print (it printed
 * "Rs." and `?`). Blocks are laid out top to bottom on one A4 page, lines wrapped by the font's own
 * widths.
 */

export type PdfBlock =
  /** A line (wrapped to the page width) of the given size. */
  | { kind: 'text'; text: string; size?: number; bold?: boolean }
  /** A label and its value side by side, the value wrapped in its column. */
  | { kind: 'row'; label: string; value: string }
  /**
   * An address on lines of its own, and a link over it: a reader opens exactly `url`, where its guess at
   * a link in the text can stop at a line break or take in the punctuation after it (issue 29).
   */
  | { kind: 'link'; url: string; size?: number }
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

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
/** The font files, read once per process (about 1 MB together), on the first document. */
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function fontBytes() {
  fonts ??= Promise.all([
    readFile(fontFile('DejaVuSans.ttf')),
    readFile(fontFile('DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

/** White space as the page shows it: one space for tabs, line breaks and no-break spaces. */
const spaced = (text: string) => text.replace(/[\t\n\r\u00a0\u202f]/g, ' ');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of spaced(text).split(/ +/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** An address split into lines that fit, anywhere in it (it has no spaces to wrap at). */
function breakAnywhere(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = ch;
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/** The document as the bytes of a PDF file. */
export async function renderPdf(doc: PdfDocument): Promise<Buffer> {
  const bytes = await fontBytes();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(bytes.regular, { subset: true });
  const bold = await pdf.embedFont(bytes.bold, { subset: true });
  pdf.setTitle(doc.title);
  pdf.setAuthor(doc.author);
  pdf.setCreationDate(doc.created);
  pdf.setModificationDate(doc.created);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const show = (x: number, size: number, isBold: boolean, text: string) =>
    page.drawText(text, { x, y, size, font: isBold ? bold : regular });
  for (const block of doc.blocks) {
    if (block.kind === 'space') {
      y -= block.points;
    } else if (block.kind === 'rule') {
      y -= 4;
      page.drawLine({
        start: { x: PAGE.margin, y },
        end: { x: PAGE.width - PAGE.margin, y },
        thickness: 0.75,
      });
      y -= 10;
    } else if (block.kind === 'text') {
      const size = block.size ?? BODY_SIZE;
      const font = block.bold ? bold : regular;
      for (const line of wrap(block.text, font, size, TEXT_WIDTH)) {
        y -= size * 1.35;
        show(PAGE.margin, size, block.bold ?? false, line);
      }
    } else if (block.kind === 'link') {
      const size = block.size ?? BODY_SIZE;
      for (const line of breakAnywhere(block.url, regular, size, TEXT_WIDTH)) {
        y -= size * 1.35;
        show(PAGE.margin, size, false, line);
        const annotation = pdf.context.register(
          pdf.context.obj({
            Type: 'Annot',
            Subtype: 'Link',
            Rect: [
              PAGE.margin,
              y - size * 0.25,
              PAGE.margin + regular.widthOfTextAtSize(line, size),
              y + size,
            ],
            Border: [0, 0, 0],
            A: { Type: 'Action', S: 'URI', URI: PDFString.of(block.url) },
          }),
        );
        page.node.addAnnot(annotation);
      }
    } else {
      const labels = wrap(block.label, regular, BODY_SIZE, LABEL_WIDTH - 10);
      const values = wrap(block.value, bold, BODY_SIZE, TEXT_WIDTH - LABEL_WIDTH);
      for (let i = 0; i < Math.max(labels.length, values.length); i++) {
        y -= BODY_SIZE * 1.5;
        if (labels[i]) show(PAGE.margin, BODY_SIZE, false, labels[i]!);
        if (values[i]) show(PAGE.margin + LABEL_WIDTH, BODY_SIZE, true, values[i]!);
      }
    }
  }
  return Buffer.from(await pdf.save());
}
