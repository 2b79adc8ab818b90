import { randomInt } from 'node:crypto';
import sharp from 'sharp';

/**
 * The picture captcha (issue 10): letters drawn as strokes from our own small stroke font, each turned,
 * shifted and coloured at random over noise curves, rendered to PNG. No `<text>` ever exists, in the
 * SVG or elsewhere, so the answer is in the pixels only. Letters and digits that read alike (0/O, 1/I/L,
 * B/8, S/5, G/6, Q, Z/2) are left out, so a borrower is never asked to guess which one is meant.
 */
export const CAPTCHA_ALPHABET = '2345679ACDEFHJKMNPRTUVWXY';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_SIZE = { width: 120, height: 44 } as const;

type Stroke = Array<[number, number]>;
// Glyphs on a 10 × 14 grid, y downwards; each glyph one or more polylines.
// biome-ignore format: a font
const GLYPHS: Record<string, Stroke[]> = {
  '2': [[[0, 3], [2, 0], [8, 0], [10, 3], [10, 5], [0, 14], [10, 14]]],
  '3': [[[0, 1], [3, 0], [8, 0], [10, 2], [10, 5], [7, 7], [3, 7]], [[7, 7], [10, 9], [10, 12], [8, 14], [2, 14], [0, 13]]],
  '4': [[[8, 14], [8, 0], [0, 10], [10, 10]]],
  '5': [[[10, 0], [1, 0], [0, 6], [7, 6], [10, 8], [10, 12], [8, 14], [2, 14], [0, 12]]],
  '6': [[[9, 0], [4, 0], [1, 3], [0, 8], [0, 12], [2, 14], [8, 14], [10, 12], [10, 9], [8, 7], [2, 7], [0, 9]]],
  '7': [[[0, 0], [10, 0], [4, 14]]],
  '9': [[[10, 5], [8, 7], [2, 7], [0, 5], [0, 2], [2, 0], [8, 0], [10, 2], [10, 8], [8, 12], [5, 14], [1, 14]]],
  A: [[[0, 14], [5, 0], [10, 14]], [[2, 9], [8, 9]]],
  C: [[[10, 2], [8, 0], [3, 0], [0, 3], [0, 11], [3, 14], [8, 14], [10, 12]]],
  D: [[[0, 0], [0, 14], [6, 14], [10, 10], [10, 4], [6, 0], [0, 0]]],
  E: [[[10, 0], [0, 0], [0, 14], [10, 14]], [[0, 7], [7, 7]]],
  F: [[[10, 0], [0, 0], [0, 14]], [[0, 7], [7, 7]]],
  H: [[[0, 0], [0, 14]], [[10, 0], [10, 14]], [[0, 7], [10, 7]]],
  J: [[[10, 0], [10, 11], [7, 14], [3, 14], [0, 11]]],
  K: [[[0, 0], [0, 14]], [[10, 0], [0, 8]], [[3, 6], [10, 14]]],
  M: [[[0, 14], [0, 0], [5, 8], [10, 0], [10, 14]]],
  N: [[[0, 14], [0, 0], [10, 14], [10, 0]]],
  P: [[[0, 14], [0, 0], [7, 0], [10, 2], [10, 5], [7, 7], [0, 7]]],
  R: [[[0, 14], [0, 0], [7, 0], [10, 2], [10, 5], [7, 7], [0, 7]], [[5, 7], [10, 14]]],
  T: [[[0, 0], [10, 0]], [[5, 0], [5, 14]]],
  U: [[[0, 0], [0, 11], [3, 14], [7, 14], [10, 11], [10, 0]]],
  V: [[[0, 0], [5, 14], [10, 0]]],
  W: [[[0, 0], [2, 14], [5, 6], [8, 14], [10, 0]]],
  X: [[[0, 0], [10, 14]], [[10, 0], [0, 14]]],
  Y: [[[0, 0], [5, 7], [10, 0]], [[5, 7], [5, 14]]],
};

/** A random answer from the alphabet (a secure source: the answer is a credential for a few minutes). */
export function captchaAnswer(length = CAPTCHA_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return out;
}

const jitter = (spread: number) => (randomInt(2001) / 1000 - 1) * spread;
const darkColour = () => `hsl(${randomInt(360)} ${55 + randomInt(30)}% ${22 + randomInt(16)}%)`;

/** The SVG of one captcha (internal: only its rendering leaves this module). */
function captchaSvg(answer: string): string {
  const { width, height } = CAPTCHA_SIZE;
  const step = (width - 16) / answer.length;
  const parts: string[] = [];
  for (let n = 0; n < 3; n++) {
    const y = () => (randomInt(height * 10) / 10).toFixed(1);
    parts.push(
      `<path d="M0 ${y()} C${width / 3} ${y()} ${(2 * width) / 3} ${y()} ${width} ${y()}" stroke="${darkColour()}" stroke-opacity="0.45" stroke-width="1.5" fill="none"/>`,
    );
  }
  [...answer].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new RangeError(`no glyph for ${ch}`);
    const scale = 1.9 + jitter(0.2);
    const x = 8 + i * step + step / 2 + jitter(3);
    const y = height / 2 + jitter(3);
    const turn = jitter(22);
    const d = glyph
      .map((stroke) => stroke.map(([gx, gy], k) => `${k ? 'L' : 'M'}${gx - 5} ${gy - 7}`).join(''))
      .join('');
    parts.push(
      `<path d="${d}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${turn.toFixed(1)}) scale(${scale.toFixed(2)})" stroke="${darkColour()}" stroke-width="${(1.5 / scale + 0.5).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let n = 0; n < 40; n++) {
    parts.push(
      `<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="${(0.6 + randomInt(10) / 10).toFixed(1)}" fill="${darkColour()}" fill-opacity="0.5"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="hsl(${randomInt(360)} 40% 95%)"/>${parts.join('')}</svg>`;
}

/** The answer drawn as a PNG. */
export async function captchaPng(answer: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(answer)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
