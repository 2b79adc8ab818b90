import closeWithGrace from 'close-with-grace';
import { openStorage } from './adapters/storage.ts';
import { buildApp } from './app.ts';
import { ConfigError, demoDataKey, demoSigningKey, loadConfig, startupNotice } from './config.ts';
import { sealer } from './crypto/sealed.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_BORROWERS, seed } from './db/seed.ts';
import { schedule, uploadsCleanup } from './modules/uploads/uploads.cleanup.ts';
import { uploadsRepository } from './modules/uploads/uploads.repository.ts';

const LOAN_JOBS_INTERVAL_MS = 60_000;
const GATEWAY_CALLBACKS_INTERVAL_MS = 2_000;
const CREDIT_SWEEP_INTERVAL_MS = 30_000;
/** How often the process asks whether the nightly ledger check is due (it runs once a night). */
const LEDGER_CHECK_POLL_MS = 10 * 60_000;
const DEMO_BORROWERS_PER_MARKET = Math.min(DEMO_BORROWERS.IN.length, DEMO_BORROWERS.ID.length);

/** The process: validate config, open and migrate the database, seed demo data, serve, stop gracefully. */
async function main() {
  const loaded = loadConfig();
  // Demo mode without a configured key: the data folder's own random key, so links survive restarts.
  const config = {
    ...loaded,
    urlSigningSecret: loaded.urlSigningSecret ?? demoSigningKey(loaded.dataDir),
    dataKey: loaded.dataKey ?? demoDataKey(loaded.dataDir),
  };
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, readConnections: config.databaseReadConnections }
      : // Its own thread: PGlite's work no longer stalls the requests this thread is answering.
        { kind: 'pglite', dataDir: config.dataDir, thread: true },
  );
  // A local folder for one process, or the bucket every instance shares (decision 072).
  const storage = await openStorage(config.storage);
  // Demo mode gets every demo borrower (several per market); tests keep the one their fixtures expect.
  await seed(database.db, storage, {
    demo: config.demo,
    borrowersPerMarket: DEMO_BORROWERS_PER_MARKET,
    // The demo borrowers' identity numbers are sealed under the key the app opens them with.
    sealer: sealer(config.dataKey),
  });
  const app = await buildApp({ config, database, storage });

  // Safe on every instance at once: each stale upload is claimed by one of them (uploads.repository.ts).
  const cleanup = schedule(uploadsCleanup(uploadsRepository(database.db), storage, config.uploadCleanup), {
    intervalMs: config.uploadCleanup.intervalMs,
    runAtStart: config.uploadCleanup.intervalMs > 0,
    log: app.log,
    name: 'upload clean-up',
  });

  // Due dates, overdue days and late charges: every minute, and at once to catch up after a stop. Safe on
  // every instance at once (loan-jobs.ts).
  const jobs = schedule(() => app.loanJobs.run(), {
    intervalMs: LOAN_JOBS_INTERVAL_MS,
    runAtStart: true,
    log: app.log,
    name: 'loan jobs',
  });

  // Payments a crash left recorded but not credited: credited through the callback's own path (or put in
  // the reconciliation list), at start too. Safe on every instance at once (decision 045).
  const sweep = schedule(() => app.creditSweep(), {
    intervalMs: CREDIT_SWEEP_INTERVAL_MS,
    runAtStart: true,
    log: app.log,
    name: 'credit sweep',
    logWhen: (r) => {
      const { credited, review, undecided } = r as { credited: number; review: number; undecided: number };
      return credited + review + undecided > 0;
    },
  });

  // The ledger check, once a night (decision 049): asked every few minutes, it runs when the night's
  // window is open and no run started in it yet; one instance runs it (advisory lock, run recorded).
  // A breach is an alert for the operators; the log carries counts, the back office the breaches.
  const nightlyCheck = async () => {
    const r = await app.ledgerCheck.nightly();
    if (!r) return null;
    const summary = { id: r.id, ordersChecked: r.ordersChecked, breaches: r.breaches.length };
    if (summary.breaches > 0) app.log.error({ alert: true, ...summary }, 'ledger check found breaches');
    return summary;
  };
  const ledgerCheck = schedule(nightlyCheck, {
    intervalMs: LEDGER_CHECK_POLL_MS,
    runAtStart: true,
    log: app.log,
    name: 'ledger check',
    logWhen: (r) => r !== null,
  });

  // The sandbox gateway's callbacks: sent every few seconds until our webhook acknowledges them (rows in
  // the database, so a restart loses none; several instances share them with skip-locked claims).
  const callbacks = schedule(() => app.gateway.deliverDue(app.gatewayCallbacks()), {
    intervalMs: GATEWAY_CALLBACKS_INTERVAL_MS,
    runAtStart: false,
    log: app.log,
    name: 'gateway callbacks',
    logWhen: (r) =>
      (r as { delivered: number; failed: number }).delivered + (r as { failed: number }).failed > 0,
  });

  // In-flight requests finish, new ones get 503 (plugins/shutdown.ts), and the process exits in time.
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await cleanup.stop();
    await jobs.stop();
    await sweep.stop();
    await ledgerCheck.stop();
    await callbacks.stop();
    storage.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  app.log.info({ database: database.kind, demo: config.demo, host: config.host, port }, 'serving');
  // Said on the console too, not only in the JSON log: whoever ran `npm start` must see it.
  for (const line of startupNotice(config, port)) console.log(line);
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
