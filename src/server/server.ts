import closeWithGrace from 'close-with-grace';
import { openStorage } from './adapters/storage.ts';
import { buildApp } from './app.ts';
import { ConfigError, demoDataKey, demoSigningKey, loadConfig, startupNotice } from './config.ts';
import { sealer } from './crypto/sealed.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_BORROWERS, seed } from './db/seed.ts';

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
  // Under the start-up lock, as the migration was: the seed checks what exists and then inserts, so two
  // instances seeding at once would both insert (one then fails on a unique key and exits).
  await database.underStartupLock(() =>
    seed(database.db, storage, {
      demo: config.demo,
      borrowersPerMarket: DEMO_BORROWERS_PER_MARKET,
      // The demo borrowers' identity numbers are sealed under the key the app opens them with.
      sealer: sealer(config.dataKey),
    }),
  );
  const app = await buildApp({ config, database, storage });

  // The scheduled work (jobs/index.ts, decision 073): loan jobs, credit sweep, gateway outbox, upload
  // clean-up and the nightly ledger check, each safe on every instance at once; on PostgreSQL through the
  // job library (one run at a time across instances, retries, cron in the markets' time zones), on PGlite
  // by this process's timers. Every run is recorded for the back office.
  await app.jobs.start();

  // In-flight requests finish, new ones get 503 (plugins/shutdown.ts), and the process exits in time.
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // Closing the app stops the jobs too: none is taken any more, the running one finishes (or, on
    // PostgreSQL, is released to be retried by another instance once the library's wait is over).
    await app.close();
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
