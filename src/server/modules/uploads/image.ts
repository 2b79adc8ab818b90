import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import { AppError } from '../../errors.ts';

const ACCEPTED = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
type Accepted = keyof typeof ACCEPTED;

/** Longest side we keep: plenty for evidence photos, and it bounds what we store and serve. */
const MAX_SIDE = 2560;

export interface ProcessedImage {
  body: Buffer;
  contentType: Accepted;
  ext: (typeof ACCEPTED)[Accepted];
  width: number;
  height: number;
}

/**
 * Most pixels we decode: a 24-megapixel phone photo (6000×4000) passes. Decoding cost grows with pixels
 * (and bit depth): a 1.2 MB PNG declaring 39.6 MP at 16 bits took 2.7 s of CPU and ~100 MB, so the
 * older 40 MP bound let a few small uploads occupy every core.
 */
export const IMAGE_PIXELS_MAX = COMPLAINT_LIMITS.imagePixelsMax;

const refuse = (key: string, status = 400) => new AppError('400', `complaints:messages.${key}`, status);

/**
 * At most `concurrency` decodes at once, at most `queue` more waiting; beyond that a caller is told "busy"
 * (503) at once rather than queued without end, holding its upload in memory while the phone times out.
 */
export function decodeGate(opts: { concurrency: number; queue: number }) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (active < opts.concurrency) active++;
      else if (waiting.length < opts.queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new AppError(ERROR_CODE.UNAVAILABLE);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
    limits: opts,
  };
}
export type DecodeGate = ReturnType<typeof decodeGate>;

/** One per process: decoding is CPU work, and these machines have two cores. */
export const imageDecodes = decodeGate({ concurrency: 2, queue: 8 });

/**
 * Judges an upload by its bytes (never its name or declared type), refuses decompression bombs before
 * decoding them, and re-encodes it: EXIF (GPS included) and anything appended to the image (a polyglot's
 * script, say) do not survive. Orientation from EXIF is applied first so photos stay upright.
 */
export async function processImage(input: Buffer, gate: DecodeGate = imageDecodes): Promise<ProcessedImage> {
  if (input.length === 0) throw refuse('imageMissing');
  if (input.length > COMPLAINT_LIMITS.imageBytesMax) throw refuse('imageTooLarge', 413);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(detected.mime in ACCEPTED)) throw refuse('imageInvalid', 415);
  const contentType = detected.mime as Accepted;

  let width: number;
  let height: number;
  try {
    // Only the header is read here: an image over the cap is refused before any pixel is decoded.
    const meta = await sharp(input, { limitInputPixels: IMAGE_PIXELS_MAX }).metadata();
    if (!meta.width || !meta.height) throw refuse('imageInvalid', 415);
    if (meta.width * meta.height > IMAGE_PIXELS_MAX) throw refuse('imageTooManyPixels', 413);
    width = meta.width;
    height = meta.height;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw /pixel limit/i.test(String((err as Error).message))
      ? refuse('imageTooManyPixels', 413)
      : refuse('imageInvalid', 415);
  }

  return gate.run(() => reencode(input, contentType, width, height));
}

async function reencode(
  input: Buffer,
  contentType: Accepted,
  width: number,
  height: number,
): Promise<ProcessedImage> {
  try {
    // limitInputPixels again: the decoder itself refuses past the cap whatever the header said.
    const pipeline = sharp(input, { limitInputPixels: IMAGE_PIXELS_MAX, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : contentType === 'image/webp'
          ? pipeline.webp({ quality: 85 })
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      body: data,
      contentType,
      ext: ACCEPTED[contentType],
      width: info.width ?? width,
      height: info.height ?? height,
    };
  } catch {
    // Truncated or corrupt data that only fails when fully decoded.
    throw refuse('imageInvalid', 415);
  }
}
