import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { SHELL_ROUTES } from '../../../shared/shell-routes.ts';
import { inertControls, renderScreenFrame } from './frames.tsx';

/**
 * The frames the build puts in each screen's page (decision 027): the screen's own first drawing, with
 * its title and headings in the page's language and skeletons (marked busy) where the data goes.
 */
const screens = SHELL_ROUTES.filter((r) => r.module && !r.demoOnly).map((r) => r.path);
/** Screens with nothing to load (copy only): their frame is the whole screen, with nothing busy. */
const WHOLE: readonly string[] = [H5_PATHS.repaymentInstruction];

describe('screen frames drawn at build time', () => {
  it.each(screens)('%s: a titled frame with its data still loading, in each language', async (path) => {
    const [en, id] = await Promise.all(LANGS.map((lang) => renderScreenFrame(path, lang)));
    for (const frame of [en!, id!]) {
      expect(frame.title).not.toBe('');
      expect(frame.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      if (WHOLE.includes(path)) expect(frame.html).not.toContain('aria-busy');
      else expect(frame.html).toContain('aria-busy="true"');
      expect(frame.html).not.toContain('<title>');
    }
    expect(id!.title).not.toBe(en!.title);
  });

  it('draws the repayment instructions whole, each language with its market’s ways to pay', async () => {
    const [en, id] = await Promise.all(LANGS.map((lang) => renderScreenFrame('/repaymentInstruction', lang)));
    expect(en!.html).toContain('UPI on this phone');
    expect(id!.html).toContain('Virtual account bank lewat ATM');
    expect(id!.html).not.toContain('UPI');
  });

  it('draws the Indonesian complaint form in Indonesian', async () => {
    const frame = await renderScreenFrame('/complainPageNext', 'id');
    expect(frame.title).toBe('Kirim pengaduan');
    expect(frame.html).toContain('Kirim pengaduan');
    expect(frame.html).not.toContain('Submit a complaint');
  });

  it("draws the complaint form's comment box itself, read-only, with what to write in it", async () => {
    const frame = await renderScreenFrame('/complainPageNext', 'en');
    const box = /<textarea[^>]*>/.exec(frame.html)?.[0] ?? '';
    expect(box).toContain('placeholder="Tell us what happened, when, and what you would like us to do."');
    expect(box).toMatch(/\sreadonly(=""|[\s>])/i);
    expect(box).toContain('tabindex="-1"');
  });

  it('draws fields read-only and buttons disabled: nothing typed or tapped before the code runs is lost', async () => {
    const frame = await renderScreenFrame('/intelligentCustomerService', 'en');
    const fields = frame.html.match(/<(input|textarea)\b[^>]*>/g) ?? [];
    const buttons = frame.html.match(/<button\b[^>]*>/g) ?? [];
    expect(fields.length).toBeGreaterThan(0);
    expect(buttons.length).toBeGreaterThan(0);
    for (const f of fields) expect(f).toMatch(/\breadonly=""/i);
    for (const b of buttons) expect(b).toContain('disabled=""');
  });

  it('leaves what is already read-only or disabled as it is', () => {
    expect(inertControls('<input readOnly="" value="1"/><button disabled="" type="button">x</button>')).toBe(
      '<input readOnly="" value="1"/><button disabled="" type="button">x</button>',
    );
    expect(inertControls('<input value="1"/><textarea></textarea><button type="submit">x</button>')).toBe(
      '<input readonly="" value="1"/><textarea readonly=""></textarea><button disabled="" type="submit">x</button>',
    );
  });
});
