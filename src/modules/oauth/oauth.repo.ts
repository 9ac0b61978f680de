// Every SQL statement for the OAuth flows' own tables: 1.0a request tokens, 2.0 authorization codes,
// and the sign-in pages' sessions.
import type { Queryable } from '../../store/index.js';
import type { Permission } from '../../auth/index.js';

export type RequestTokenRow = {
  token: string;
  secret: string;
  app_id: string;
  callback: string;
  access: Permission;
  created_at: number;
  expires_at: number;
  user_id: string | null;
  verifier_hash: string | null;
  used_at: number | null;
};

export type CodeRow = {
  code_hash: string;
  app_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: string;
  challenge: string;
  challenge_method: 'S256' | 'plain';
  family: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

export const oauthRepo = {
  async insertRequestToken(
    db: Queryable,
    t: Omit<RequestTokenRow, 'user_id' | 'verifier_hash' | 'used_at'>,
  ): Promise<void> {
    await db.run(
      'INSERT INTO oauth1_request_tokens (token, secret, app_id, callback, access, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [t.token, t.secret, t.app_id, t.callback, t.access, t.created_at, t.expires_at],
    );
  },
  requestToken: (db: Queryable, token: string) =>
    db.get<RequestTokenRow>('SELECT * FROM oauth1_request_tokens WHERE token = ?', [token]),
  /** Records the user's approval once; false when the token was already decided or spent. */
  async approveRequestToken(db: Queryable, token: string, userId: string, verifierHash: string): Promise<boolean> {
    const r = await db.run(
      'UPDATE oauth1_request_tokens SET user_id = ?, verifier_hash = ? WHERE token = ? AND verifier_hash IS NULL AND used_at IS NULL',
      [userId, verifierHash, token],
    );
    return r.changes > 0;
  },
  /** Spends a request token (approved or denied); false when it was spent already. */
  async spendRequestToken(db: Queryable, token: string, now: number): Promise<boolean> {
    return (
      (await db.run('UPDATE oauth1_request_tokens SET used_at = ? WHERE token = ? AND used_at IS NULL', [now, token]))
        .changes > 0
    );
  },

  async insertCode(db: Queryable, c: Omit<CodeRow, 'used_at'>): Promise<void> {
    await db.run(
      `INSERT INTO oauth2_codes (code_hash, app_id, user_id, redirect_uri, scopes, challenge, challenge_method, family, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        c.code_hash,
        c.app_id,
        c.user_id,
        c.redirect_uri,
        c.scopes,
        c.challenge,
        c.challenge_method,
        c.family,
        c.created_at,
        c.expires_at,
      ],
    );
  },
  code: (db: Queryable, codeHash: string) =>
    db.get<CodeRow>('SELECT * FROM oauth2_codes WHERE code_hash = ?', [codeHash]),
  async spendCode(db: Queryable, codeHash: string, now: number): Promise<boolean> {
    return (
      (await db.run('UPDATE oauth2_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL', [now, codeHash]))
        .changes > 0
    );
  },

  async insertSession(
    db: Queryable,
    sessionHash: string,
    userId: string,
    now: number,
    expiresAt: number,
  ): Promise<void> {
    await db.run('INSERT INTO web_sessions (session_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [
      sessionHash,
      userId,
      now,
      expiresAt,
    ]);
  },
  liveSession: (db: Queryable, sessionHash: string, now: number) =>
    db.get<{ user_id: string }>('SELECT user_id FROM web_sessions WHERE session_hash = ? AND expires_at > ?', [
      sessionHash,
      now,
    ]),
};
