import { render, screen } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_MODULES, QrCode, qrMatrix, qrPath } from './qr-code.tsx';

/** The dark cells an SVG path of ours draws, as "row,col" of the matrix (quiet zone taken off). */
function cellsOf(d: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i += 1) {
      cells.add(`${Number(y) - QR_QUIET_MODULES},${Number(x) - QR_QUIET_MODULES + i}`);
    }
  }
  return cells;
}

/** A finder pattern at (row, col): a dark 7×7 ring, a light ring, a dark 3×3 centre. */
function isFinder(matrix: boolean[][], row: number, col: number): boolean {
  for (let r = 0; r < 7; r += 1) {
    for (let c = 0; c < 7; c += 1) {
      const ring = r === 0 || r === 6 || c === 0 || c === 6;
      const centre = r >= 2 && r <= 4 && c >= 2 && c <= 4;
      if (matrix[row + r]![col + c] !== (ring || centre)) return false;
    }
  }
  return true;
}

describe('QR code', () => {
  it('has the three finder patterns of a QR code, at the right corners', () => {
    const matrix = qrMatrix('8808123456789012')!;
    const n = matrix.length;
    expect((n - 17) % 4).toBe(0);
    expect(isFinder(matrix, 0, 0)).toBe(true);
    expect(isFinder(matrix, 0, n - 7)).toBe(true);
    expect(isFinder(matrix, n - 7, 0)).toBe(true);
    expect(isFinder(matrix, n - 7, n - 7)).toBe(false);
  });

  it('draws exactly the dark modules, rows as rows (not transposed)', () => {
    const matrix = qrMatrix('upi://pay?pa=loans@axis&pn=Instant%20Loan&am=1500.00&cu=INR&tr=B1')!;
    const cells = cellsOf(qrPath(matrix));
    const expected = new Set<string>();
    matrix.forEach((row, r) => {
      row.forEach((dark, c) => {
        if (dark) expected.add(`${r},${c}`);
      });
    });
    expect(cells).toEqual(expected);
  });

  it('grows with the text and differs for different text', () => {
    expect(qrMatrix('1')!.length).toBe(21);
    expect(qrMatrix('x'.repeat(200))!.length).toBeGreaterThan(21);
    expect(qrPath(qrMatrix('8808123456789012')!)).not.toBe(qrPath(qrMatrix('8808123456789013')!));
  });

  it('writes non-ASCII text as UTF-8 (one byte per module codeword, not a lossy char code)', () => {
    // "é" is C3 A9 in UTF-8; the library on its own would write the single Latin-1 byte E9.
    const asBytes = (binary: string) => {
      const qr = qrcode(0, 'M');
      qr.addData(binary, 'Byte');
      qr.make();
      return Array.from({ length: qr.getModuleCount() }, (_, r) =>
        Array.from({ length: qr.getModuleCount() }, (_, c) => qr.isDark(r, c)),
      );
    };
    expect(qrMatrix('é')).toEqual(asBytes('\u00c3\u00a9'));
    expect(qrMatrix('é')).not.toEqual(asBytes('\u00e9'));
  });

  it('is an SVG image labelled with what it encodes, quiet zone included', () => {
    render(<QrCode text="8808123456789012" label="QR code of 8808 1234 5678 9012" />);
    const image = screen.getByRole('img', { name: 'QR code of 8808 1234 5678 9012' });
    const size = qrMatrix('8808123456789012')!.length + 2 * QR_QUIET_MODULES;
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
  });

  it('draws nothing for text too long for any QR code', () => {
    const { container } = render(<QrCode text={'x'.repeat(5000)} label="x" />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
