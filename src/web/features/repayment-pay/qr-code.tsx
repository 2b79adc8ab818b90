import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules (the standard asks for 4). */
export const QR_QUIET_MODULES = 4;

/** The text as UTF-8 bytes, one per character: what the library's byte mode writes as it is. */
function utf8Binary(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return binary;
}

/**
 * The dark modules of the QR code of `text` (error correction M, the smallest version that holds it),
 * as a grid of rows; null when the text is too long for any version.
 */
export function qrMatrix(text: string): boolean[][] | null {
  try {
    const qr = qrcode(0, 'M');
    qr.addData(utf8Binary(text), 'Byte');
    qr.make();
    const size = qr.getModuleCount();
    return Array.from({ length: size }, (_, row) =>
      Array.from({ length: size }, (_, col) => qr.isDark(row, col)),
    );
  } catch {
    return null;
  }
}

/** One SVG path of unit squares, a run of dark modules in a row as one rectangle. */
export function qrPath(matrix: boolean[][]): string {
  let d = '';
  matrix.forEach((cells, row) => {
    let col = 0;
    while (col < cells.length) {
      if (!cells[col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < cells.length && cells[col]) col += 1;
      d += `M${start + QR_QUIET_MODULES} ${row + QR_QUIET_MODULES}h${col - start}v1h${start - col}z`;
    }
  });
  return d;
}

export interface QrCodeProps {
  /** What the code carries (a virtual-account number, a `upi://pay` link). */
  text: string;
  /** What a screen reader says: what the code encodes. */
  label: string;
  className?: string;
}

/** A QR code as SVG, one module per user unit: sized by CSS, sharp at any density, no request. */
export function QrCode({ text, label, className }: QrCodeProps) {
  const matrix = useMemo(() => qrMatrix(text), [text]);
  if (!matrix) return null;
  const size = matrix.length + 2 * QR_QUIET_MODULES;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      focusable="false"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
