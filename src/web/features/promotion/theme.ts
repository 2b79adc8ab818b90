import type { CSSProperties } from 'react';
import type { TemplateData } from '../../../shared/contract/promotion-schema.ts';

/*
 * The template's colours (its `theme`) paint the landing: buttons in `primary` with white text, the page
 * in `background` with the body text on it. The server checks them against the brand's contrast rules when
 * an operator saves them (decision 007); the page checks again, because a template saved before that rule,
 * or a colour it cannot read, would otherwise put unreadable text in front of every visitor. A colour that
 * fails falls back to the brand token.
 */
const HEX = /^#([0-9a-f]{6})$/i;
const WHITE = '#ffffff';
/** `--text-muted` of tokens.css, the palest text drawn on the page background. */
const MUTED_TEXT = '#4a5b55';
/** WCAG AA for normal text. */
const AA = 4.5;

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function usable(colour: string, against: string): boolean {
  return HEX.test(colour) && contrast(colour, against) >= AA;
}

/** The CSS variables the landing's stylesheet reads; only the colours that pass are set. */
export function themeStyle(theme: TemplateData['theme']): CSSProperties {
  const style: Record<string, string> = {};
  if (usable(theme.primary, WHITE)) style['--promo-primary'] = theme.primary;
  if (usable(theme.background, MUTED_TEXT)) style['--promo-background'] = theme.background;
  return style as CSSProperties;
}
