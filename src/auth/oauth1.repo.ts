// Every SQL statement for OAuth 1.0a nonces: one row per (consumer key, token, nonce) seen, kept
// until its timestamp falls out of the accepted window.
import type { Queryable } from '../store/index.js';

export const noncesRepo = {
  /**
   * Records a nonce; false when a live row already holds it (a replay). An expired row is taken
   * over, so a nonce reused after its window is not mistaken for a replay before pruning.
   */
  async remember(db: Queryable, key: string, expiresAt: number, now: number): Promise<boolean> {
    const r = await db.run(
      `INSERT INTO oauth1_nonces (nonce_key, expires_at) VALUES (?, ?)
       ON CONFLICT (nonce_key) DO UPDATE SET expires_at = excluded.expires_at WHERE oauth1_nonces.expires_at < ?`,
      [key, expiresAt, now],
    );
    return r.changes > 0;
  },
  async prune(db: Queryable, now: number): Promise<void> {
    await db.run('DELETE FROM oauth1_nonces WHERE expires_at < ?', [now]);
  },
};
