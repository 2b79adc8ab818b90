import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ledgerCheckService } from '../src/server/modules/ledger-check/ledger-check.service.ts';

/**
 * `npm run ledger:check`: the nightly ledger check (decision 049) now, against the database the server
 * would open with the same environment (DATABASE_URL for PostgreSQL, else the PGlite folder DATA_DIR).
 * The run is recorded like the nightly one. Prints a summary line and each breach; exits 1 when the
 * ledger breaks a rule, 2 when the check could not run, 0 when it is clean.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const result = await ledgerCheckService({ database }).run();
    if (!result) {
      console.error('Ledger check: another instance is running it now; try again when it ends.');
      return 2;
    }
    const seconds = ((result.finishedAt.getTime() - result.startedAt.getTime()) / 1000).toFixed(1);
    console.log(
      `Ledger check #${result.id}: ${result.ordersChecked} orders checked, ${result.breaches.length} breaches (${seconds} s).`,
    );
    for (const b of result.breaches) console.log(`  ${b.orderNo} (${b.market}) ${b.rule}: ${b.detail}`);
    return result.breaches.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  },
);
