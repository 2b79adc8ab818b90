import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const fonts = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * A PDF's pages as a real reader sees them (Mozilla's PDF.js): the lines of text, top to bottom, each
 * line's pieces joined by a space, and the addresses its links open. Tests read documents through it rather than trusting our own writer.
 */
export async function pdfLines(
  bytes: Uint8Array,
): Promise<{ pages: number; lines: string[]; title: string; links: string[] }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: fonts,
    isEvalSupported: false,
  }).promise;
  const lines: string[] = [];
  const links: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    // The addresses a reader opens when the text is tapped (link annotations), each once.
    for (const a of (await page.getAnnotations()) as Array<{ subtype?: string; url?: string }>) {
      if (a.subtype === 'Link' && a.url && !links.includes(a.url)) links.push(a.url);
    }
    const content = await page.getTextContent();
    let y: number | null = null;
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const at = Math.round(item.transform[5] as number);
      if (at === y) lines[lines.length - 1] += ` ${item.str}`;
      else lines.push(item.str);
      y = at;
    }
  }
  const info = (await doc.getMetadata()).info as { Title?: string };
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, lines, title: info.Title ?? '', links };
}
