import { describe, expect, it } from 'vitest';
import { isBlankText } from './text.ts';

describe('isBlankText (text that would look empty on a screen)', () => {
  it('is true for nothing, white space and invisible characters only', () => {
    for (const text of [
      '',
      '   ',
      '\n\t\r',
      '\u00A0\u3000',
      '\u200B',
      '\u200C\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      ' \u200B \u200C\u200D\u2060\uFEFF\u00AD ',
      '\u200E\u200F',
      '\u3164',
    ]) {
      expect(isBlankText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('is false as soon as one visible character is there', () => {
    for (const text of ['a', '\u200Bx\u200B', ' 1 ', '.', '😀', 'ब', 'ا']) {
      expect(isBlankText(text), JSON.stringify(text)).toBe(false);
    }
  });
});
