import { createHash, randomBytes } from 'node:crypto';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { ttlCache } from '../../cache.ts';
import { DEMO_BORROWERS } from '../../db/seed.ts';
import { notFound } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import { type InvalidationBus, localBus } from '../../shared-state/invalidation.ts';
import type { SessionRepository } from './session.repository.ts';

/** Tokens are 256 random bits; only their SHA-256 is stored (security baseline 7.2.3). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * How long this instance trusts a session it has checked without asking the database again. A logout
 * here takes effect at once; one made on another instance within a second through the change bus
 * (decision 071), or within this bound when no message reaches it (no REDIS_URL, Redis down).
 */
export const SESSION_CACHE_MS = 5_000;

export function sessionService(
  repo: SessionRepository,
  opts: { ttlMs: number; now?: () => Date; bus?: InvalidationBus },
) {
  const now = opts.now ?? (() => new Date());
  const bus = opts.bus ?? localBus();
  // Only live sessions are kept: an unknown token is asked about every time (and answered 401). Keyed by
  // the token itself, so a hit costs no hashing (2% of a read, decision 041): the process holds each
  // token anyway while its request runs, and the database still sees only hashes.
  const live = ttlCache<string, (BorrowerIdentity & { expiresAt: Date }) | null>({
    ttlMs: SESSION_CACHE_MS,
    max: 50_000,
    now: () => now().getTime(),
  });
  const lookup = async (tokenHash: string) => {
    const row = await repo.findLiveSession(tokenHash, now());
    if (!row || !isMarket(row.market)) return null;
    const { borrowerId: id, market, name, sessionId, expiresAt } = row;
    return { id, market, name, sessionId, expiresAt };
  };
  const lookupToken = (token: string) => lookup(hashToken(token));
  // Revocations made on other instances: by session id or borrower, never a token (O(size), as rare as
  // a logout; it also drops a lookup in flight, which may have read before the revocation).
  bus.subscribe((change) => {
    if (change.kind === 'session') live.deleteWhere((s) => s?.sessionId === change.sessionId);
    else if (change.kind === 'borrower') live.deleteWhere((s) => s?.id === change.borrowerId);
    else if (change.kind === 'missed') live.clear();
  });
  return {
    /** Opens a session for a borrower and returns the bearer token (shown once, never stored). */
    async open(borrowerId: number, deviceId: string | null): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await repo.insertSession({
        borrowerId,
        tokenHash: hashToken(token),
        deviceId,
        expiresAt: new Date(now().getTime() + opts.ttlMs),
      });
      return token;
    },

    async authenticate(token: string): Promise<BorrowerIdentity | null> {
      const found = await live.get(token, lookupToken);
      if (!found || found.expiresAt <= now()) {
        live.delete(token);
        return null;
      }
      const { expiresAt: _expiresAt, ...identity } = found;
      return identity;
    },

    /** Revokes the session in the database, forgets it here at once and tells the other instances. */
    async logout(identity: BorrowerIdentity, token: string): Promise<void> {
      await repo.revokeSession(identity.sessionId, now());
      live.delete(token);
      bus.publish({ kind: 'session', sessionId: identity.sessionId });
    },

    /**
     * Forgets every cached session of a borrower here at once (their sessions were revoked in the
     * database: an account closed), and tells the other instances.
     */
    forgetBorrower(borrowerId: number): void {
      live.deleteWhere((session) => session?.id === borrowerId);
      bus.publish({ kind: 'borrower', borrowerId });
    },

    /** Demo mode only: the market's seeded demo borrowers, numbered from 1 as demo sign-in takes them. */
    async demoBorrowers(market: Market) {
      const list = [];
      for (const [i, demo] of DEMO_BORROWERS[market].entries()) {
        const borrower = await repo.findBorrowerByPhone(market, demo.phone);
        if (borrower)
          list.push({ borrower: i + 1, userId: borrower.id, name: borrower.name, phone: borrower.phone });
      }
      return list;
    },

    /** Demo mode only: signs in the market's seeded demo borrower number `nth` (1, the default, …). */
    async demoLogin(market: Market, nth = 1) {
      const demo = DEMO_BORROWERS[market][nth - 1];
      const borrower = demo ? await repo.findBorrowerByPhone(market, demo.phone) : null;
      if (!borrower) throw notFound();
      // One device per demo borrower, as two phones would be.
      const deviceId =
        nth === 1 ? `demo-${market.toLowerCase()}-device` : `demo-${market.toLowerCase()}-${nth}-device`;
      const token = await this.open(borrower.id, deviceId);
      return { token, userId: borrower.id, market, phone: borrower.phone, name: borrower.name, deviceId };
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
