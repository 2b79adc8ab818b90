import { describe, expect, it } from 'vitest';
import { lowPriorityCode, withBootScript } from './framed-page.ts';

const PAGE = `<head>
    <script type="module" crossorigin src="/assets/h5-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
    <link rel="stylesheet" crossorigin href="/assets/app-shell-Ef56.css">
    <link rel="modulepreload" crossorigin href="/assets/complaint-form-page-Gh78.js">
  </head>`;

describe('a framed page asks for its code at low priority', () => {
  it('marks the entry and every module preload low, and leaves the stylesheets alone', () => {
    expect(lowPriorityCode(PAGE)).toBe(`<head>
    <script type="module" crossorigin fetchpriority="low" src="/assets/h5-Ab12.js"></script>
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-Cd34.js">
    <link rel="stylesheet" crossorigin href="/assets/app-shell-Ef56.css">
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/complaint-form-page-Gh78.js">
  </head>`);
  });

  it('refuses a page without its entry script (a changed shell would otherwise go unnoticed)', () => {
    expect(() => lowPriorityCode('<head></head>')).toThrow(/entry/);
  });

  it('leaves the boot module’s files at the default priority', () => {
    const page = withBootScript(PAGE, '/assets/boot-Ij90.js').replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/boot-Kl12.js">\n  </head>',
    );
    const low = lowPriorityCode(page, ['/assets/boot-Kl12.js']);
    expect(low).toContain('<script type="module" async crossorigin src="/assets/boot-Ij90.js"></script>');
    expect(low).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-Kl12.js">');
    expect(low).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/react-Cd34.js">',
    );
    expect(low).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/h5-Ab12.js">');
  });
});

describe('the H5 boot module has a script of its own', () => {
  it('goes before the entry, async, so it runs without waiting for the entry', () => {
    const page = withBootScript(PAGE, '/assets/boot-Ij90.js');
    expect(page.indexOf('boot-Ij90.js')).toBeLessThan(page.indexOf('h5-Ab12.js'));
    expect(page).toContain('<script type="module" async crossorigin src="/assets/boot-Ij90.js"></script>');
  });

  it('refuses a shell without its entry script', () => {
    expect(() => withBootScript('<head></head>', '/assets/boot.js')).toThrow(/entry/);
  });
});
