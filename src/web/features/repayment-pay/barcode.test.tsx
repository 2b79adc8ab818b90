import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  Barcode,
  CODE128_PATTERNS,
  code128Bars,
  code128Checksum,
  encodeCode128B,
  QUIET_MODULES,
  START_B,
  STOP,
} from './barcode.tsx';

const sum = (pattern: string) => [...pattern].reduce((total, w) => total + Number(w), 0);

describe('Code 128 B', () => {
  it('has 107 distinct symbols of 11 modules, bars even and spaces odd (13 modules for stop)', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      expect(sum(pattern), `symbol ${value}`).toBe(value === STOP ? 13 : 11);
      const bars = [...pattern].filter((_, i) => i % 2 === 0).reduce((t, w) => t + Number(w), 0);
      expect(bars % 2, `symbol ${value} bar modules`).toBe(0);
    });
    expect(CODE128_PATTERNS[START_B]).toBe('211214');
    expect(CODE128_PATTERNS[STOP]).toBe('2331112');
  });

  it('computes the check symbol of a known value', () => {
    // The textbook example: 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; 879 mod 103 = 55.
    expect(code128Checksum('PJJ123C')).toBe(55);
    // "Wikipedia": 3281 mod 103 = 88.
    expect(code128Checksum('Wikipedia')).toBe(88);
    expect(encodeCode128B('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('weighs each character by its position, so swapped characters change the check', () => {
    expect(code128Checksum('12')).not.toBe(code128Checksum('21'));
    expect(code128Checksum('0')).toBe((104 + 16) % 103);
  });

  it('lays the bars out with quiet zones: 11 modules a symbol, 13 for stop', () => {
    const { bars, modules } = code128Bars('AB');
    // start, A, B, check: 4 × 11; stop 13; quiet zones 2 × 10.
    expect(modules).toBe(4 * 11 + 13 + 2 * QUIET_MODULES);
    // Start B begins with a bar of 2 modules right after the quiet zone; stop ends with a bar of 2.
    expect(bars[0]).toEqual([QUIET_MODULES, 2]);
    const last = bars.at(-1)!;
    expect(last[0] + last[1]).toBe(modules - QUIET_MODULES);
    expect(last[1]).toBe(2);
    // Three bars a symbol, four for stop.
    expect(bars).toHaveLength(4 * 3 + 4);
  });

  it('refuses what subset B cannot carry', () => {
    expect(() => encodeCode128B('Rp 1€')).toThrow(RangeError);
    expect(() => encodeCode128B('')).toThrow(RangeError);
  });

  it('draws an SVG image labelled with what it encodes', () => {
    render(<Barcode text="ALFA123456" label="Barcode of payment code ALFA123456" />);
    const image = screen.getByRole('img', { name: 'Barcode of payment code ALFA123456' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${code128Bars('ALFA123456').modules} 60`);
    const d = image.querySelector('path')!.getAttribute('d')!;
    expect(d.match(/M/g)).toHaveLength(code128Bars('ALFA123456').bars.length);
    expect(d.startsWith(`M${QUIET_MODULES} 0h2v60h-2z`)).toBe(true);
  });

  it('draws nothing for text it cannot encode', () => {
    const { container } = render(<Barcode text="kode–1" label="x" />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
