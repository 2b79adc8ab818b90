import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  CAPTCHA_SIZE,
  captchaAnswer,
  captchaPng,
} from './captcha-image.ts';

describe('picture captcha', () => {
  it('draws every letter of its alphabet as a PNG of the stated size, with ink in it', async () => {
    for (let i = 0; i < CAPTCHA_ALPHABET.length; i += CAPTCHA_LENGTH) {
      const answer = CAPTCHA_ALPHABET.slice(i, i + CAPTCHA_LENGTH).padEnd(CAPTCHA_LENGTH, '7');
      const png = await captchaPng(answer);
      const image = sharp(png);
      const meta = await image.metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([CAPTCHA_SIZE.width, CAPTCHA_SIZE.height]);
      // The darkest pixels are the strokes: a blank or all-noise picture would not have them.
      const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
      const dark = data.filter((v) => v < 150).length / (info.width * info.height);
      expect(dark).toBeGreaterThan(0.03);
      expect(dark).toBeLessThan(0.5);
    }
  });

  it('never draws the same picture twice, and its bytes never spell the answer', async () => {
    const [a, b] = await Promise.all([captchaPng('7KMX'), captchaPng('7KMX')]);
    expect(a.equals(b)).toBe(false);
    expect(a.toString('latin1')).not.toContain('7KMX');
  });

  it('picks answers from the unambiguous alphabet only', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const answer = captchaAnswer();
      expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
      seen.add(answer);
    }
    expect(seen.size).toBeGreaterThan(490);
    expect(CAPTCHA_ALPHABET).not.toMatch(/[018BGILOQSZ]/);
  });

  it('refuses a letter it has no glyph for', async () => {
    await expect(captchaPng('O0O0')).rejects.toThrow(/no glyph/);
  });
});
