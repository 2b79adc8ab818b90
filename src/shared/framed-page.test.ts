import { describe, expect, it } from 'vitest';
import { lowPriorityCode } from './framed-page.ts';

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
});
