import { createHash, randomBytes } from 'node:crypto';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { DEMO_BORROWERS } from '../../db/seed.ts';
import { notFound } from '../../errors.ts';
import type { BorrowerIdentity } from '../../plugins/auth.ts';
import type { SessionRepository } from './session.repository.ts';

/** Tokens are 256 random bits; only their SHA-256 is stored (security baseline 7.2.3). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionService(repo: SessionRepository, opts: { ttlMs: number; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
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
      const row = await repo.findLiveSession(hashToken(token), now());
      if (!row || !isMarket(row.market)) return null;
      return { id: row.borrowerId, market: row.market, name: row.name, sessionId: row.sessionId };
    },

    async logout(identity: BorrowerIdentity): Promise<void> {
      await repo.revokeSession(identity.sessionId, now());
    },

    /** Demo mode only: signs in the market's seeded demo borrower. */
    async demoLogin(market: Market) {
      const demo = DEMO_BORROWERS[market];
      const borrower = await repo.findBorrowerByPhone(market, demo.phone);
      if (!borrower) throw notFound();
      const deviceId = `demo-${market.toLowerCase()}-device`;
      const token = await this.open(borrower.id, deviceId);
      return { token, userId: borrower.id, market, phone: borrower.phone, name: borrower.name, deviceId };
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
