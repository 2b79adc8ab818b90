import type { Lang, Market } from '../markets.ts';

/** One section of a legal document: a heading, its paragraphs, then an optional list and what follows it. */
export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list: readonly string[];
  after: readonly string[];
}

export interface LegalDocument {
  /** The market whose law the document is written for. */
  market: Market;
  /** The language of this text. */
  lang: Lang;
  /**
   * The language of the binding text. When it is not `lang`, this text is a rendering for the reader's
   * convenience, and its first paragraph says which text prevails.
   */
  governingLang: Lang;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export const section = (
  heading: string,
  paragraphs: readonly string[],
  list: readonly string[] = [],
  after: readonly string[] = [],
): LegalSection => ({ heading, paragraphs, list, after });
