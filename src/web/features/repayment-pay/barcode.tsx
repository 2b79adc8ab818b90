/**
 * Code 128, subset B (ISO/IEC 15417): printable ASCII, which is what a mini market's till scans from a
 * pay code. Written here (a table and a checksum) rather than pulled in as a library, to keep the pay
 * screen light. Each symbol is six widths, bar first (bar, space, bar, space, bar, space), 11 modules in
 * all; the stop symbol has a seventh bar (13 modules).
 */
// biome-ignore format: the table reads as ten symbols a line (value 0-9, 10-19, …)
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const START_B = 104;
export const STOP = 106;
/** Quiet zone each side, in modules (the standard asks for at least 10). */
export const QUIET_MODULES = 10;

/** Subset B's value of each character: space (32) is 0 … DEL (127) is 95. */
function symbolValue(char: string): number {
  const code = char.charCodeAt(0);
  if (char.length !== 1 || code < 32 || code > 127) {
    throw new RangeError(`Code 128 B cannot encode ${JSON.stringify(char)}`);
  }
  return code - 32;
}

/** The check symbol: start value plus each data value times its position (from 1), modulo 103. */
export function code128Checksum(text: string): number {
  let sum = START_B;
  [...text].forEach((char, i) => {
    sum += symbolValue(char) * (i + 1);
  });
  return sum % 103;
}

/** The symbol values of `text`: start B, the data, the check symbol, stop. Throws outside ASCII 32-127. */
export function encodeCode128B(text: string): number[] {
  if (text.length === 0) throw new RangeError('Code 128 needs at least one character');
  return [START_B, ...[...text].map(symbolValue), code128Checksum(text), STOP];
}

/** The bars as [start module, width] pairs, after the left quiet zone; and the total width in modules. */
export function code128Bars(text: string): { bars: Array<[number, number]>; modules: number } {
  const bars: Array<[number, number]> = [];
  let x = QUIET_MODULES;
  for (const value of encodeCode128B(text)) {
    const widths = CODE128_PATTERNS[value]!;
    for (let i = 0; i < widths.length; i += 1) {
      const w = Number(widths[i]);
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    }
  }
  return { bars, modules: x + QUIET_MODULES };
}

export interface BarcodeProps {
  /** What the barcode carries (ASCII 32-127). */
  text: string;
  /** What a screen reader says: what the barcode encodes. */
  label: string;
  height?: number;
  className?: string;
}

/**
 * A Code 128 B barcode as SVG, one module per user unit: it scales to its box (CSS) and stays sharp.
 * Nothing is drawn for text Code 128 B cannot carry; the number is on screen beside it anyway.
 */
export function Barcode({ text, label, height = 60, className }: BarcodeProps) {
  let drawn: ReturnType<typeof code128Bars>;
  try {
    drawn = code128Bars(text);
  } catch {
    return null;
  }
  const d = drawn.bars.map(([x, w]) => `M${x} 0h${w}v${height}h${-w}z`).join('');
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawn.modules} ${height}`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      focusable="false"
      data-barcode={text}
    >
      <rect width={drawn.modules} height={height} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
