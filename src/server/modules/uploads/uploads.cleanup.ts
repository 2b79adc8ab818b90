import type { FastifyBaseLogger } from 'fastify';
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

/**
 * Runs `task` now (when asked) and then every `intervalMs`, never two runs at once in this process;
 * a failure is logged and the next run tries again. The timer does not keep the process alive.
 */
export function schedule(
  task: () => Promise<unknown>,
  opts: {
    intervalMs: number;
    runAtStart: boolean;
    log: Pick<FastifyBaseLogger, 'info' | 'error'>;
    name: string;
    /** Whether a run's result is worth a log line (a frequent job that did nothing is not). */
    logWhen?: (result: unknown) => boolean;
  },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task()
      .then((result) => {
        if (!opts.logWhen || opts.logWhen(result)) opts.log.info({ result }, `${opts.name} done`);
      })
      .catch((err: unknown) => opts.log.error({ err }, `${opts.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  if (opts.runAtStart) run();
  const timer = opts.intervalMs > 0 ? setInterval(run, opts.intervalMs) : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
