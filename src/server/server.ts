import closeWithGrace from 'close-with-grace';
import { localFolderStorage } from './adapters/storage.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';

/** The process: validate config, open and migrate the database, seed demo data, serve, stop gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const storage = localFolderStorage(config.uploadDir);
  await seed(database.db, storage, { demo: config.demo });
  const app = await buildApp({ config, database, storage });

  // In-flight requests finish, new ones get 503 (return503OnClosing), and the process exits in time.
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, demo: config.demo },
    `serving on http://localhost:${(app.server.address() as { port: number }).port}`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
