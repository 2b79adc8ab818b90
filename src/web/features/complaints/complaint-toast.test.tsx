import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { applyStyles } from './complaint-test-kit.tsx';

// antd-mobile's own toast stylesheet, as the route chunks bring it (after the shell's).
const require = createRequire(`${process.cwd()}/`);
const antdToastCss = readFileSync(require.resolve('antd-mobile/es/components/toast/toast.css'), 'utf8');

let removeStyles: (() => void)[] = [];
beforeAll(() => setupAntdMobile('id'));
afterEach(() => {
  Toast.clear();
  for (const remove of removeStyles) remove();
  removeStyles = [];
});

/**
 * The complaint screens' messages go through the one toast (the request helper's refusals too):
 * its words must break between words, never inside one ("pengad uan").
 */
describe('the shell toast, as the complaint screens show it', () => {
  it('breaks lines between words, and only an overlong token inside', async () => {
    removeStyles.push(applyStyles('../../ui/shell.css'));
    const library = document.createElement('style');
    library.textContent = antdToastCss;
    document.head.append(library);
    removeStyles.push(() => library.remove());

    toast.show('Pesanan yang dipilih tidak mendukung pengaduan jenis penagihan.');
    const main = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.adm-toast-main');
      expect(element?.textContent).toContain('pengaduan');
      return element!;
    });
    expect(getComputedStyle(main).wordBreak).toBe('normal');
    expect(getComputedStyle(main).overflowWrap).toBe('anywhere');
  });
});
