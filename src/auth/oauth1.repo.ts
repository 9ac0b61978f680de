// Every SQL statement for OAuth 1.0a nonces. A nonce is known by its timestamp (seconds) and a digest
// (PostgreSQL) or fingerprint (SQLite) of client, token and nonce: unique per timestamp, client and
// token (RFC 5849 §3.3).
// - PostgreSQL (`oauth1_nonces`): a row per nonce, keyed `<timestamp, 12 digits>:<digest>`, so one
//   `INSERT … ON CONFLICT DO NOTHING RETURNING` tells every process which nonces are new.
// - SQLite (`oauth1_nonce_fingerprints`): one process judges from memory; the store keeps what it saw
//   for a restart, a row per timestamp second and write-behind batch, the 60-bit fingerprints as a
//   blob of 32-bit halves.
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
  /** Removes up to `limit` keys whose timestamp is before `timestampS` (bounded: never a long stall). */
  async prune(db: Queryable, timestampS: number, limit: number): Promise<void> {
    await db.run(
      'DELETE FROM oauth1_nonces WHERE nonce_key IN (SELECT nonce_key FROM oauth1_nonces WHERE nonce_key < ? ORDER BY nonce_key LIMIT ?)',
      [nonceKeyPrefix(timestampS), limit],
    );
  },
};

export const nonceLogRepo = {
  /** Appends fingerprints seen (pairs of 30-bit halves), grouped by timestamp second. */
  async append(db: Queryable, rows: readonly { second: number; fingerprints: Int32Array }[]): Promise<void> {
    if (rows.length === 0) return;
    await db.run(
      `INSERT INTO oauth1_nonce_fingerprints (second, fingerprints) VALUES ${rows.map(() => '(?, ?)').join(', ')}`,
      rows.flatMap((r) => [r.second, littleEndian(r.fingerprints)]),
    );
  },
  /** Every fingerprint recorded for one timestamp second, as pairs of halves. */
  async fingerprintsOf(db: Queryable, second: number): Promise<Int32Array> {
    const rows = await db.all<{ fingerprints: Buffer }>(
      'SELECT fingerprints FROM oauth1_nonce_fingerprints WHERE second = ?',
      [second],
    );
    const out = new Int32Array(rows.reduce((n, r) => n + (r.fingerprints.length >> 2), 0));
    let at = 0;
    for (const { fingerprints: b } of rows) for (let i = 0; i + 4 <= b.length; i += 4) out[at++] = b.readInt32LE(i);
    return out;
  },
  /** The newest timestamp second recorded, or null. */
  async newestSecond(db: Queryable): Promise<number | null> {
    const s = (await db.get<{ s: number | bigint | null }>('SELECT MAX(second) AS s FROM oauth1_nonce_fingerprints'))
      ?.s;
    return s === null || s === undefined ? null : Number(s);
  },
  /** Forgets the seconds before `second` (a few rows each: one per write-behind batch). */
  async prune(db: Queryable, second: number): Promise<void> {
    await db.run('DELETE FROM oauth1_nonce_fingerprints WHERE second < ?', [second]);
  },
};

/** The store's bytes for a run of 32-bit integers: little-endian whatever the machine. */
function littleEndian(values: Int32Array): Buffer {
  const out = Buffer.allocUnsafe(4 * values.length);
  for (let i = 0; i < values.length; i++) out.writeInt32LE(values[i]!, 4 * i);
  return out;
}
