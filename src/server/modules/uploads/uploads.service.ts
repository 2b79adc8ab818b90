import { randomBytes } from 'node:crypto';
import type { ObjectStorage } from '../../adapters/storage.ts';
import { notFound } from '../../errors.ts';
import { processImage } from './image.ts';
import { signImagePath, uploadIdFromUrl, verifyImageSignature } from './signing.ts';
import type { UploadOwner, UploadsRepository } from './uploads.repository.ts';

/** Where images are served from (the complaint family's path). */
export const IMAGE_BASE = '/h5-api/v3/user-problem/image';

export function uploadsService(repo: UploadsRepository, storage: ObjectStorage, secret: string) {
  return {
    /** Validates and re-encodes an image, stores it under a random name, and returns a signed URL. */
    async store(input: Buffer, owner: UploadOwner) {
      const image = await processImage(input);
      const id = randomBytes(16).toString('base64url');
      const storedName = `${randomBytes(18).toString('base64url')}.${image.ext}`;
      // The object first, then the row: a crash between the two leaves an orphan file, never a row
      // that points at nothing.
      await storage.put(storedName, image.body);
      await repo.insert({
        id,
        ownerKind: owner.kind,
        ownerId: owner.id,
        storedName,
        contentType: image.contentType,
        bytes: image.body.length,
        width: image.width,
        height: image.height,
      });
      return { id, url: signImagePath(IMAGE_BASE, id, secret) };
    },

    url(id: string) {
      return signImagePath(IMAGE_BASE, id, secret);
    },

    idFromUrl(url: string) {
      return uploadIdFromUrl(url, IMAGE_BASE);
    },

    findUnusedOwned: repo.findUnusedOwned,

    /** The image behind a signed URL; not found for a bad or expired signature, as for a missing image. */
    async read(id: string, exp: number, sig: string) {
      if (!verifyImageSignature(id, exp, sig, secret)) throw notFound();
      const row = await repo.find(id);
      if (!row) throw notFound();
      const body = await storage.get(row.storedName);
      if (!body) throw notFound();
      return { body, contentType: row.contentType };
    },
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
