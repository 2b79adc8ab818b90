import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal numbers at rest (issue 30): bank account numbers, PAN, NIK, the emergency contacts' phones. A
 * database copy, a backup or a log of a query never holds one in clear. AES-256-GCM under a key from the
 * environment (`DATA_KEY`, 32 bytes in base64), a fresh 12-byte nonce per value, the purpose bound in as
 * associated data so a value sealed as one thing cannot be opened as another. The stored text is
 * `v1.<nonce>.<ciphertext>.<tag>` in base64url: the version names the scheme, for a later key rotation.
 *
 * A keyed hash (HMAC-SHA-256 under a key derived from the same secret) finds duplicates (one account
 * number bound by two borrowers) without decrypting anything.
 */
export interface Sealer {
  seal(purpose: string, clear: string): string;
  /** The clear text, or an error when the value was not sealed under this key and purpose. */
  open(purpose: string, sealed: string): string;
  /** A stable keyed hash of the value for equality lookups (never reversible, never the same as another purpose's). */
  lookup(purpose: string, clear: string): string;
}

const VERSION = 'v1';

export class SealError extends Error {}

/** `secret`: the DATA_KEY, 32 bytes in base64 or base64url (44 or 43 characters). */
export function sealer(secret: string): Sealer {
  const master = Buffer.from(secret, 'base64');
  if (master.length !== 32) throw new SealError('DATA_KEY must be 32 bytes in base64');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  const encryption = derive('sealed-fields/encryption');
  const hashing = derive('sealed-fields/lookup');
  return {
    seal(purpose, clear) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryption, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      const parts = [nonce, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(purpose, sealed) {
      const [version, nonce, body, tag] = sealed.split('.');
      if (version !== VERSION || !nonce || body === undefined || !tag)
        throw new SealError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryption, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Never the value, never the key: only that it did not open.
        throw new SealError('the sealed value does not open under this key and purpose');
      }
    },
    lookup(purpose, clear) {
      return createHmac('sha256', hashing).update(`${purpose}\u0000${clear}`).digest('base64url');
    },
  };
}

/** A new random DATA_KEY (demo mode makes one per data folder; operators make theirs with this). */
export const newDataKey = () => randomBytes(32).toString('base64');
