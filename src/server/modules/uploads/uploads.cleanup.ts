import type { ObjectStorage } from '../../adapters/storage.ts';
import type { UploadsRepository } from './uploads.repository.ts';

export interface CleanupOptions {
  /** An upload nothing uses is deleted once it is this old (a borrower may still be writing the complaint). */
  unattachedMs: number;
  /** A temp file is deleted once it is this old (far longer than any write takes). */
  tempMs: number;
  /** Rows deleted per transaction: bounds how long rows stay locked and objects are held in one run. */
  batch?: number;
}

/**
 * Removes what uploads leave behind: temp files of writes cut short by a crash (kill -9), and uploads
 * never attached to a complaint (a borrower who picked a photo and gave up), rows and objects both.
 */
export function uploadsCleanup(repo: UploadsRepository, storage: ObjectStorage, opts: CleanupOptions) {
  const batch = opts.batch ?? 200;
  return async function cleanUp(now: Date = new Date()) {
    const tempFiles = await storage.removeStaleTemp(new Date(now.getTime() - opts.tempMs));
    const olderThan = new Date(now.getTime() - opts.unattachedMs);
    let uploads = 0;
    for (;;) {
      const deleted = await repo.deleteUnattached(olderThan, batch, async (names) => {
        for (const name of names) await storage.delete(name);
      });
      uploads += deleted;
      if (deleted < batch) break;
    }
    return { tempFiles, uploads };
  };
}
