// Every SQL statement for OAuth 1.0a nonces. A key is `<timestamp, 12 digits>:<digest of client,
// token and nonce>`: unique per timestamp, client and token (RFC 5849 §3.3), written in roughly
// increasing order, and expired by key range once its timestamp leaves the window.
import type { Queryable } from '../store/index.js';

export const nonceKeyPrefix = (timestampS: number) => String(timestampS).padStart(12, '0') + ':';

export const noncesRepo = {
  /** Records nonce keys; returns those that were new (the others are replays). */
  async rememberMany(db: Queryable, rows: readonly { key: string; expiresAt: number }[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await db.all<{ nonce_key: string }>(
      `INSERT INTO oauth1_nonces (nonce_key, expires_at) VALUES ${rows.map(() => '(?, ?)').join(', ')}
       ON CONFLICT (nonce_key) DO NOTHING RETURNING nonce_key`,
      rows.flatMap((r) => [r.key, r.expiresAt]),
    );
    return new Set(inserted.map((r) => r.nonce_key));
  },
  /** Records nonce keys already known to be new (written behind the requests); a key present is left alone. */
  async recordMany(db: Queryable, rows: readonly { key: string; expiresAt: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await db.run(
      `INSERT INTO oauth1_nonces (nonce_key, expires_at) VALUES ${rows.map(() => '(?, ?)').join(', ')} ON CONFLICT (nonce_key) DO NOTHING`,
      rows.flatMap((r) => [r.key, r.expiresAt]),
    );
  },
  /** The greatest key recorded (the newest timestamp), or null. */
  async newestKey(db: Queryable): Promise<string | null> {
    return (await db.get<{ k: string | null }>('SELECT MAX(nonce_key) AS k FROM oauth1_nonces'))?.k ?? null;
  },
  /** Removes up to `limit` keys whose timestamp is before `timestampS` (bounded: never a long stall). */
  async prune(db: Queryable, timestampS: number, limit: number): Promise<void> {
    await db.run(
      'DELETE FROM oauth1_nonces WHERE nonce_key IN (SELECT nonce_key FROM oauth1_nonces WHERE nonce_key < ? ORDER BY nonce_key LIMIT ?)',
      [nonceKeyPrefix(timestampS), limit],
    );
  },
};
