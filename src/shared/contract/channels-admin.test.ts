import { describe, expect, it } from 'vitest';
import { isBlankText } from '../domain/text.ts';
import {
  contrastRatio,
  isOwnPath,
  isStoreUrl,
  looksBlank,
  rangeProblem,
  ratioText,
  type TemplateFields,
  THEME_RULE,
  templateProblems,
} from './channels-admin.ts';

const good: TemplateFields = {
  name: 'Partner',
  headline: 'Loans in two hours',
  subline: '',
  appName: 'Kredito',
  bannerUrl: '',
  androidUrl: '',
  iosUrl: '',
  theme: { primary: '#087a50', background: '#e8f8f1' },
};
const problems = (over: Partial<TemplateFields>) =>
  templateProblems({ ...good, ...over }, isBlankText).map((p) => `${p.field}.${p.code}`);

describe('the landing template rules', () => {
  it('take the brand’s own pair (decision 007) and the seeded templates’ colours', () => {
    expect(problems({})).toEqual([]);
    expect(contrastRatio('#087a50', THEME_RULE.onPrimary)).toBeGreaterThanOrEqual(4.5);
  });

  it('measure contrast as WCAG 2 does', () => {
    expect(ratioText(contrastRatio('#000000', '#ffffff'))).toBe('21.0');
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The spec's brand green behind white text: 2.1:1 (decision 007).
    expect(ratioText(contrastRatio('#0DCC86', '#ffffff'))).toBe('2.1');
    // Cut, never rounded up to the threshold: 4.48 reads 4.4, not 4.5.
    expect(ratioText(4.48)).toBe('4.4');
  });

  it('refuse colours that fail the contrast rule or are not #rrggbb', () => {
    expect(problems({ theme: { primary: '#0dcc86', background: '#e8f8f1' } })).toEqual(['primary.contrast']);
    expect(problems({ theme: { primary: '#087a50', background: '#8a9a94' } })).toEqual([
      'background.contrast',
    ]);
    for (const colour of ['green', '#fff', '#0dcc8', '#0dcc866', '0dcc86', '#gggggg'])
      expect(problems({ theme: { primary: colour, background: '#e8f8f1' } }), colour).toEqual([
        'primary.notColour',
      ]);
    expect(problems({ theme: { primary: '#05603F', background: '#FFFFFF' } })).toEqual([]);
  });

  it('take banners on our own site only', () => {
    for (const url of ['/images/a.webp', '/uploads/x?v=2', '/a']) expect(isOwnPath(url), url).toBe(true);
    for (const url of [
      'https://cdn.example/a.png',
      '//cdn.example/a.png',
      '/\\cdn.example/a.png',
      'images/a.png',
      '/a b.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ])
      expect(isOwnPath(url), url).toBe(false);
    expect(problems({ bannerUrl: '//cdn.example/a.png' })).toEqual(['bannerUrl.notOwnPath']);
  });

  it('take https store listings only', () => {
    expect(isStoreUrl('https://play.google.com/store/apps/details?id=in.kredito.app')).toBe(true);
    expect(isStoreUrl('HTTPS://apps.apple.com/in/app/kredito/id1')).toBe(true);
    for (const url of [
      'http://play.google.com/x',
      'https://',
      'https://localhost/app',
      'https://play.google.com@evil.example/app',
      'https://user:pw@apps.apple.com/app',
      'https://apps.apple.com/a b',
      'ftp://apps.apple.com/app',
      'market://details?id=x',
    ])
      expect(isStoreUrl(url), url).toBe(false);
    expect(problems({ androidUrl: 'http://x.example', iosUrl: 'x' })).toEqual([
      'androidUrl.notHttps',
      'iosUrl.notHttps',
    ]);
  });

  it('need a name, an app name and a headline that show, and keep texts to their lengths, in the editor’s order', () => {
    expect(problems({ name: '', appName: ' ', headline: '\u200b\u2060' })).toEqual([
      'name.empty',
      'appName.empty',
      'headline.empty',
    ]);
    expect(
      problems({
        headline: 'x'.repeat(81),
        subline: 'x'.repeat(161),
        name: 'x'.repeat(61),
        appName: 'x'.repeat(41),
      }),
    ).toEqual(['name.tooLong', 'appName.tooLong', 'headline.tooLong', 'subline.tooLong']);
    expect(problems({ headline: 'x'.repeat(80), subline: 'x'.repeat(160) })).toEqual([]);
  });
});

describe('funnel ranges', () => {
  it('take 1 to 92 real days, in order', () => {
    expect(rangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(rangeProblem('2026-01-01', '2026-04-02')).toBeNull();
    expect(rangeProblem('2026-01-01', '2026-04-03')).toEqual({ field: 'to', code: 'tooLong' });
    expect(rangeProblem('2026-03-02', '2026-03-01')).toEqual({ field: 'from', code: 'order' });
    expect(rangeProblem('2026-12-31', '2027-01-01')).toBeNull();
    for (const day of ['', '2026-02-30', '2026-13-01', '2026-3-1', '20260301', '2026-03-01T00:00'])
      expect(rangeProblem(day, '2026-03-01'), day).toEqual({ field: 'from', code: 'badDay' });
    expect(rangeProblem('2024-02-29', '2024-02-29')).toBeNull();
    expect(rangeProblem('2026-03-01', '2025-02-29')).toEqual({ field: 'to', code: 'badDay' });
  });
});

describe('the editor’s copy of the "looks empty" rule', () => {
  it('answers as domain/text.ts does', () => {
    const samples = [
      '',
      ' ',
      '\t\n',
      '\u00a0',
      '\u3000',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      '\u00ad',
      '\u200e\u200f',
      '\u3164',
      'a',
      ' a ',
      '\u200bx',
      '0',
      'ß',
    ];
    for (const s of samples) expect(looksBlank(s), JSON.stringify(s)).toBe(isBlankText(s));
  });
});
