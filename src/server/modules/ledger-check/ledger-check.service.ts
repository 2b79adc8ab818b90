import type { LedgerBreach, LedgerChecksData } from '../../../shared/contract/ledger-check.ts';
import { ERROR_CODE } from '../../../shared/contract/reply-codes.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { ledgerCheckRepository, type StoredRun } from './ledger-check.repository.ts';
import { orderBreaches } from './ledger-check.rules.ts';

/** The key of the advisory lock that lets one instance at a time run the check (PostgreSQL). */
const CHECK_LOCK = 8_008_049;
/** Orders read per statement: a page's rows stay small while the number of round trips stays low. */
const PAGE = 1_000;
/** Breaches kept per run: past it one `truncated` entry says how many more were found. */
const KEPT = 10_000;
/** Runs listed in the back office. */
const LISTED = 20;
/**
 * The nightly run: from 19:30 UTC (01:00 in India, 02:30 in Indonesia), for six hours, so it runs in
 * both markets' night and never at a daytime start of the process.
 */
export const NIGHTLY = { utcMinutes: 19 * 60 + 30, windowMs: 6 * 3_600_000 } as const;

const DAY = 86_400_000;

/** The start of the latest nightly window at or before `now`. */
export function nightlySlot(now: Date): Date {
  const midnight = Math.floor(now.getTime() / DAY) * DAY;
  const today = midnight + NIGHTLY.utcMinutes * 60_000;
  return new Date(today <= now.getTime() ? today : today - DAY);
}

export interface CheckResult {
  id: number;
  startedAt: Date;
  finishedAt: Date;
  ordersChecked: number;
  breaches: LedgerBreach[];
}

/**
 * The ledger check (issue 27, decision 049): every order, page by page in id order, against the ledger's
 * invariants (ledger-check.rules.ts); the run and its breaches recorded in `ledger_checks` in one
 * statement at the end. A run reads only: it never changes a ledger row. On PostgreSQL one instance at
 * a time runs it (a transaction-scoped advisory lock held for the run, as the loan jobs do); in one
 * process, calls while a run is going share it.
 */
export function ledgerCheckService(deps: {
  database: Pick<Database, 'db' | 'run' | 'kind'>;
  now?: () => Date;
  pageSize?: number;
}) {
  const { database } = deps;
  const now = deps.now ?? (() => new Date());
  const pageSize = deps.pageSize ?? PAGE;
  const repo = ledgerCheckRepository(database);

  async function check(tx: Db, nightly: boolean): Promise<CheckResult | null> {
    const startedAt = now();
    // Under the lock, so two instances waking in the same window run it once.
    if (nightly) {
      const last = await repo.lastStarted(tx);
      const slot = nightlySlot(startedAt);
      if (startedAt.getTime() - slot.getTime() >= NIGHTLY.windowMs || (last && last >= slot)) return null;
    }
    const breaches: LedgerBreach[] = [];
    let more = 0;
    let ordersChecked = 0;
    let after = 0;
    for (;;) {
      const page = await repo.page(after, pageSize);
      for (const o of page) {
        for (const b of orderBreaches(o)) {
          if (breaches.length < KEPT) breaches.push(b);
          else more++;
        }
      }
      ordersChecked += page.length;
      if (page.length < pageSize) break;
      after = page[page.length - 1]!.id;
    }
    if (more > 0) {
      const last = breaches[breaches.length - 1]!;
      breaches.push({
        orderNo: last.orderNo,
        market: last.market,
        rule: 'truncated',
        detail: `${more} more`,
      });
    }
    const stored: StoredRun = await repo.record(tx, {
      startedAt,
      finishedAt: now(),
      ordersChecked,
      breaches,
    });
    return { ...stored, finishedAt: stored.finishedAt ?? startedAt };
  }

  async function once(nightly: boolean): Promise<CheckResult | null> {
    const { db } = database;
    if (database.kind !== 'postgres') return check(db, nightly);
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      return (await repo.tryRunLock(tx, CHECK_LOCK)) ? check(tx, nightly) : null;
    });
  }

  let running: Promise<CheckResult | null> | null = null;
  const start = (nightly: boolean) => {
    if (running) return running;
    running = once(nightly).finally(() => {
      running = null;
    });
    return running;
  };

  return {
    /** A run now (the back office's button, `npm run ledger:check`); null when another instance is running one. */
    run: (): Promise<CheckResult | null> => start(false),

    /** The nightly run, when the night's window is open and no run started in it yet; null otherwise. */
    nightly: async (): Promise<CheckResult | null> => {
      // Outside the window nothing is asked of the database (the process asks every few minutes).
      const at = now();
      if (at.getTime() - nightlySlot(at).getTime() >= NIGHTLY.windowMs) return null;
      return start(true);
    },

    /** A run now for a staff member: refused while another instance runs one. */
    async runFor(staff: Pick<StaffIdentity, 'markets'>) {
      const result = await start(false);
      if (!result) throw new AppError(ERROR_CODE.CONFLICT, 'admin:ledgerCheck.errors.running', 409);
      return {
        id: result.id,
        startedAt: result.startedAt.toISOString(),
        finishedAt: result.finishedAt.toISOString(),
        ordersChecked: result.ordersChecked,
        breachCount: result.breaches.filter((b) => staff.markets.includes(b.market)).length,
      };
    },

    /** The latest runs and the latest one's breaches, in the staff member's markets. */
    async latest(staff: Pick<StaffIdentity, 'markets'>): Promise<LedgerChecksData> {
      if (staff.markets.length === 0) return { runs: [], breaches: [] };
      const { runs, breaches } = await repo.latest(staff.markets, LISTED);
      return { runs: runs as unknown as LedgerChecksData['runs'], breaches };
    },
  };
}
export type LedgerCheckService = ReturnType<typeof ledgerCheckService>;
