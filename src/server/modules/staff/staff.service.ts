import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Staff } from '../../../shared/contract/admin.ts';
import type { StaffRole } from '../../../shared/contract/constants.ts';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { AppError } from '../../errors.ts';
import type { StaffRepository } from './staff.repository.ts';

export const LOCKOUT = { attempts: 5, minutes: 15 } as const;
const SESSION_HOURS = 12;

export interface StaffIdentity extends Staff {
  sessionId: number;
  csrfToken: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

function toStaff(row: { id: number; email: string; name: string; role: string; markets: string }): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'agent',
    markets: row.markets.split(',').filter(isMarket) as Market[],
  };
}

/** The audit log's target for a sign-in with an e-mail no staff member has: what was typed is not kept. */
export const UNKNOWN_EMAIL = 'unknown';
/** An id no row has (serial ids start at 1). */
const NO_ACCOUNT = 0;

export function staffService(repo: StaffRepository, opts: { now?: () => Date } = {}) {
  const now = opts.now ?? (() => new Date());
  // Verifying against a real hash for unknown e-mails and locked accounts keeps the reply time from
  // telling who exists or who is locked.
  const dummyHash = hash('not-a-real-password-at-all');
  const dummyVerify = async (password: string) => {
    await verify(await dummyHash, password).catch(() => false);
  };

  return {
    /**
     * Every refusal is the same 401 with the same message, whether the e-mail is unknown, the password
     * wrong or the account locked (decision 022): the reply does not tell which. The audit log tells
     * staff apart, but keeps an e-mail only when it is a staff member's.
     */
    async login(emailInput: string, password: string, ip: string) {
      const email = emailInput.trim().toLowerCase();
      const user = await repo.findByEmail(email);
      const refused = new AppError('401', 'staff:errors.badCredentials', 401);
      const at = now();
      const lockUntil = new Date(at.getTime() + LOCKOUT.minutes * 60_000);
      if (!user?.active) {
        // The same round trips as for a staff member (the attempt update matches no row), then argon2.
        await repo.takeAttempt(NO_ACCOUNT, at, LOCKOUT.attempts, lockUntil);
        await dummyVerify(password);
        await repo.audit({
          staffId: user?.id ?? null,
          action: 'login.failed',
          target: user?.email ?? UNKNOWN_EMAIL,
          ip,
        });
        throw refused;
      }
      const attempt = await repo.takeAttempt(user.id, at, LOCKOUT.attempts, lockUntil);
      if (attempt === null) {
        await dummyVerify(password);
        await repo.audit({ staffId: user.id, action: 'login.locked', target: user.email, ip });
        throw refused;
      }
      if (!(await verify(user.passwordHash, password).catch(() => false))) {
        // The attempt was counted before the check; the one that used the last attempt locked the account.
        const action = attempt >= LOCKOUT.attempts ? 'login.lockout' : 'login.failed';
        await repo.audit({ staffId: user.id, action, target: user.email, ip });
        throw refused;
      }
      await repo.clearFailures(user.id);
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const session = await repo.insertSession({
        staffId: user.id,
        tokenHash: sha256(token),
        csrfToken,
        expiresAt: new Date(at.getTime() + SESSION_HOURS * 3600_000),
      });
      await repo.audit({ staffId: user.id, action: 'login', target: user.email, ip });
      return {
        token,
        maxAgeSeconds: SESSION_HOURS * 3600,
        identity: { ...toStaff(user), sessionId: session.id, csrfToken },
      };
    },

    async authenticate(token: string): Promise<StaffIdentity | null> {
      const row = await repo.findLiveSession(sha256(token), now());
      return row ? { ...toStaff(row), sessionId: row.sessionId, csrfToken: row.csrfToken } : null;
    },

    async logout(identity: StaffIdentity, ip: string) {
      await repo.revokeSession(identity.sessionId, now());
      await repo.audit({ staffId: identity.id, action: 'logout', ip });
    },

    audit: repo.audit,
    auditPage: repo.auditPage,
  };
}
export type StaffService = ReturnType<typeof staffService>;

export function hasRole(identity: StaffIdentity, roles: readonly StaffRole[] | undefined): boolean {
  return !roles || roles.includes(identity.role);
}
