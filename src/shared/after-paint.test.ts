import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_SCRIPT, codeAfterPaint } from './after-paint.ts';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Complaint</title>
    <script type="module" crossorigin src="/assets/h5-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js">
    <link rel="stylesheet" crossorigin href="/assets/app-shell-Ef56.css">
    <link rel="modulepreload" crossorigin href="/assets/complaint-form-page-Gh78.js">
  </head>
  <body>
    <div id="root"><h1>Complaint</h1></div>
  </body>
</html>`;

/** Runs the inline script against a minimal document, with frames and timers driven by hand. */
function boot(html: string) {
  const meta = /<meta name="screen-code" content="([^"]*)">/.exec(html)?.[1];
  const added: Array<Record<string, string>> = [];
  const frames: Array<() => void> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const document = {
    querySelector: () => (meta === undefined ? null : { content: meta }),
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (el: Record<string, string>) => added.push(el) },
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', AFTER_PAINT_SCRIPT)(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  return { added, frames, timers };
}

describe('code after paint', () => {
  it('takes the entry and the preloads out of the head, keeps the stylesheets', () => {
    const page = codeAfterPaint(PAGE);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-shell-Ef56.css">');
    expect(page).toContain(
      '<meta name="screen-code" content="/assets/h5-Ab12.js /assets/react-Cd34.js /assets/complaint-form-page-Gh78.js">',
    );
    // The script runs after the frame's markup is parsed.
    expect(page.indexOf('<script>')).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(page).toContain(`<script>${AFTER_PAINT_SCRIPT}</script>`);
  });

  it('refuses a page without an entry rather than send a screen that never starts', () => {
    expect(() => codeAfterPaint(PAGE.replace(/<script[^>]*><\/script>/, ''))).toThrow(/entry/);
  });

  it('adds the preloads and then the entry after the next frame, once', () => {
    const { added, frames, timers } = boot(codeAfterPaint(PAGE));
    expect(added).toEqual([]);
    frames.shift()!();
    // The frame schedules a task (after paint); the fallback timer waits 250 ms.
    expect(timers.map((t) => t.ms)).toEqual([250, 0]);
    timers.find((t) => t.ms === 0)!.fn();
    expect(added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/react-Cd34.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/complaint-form-page-Gh78.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/h5-Ab12.js' },
    ]);
    timers.find((t) => t.ms === 250)!.fn();
    expect(added).toHaveLength(3);
  });

  it('starts the code by its timer when no frame comes (a page opened in the background)', () => {
    const { added, timers } = boot(codeAfterPaint(PAGE));
    timers.find((t) => t.ms === 250)!.fn();
    expect(added.at(-1)).toEqual({
      tag: 'script',
      type: 'module',
      crossOrigin: '',
      src: '/assets/h5-Ab12.js',
    });
  });
});
