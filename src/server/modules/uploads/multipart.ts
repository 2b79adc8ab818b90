import type { FastifyRequest } from 'fastify';
import { COMPLAINT_LIMITS } from '../../../shared/contract/constants.ts';
import { AppError } from '../../errors.ts';

/** The bytes of the one image in multipart field `field`, with the image messages for each refusal. */
export async function readImageField(req: FastifyRequest, field: string): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('400', 'complaints:messages.imageMissing');
  let body: Buffer | undefined;
  try {
    const file = await req.file({
      limits: { fileSize: COMPLAINT_LIMITS.imageBytesMax, files: 1, fields: 4 },
    });
    if (file && file.fieldname === field) body = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('413', 'complaints:messages.imageTooLarge', 413);
    }
    throw new AppError('400', 'complaints:messages.imageInvalid');
  }
  if (!body) throw new AppError('400', 'complaints:messages.imageMissing');
  return body;
}
