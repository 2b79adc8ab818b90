import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
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

const refuse = (key: string, status = 400) => new AppError('400', `complaints:messages.${key}`, status);

/**
 * Judges an upload by its bytes (never its name or declared type), refuses decompression bombs before
 * decoding them, and re-encodes it: EXIF (GPS included) and anything appended to the image (a polyglot's
 * script, say) do not survive. Orientation from EXIF is applied first so photos stay upright.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw refuse('imageMissing');
  if (input.length > COMPLAINT_LIMITS.imageBytesMax) throw refuse('imageTooLarge', 413);
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(detected.mime in ACCEPTED)) throw refuse('imageInvalid', 415);
  const contentType = detected.mime as Accepted;

  let width: number;
  let height: number;
  try {
    // limitInputPixels makes sharp refuse to decode past the cap (the header is read first).
    const meta = await sharp(input, { limitInputPixels: COMPLAINT_LIMITS.imagePixelsMax }).metadata();
    if (!meta.width || !meta.height) throw refuse('imageInvalid', 415);
    if (meta.width * meta.height > COMPLAINT_LIMITS.imagePixelsMax) throw refuse('imageTooManyPixels', 413);
    width = meta.width;
    height = meta.height;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw /pixel limit/i.test(String((err as Error).message))
      ? refuse('imageTooManyPixels', 413)
      : refuse('imageInvalid', 415);
  }

  try {
    const pipeline = sharp(input, { limitInputPixels: COMPLAINT_LIMITS.imagePixelsMax, failOn: 'error' })
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
