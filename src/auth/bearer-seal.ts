// The live app-only bearer kept retrievable for `POST /oauth2/token`, sealed with a key derived from
// the app's consumer secret (ADR 0005): whoever can open it could already ask for it by client
// credentials, so the seal exposes nothing the stored consumer secret does not.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const keyOf = (consumerSecret: string) => createHash('sha256').update(`aviary:bearer-seal:${consumerSecret}`).digest();

export function sealBearer(token: string, consumerSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(consumerSecret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The token, or null when the seal is absent, foreign (another secret) or damaged. */
export function openBearer(sealed: string | null, consumerSecret: string): string | null {
  if (!sealed?.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(consumerSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
