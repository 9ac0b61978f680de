// Every SQL statement for apps and their credentials (consumer keys, bearer tokens, user tokens).
import type { Queryable } from '../store/index.js';

export type Permission = 'read' | 'read-write' | 'read-write-dm';
export type Tier = 'free' | 'basic' | 'pro' | 'pay-per-use' | 'enterprise';

export type AppRow = {
  id: string;
  name: string;
  permission: Permission;
  tier: Tier;
  consumer_key: string;
  consumer_secret: string;
  client_id: string;
  client_secret_hash: string;
  callback_urls: string;
  created_at: number;
};

export type Oauth1TokenRow = {
  token: string;
  secret: string;
  app_id: string;
  user_id: string;
  access: Permission;
  created_at: number;
  invalidated_at: number | null;
};

export type Oauth2TokenRow = {
  token_hash: string;
  kind: 'access' | 'refresh';
  app_id: string;
  user_id: string;
  scopes: string;
  family: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
};

export const appsRepo = {
  async insert(db: Queryable, a: AppRow): Promise<void> {
    await db.run(
      `INSERT INTO apps (id, name, permission, tier, consumer_key, consumer_secret, client_id, client_secret_hash, callback_urls, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        a.id,
        a.name,
        a.permission,
        a.tier,
        a.consumer_key,
        a.consumer_secret,
        a.client_id,
        a.client_secret_hash,
        a.callback_urls,
        a.created_at,
      ],
    );
  },
  byId: (db: Queryable, id: string) => db.get<AppRow>('SELECT * FROM apps WHERE id = ?', [id]),
  byConsumerKey: (db: Queryable, key: string) => db.get<AppRow>('SELECT * FROM apps WHERE consumer_key = ?', [key]),
  byClientId: (db: Queryable, clientId: string) => db.get<AppRow>('SELECT * FROM apps WHERE client_id = ?', [clientId]),
  list: (db: Queryable) => db.all<AppRow>('SELECT * FROM apps ORDER BY id'),
  async updateKeys(
    db: Queryable,
    id: string,
    k: { consumer_key: string; consumer_secret: string; client_secret_hash: string },
  ): Promise<void> {
    await db.run('UPDATE apps SET consumer_key = ?, consumer_secret = ?, client_secret_hash = ? WHERE id = ?', [
      k.consumer_key,
      k.consumer_secret,
      k.client_secret_hash,
      id,
    ]);
  },

  /** `sealed` is the token sealed with the consumer secret (ADR 0005), so client credentials can return it. */
  async insertBearer(
    db: Queryable,
    tokenHash: string,
    appId: string,
    now: number,
    sealed: string | null = null,
  ): Promise<void> {
    await db.run('INSERT INTO app_bearer_tokens (token_hash, app_id, created_at, sealed) VALUES (?, ?, ?, ?)', [
      tokenHash,
      appId,
      now,
      sealed,
    ]);
  },
  /** The app a live bearer token belongs to. */
  appByBearer: (db: Queryable, tokenHash: string) =>
    db.get<AppRow>(
      `SELECT apps.* FROM app_bearer_tokens t JOIN apps ON apps.id = t.app_id WHERE t.token_hash = ? AND t.invalidated_at IS NULL`,
      [tokenHash],
    ),
  /** The newest live bearer of an app, a retrievable (sealed) one first. */
  liveBearer: (db: Queryable, appId: string) =>
    db.get<{ token_hash: string; sealed: string | null }>(
      `SELECT token_hash, sealed FROM app_bearer_tokens WHERE app_id = ? AND invalidated_at IS NULL
     ORDER BY CASE WHEN sealed IS NULL THEN 1 ELSE 0 END, created_at DESC LIMIT 1`,
      [appId],
    ),
  async invalidateBearer(db: Queryable, appId: string, tokenHash: string, now: number): Promise<number> {
    return (
      await db.run(
        'UPDATE app_bearer_tokens SET invalidated_at = ? WHERE app_id = ? AND token_hash = ? AND invalidated_at IS NULL',
        [now, appId, tokenHash],
      )
    ).changes;
  },
  async invalidateBearers(db: Queryable, appId: string, now: number): Promise<number> {
    return (
      await db.run('UPDATE app_bearer_tokens SET invalidated_at = ? WHERE app_id = ? AND invalidated_at IS NULL', [
        now,
        appId,
      ])
    ).changes;
  },

  async insertOauth1Token(db: Queryable, t: Oauth1TokenRow): Promise<void> {
    await db.run(
      'INSERT INTO oauth1_tokens (token, secret, app_id, user_id, access, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [t.token, t.secret, t.app_id, t.user_id, t.access, t.created_at],
    );
  },
  oauth1Token: (db: Queryable, token: string) =>
    db.get<Oauth1TokenRow>('SELECT * FROM oauth1_tokens WHERE token = ?', [token]),
  async invalidateOauth1Tokens(db: Queryable, appId: string, now: number): Promise<void> {
    await db.run('UPDATE oauth1_tokens SET invalidated_at = ? WHERE app_id = ? AND invalidated_at IS NULL', [
      now,
      appId,
    ]);
  },
  liveOauth1Token: (db: Queryable, appId: string, userId: string) =>
    db.get<Oauth1TokenRow>(
      'SELECT * FROM oauth1_tokens WHERE app_id = ? AND user_id = ? AND invalidated_at IS NULL ORDER BY created_at DESC LIMIT 1',
      [appId, userId],
    ),
  async invalidateOauth1Token(db: Queryable, token: string, now: number): Promise<number> {
    return (
      await db.run('UPDATE oauth1_tokens SET invalidated_at = ? WHERE token = ? AND invalidated_at IS NULL', [
        now,
        token,
      ])
    ).changes;
  },
  async invalidateUserOauth1Tokens(db: Queryable, appId: string, userId: string, now: number): Promise<void> {
    await db.run(
      'UPDATE oauth1_tokens SET invalidated_at = ? WHERE app_id = ? AND user_id = ? AND invalidated_at IS NULL',
      [now, appId, userId],
    );
  },

  async insertOauth2Token(db: Queryable, t: Oauth2TokenRow): Promise<void> {
    await db.run(
      `INSERT INTO oauth2_tokens (token_hash, kind, app_id, user_id, scopes, family, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [t.token_hash, t.kind, t.app_id, t.user_id, t.scopes, t.family, t.created_at, t.expires_at],
    );
  },
  oauth2Token: (db: Queryable, tokenHash: string) =>
    db.get<Oauth2TokenRow>('SELECT * FROM oauth2_tokens WHERE token_hash = ?', [tokenHash]),
  async revokeOauth2Tokens(db: Queryable, appId: string, now: number): Promise<void> {
    await db.run('UPDATE oauth2_tokens SET revoked_at = ? WHERE app_id = ? AND revoked_at IS NULL', [now, appId]);
  },
  /** Revokes one token if still live; the number of rows changed says whether it was. */
  async revokeOauth2Token(db: Queryable, tokenHash: string, now: number): Promise<number> {
    return (
      await db.run('UPDATE oauth2_tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL', [
        now,
        tokenHash,
      ])
    ).changes;
  },
  async revokeOauth2Family(db: Queryable, family: string, now: number): Promise<void> {
    await db.run('UPDATE oauth2_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL', [now, family]);
  },
};
