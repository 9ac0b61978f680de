// Every SQL statement for users' X Chat public keys: one row per (user, key version).
import { marks, type Queryable } from '../../store/index.js';

export type PublicKeyRow = {
  user_id: string;
  version: string;
  public_key: string | null;
  signing_public_key: string | null;
  identity_public_key_signature: string | null;
  signing_public_key_signature: string | null;
  public_key_fingerprint: string | null;
  registration_method: string | null;
  created_at: number;
};

const COLUMNS = [
  'user_id',
  'version',
  'public_key',
  'signing_public_key',
  'identity_public_key_signature',
  'signing_public_key_signature',
  'public_key_fingerprint',
  'registration_method',
  'created_at',
] as const satisfies readonly (keyof PublicKeyRow)[];

export const publicKeysRepo = {
  /** Inserts the key; false when the user already has this version. */
  async insert(db: Queryable, k: PublicKeyRow): Promise<boolean> {
    const r = await db.run(
      `INSERT INTO chat_public_keys (${COLUMNS.join(', ')}) VALUES (${marks(COLUMNS.length)}) ON CONFLICT (user_id, version) DO NOTHING`,
      COLUMNS.map((c) => k[c]),
    );
    return r.changes > 0;
  },
  one: (db: Queryable, userId: string, version: string) =>
    db.get<PublicKeyRow>('SELECT * FROM chat_public_keys WHERE user_id = ? AND version = ?', [userId, version]),
  /** A user's keys, newest registration first. */
  ofUser: (db: Queryable, userId: string) =>
    db.all<PublicKeyRow>('SELECT * FROM chat_public_keys WHERE user_id = ? ORDER BY created_at DESC, version DESC', [
      userId,
    ]),
  /** The keys of several users, newest registration first within each. */
  ofUsers: (db: Queryable, userIds: readonly string[]) =>
    userIds.length === 0
      ? Promise.resolve([] as PublicKeyRow[])
      : db.all<PublicKeyRow>(
          `SELECT * FROM chat_public_keys WHERE user_id IN (${marks(userIds.length)}) ORDER BY created_at DESC, version DESC`,
          [...userIds],
        ),
};
