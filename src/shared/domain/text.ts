/**
 * Characters that show nothing on a screen: white space (JavaScript's `\s`: spaces of every width, line
 * breaks, tabs, no-break space, U+3000, U+FEFF) and Unicode's default-ignorable code points (zero-width
 * space, joiner and non-joiner U+200B–U+200D, word joiner U+2060, soft hyphen U+00AD, direction marks,
 * variation selectors, the Hangul fillers, tag characters, …).
 */
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * True when the text would look empty to a reader: nothing, or only white space and invisible characters.
 * The server refuses such a complaint as empty; a screen can use the same rule before sending.
 */
export function isBlankText(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
