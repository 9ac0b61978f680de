// Apps and the credentials minted for them. Secrets that must be shown again (consumer secret, for
// HMAC) are kept; bearer tokens, client secrets and OAuth 2.0 tokens are stored only as hashes and
// shown once, as the developer portal does.
import type { Deps } from '../deps.js';
import { isoMillis } from '../shared/clock.js';
import { problems } from '../shared/problems.js';
import type { Queryable } from '../store/index.js';
import {
  newBearerToken,
  newClientId,
  newConsumerKey,
  newOAuth2Token,
  newSecret,
  alnum,
  sha256,
} from '../shared/secrets.js';
import { appsRepo, type AppRow, type Permission, type Tier } from './apps.repo.js';
import { sealBearer } from './bearer-seal.js';
import { forgetCredentials } from './credentials.js';

export const PERMISSIONS: readonly Permission[] = ['read', 'read-write', 'read-write-dm'];
export const TIERS: readonly Tier[] = ['free', 'basic', 'pro', 'pay-per-use', 'enterprise'];
/** OAuth 2.0 access tokens live two hours (DOCS oauth-2-0/authorization-code). */
export const ACCESS_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export type NewApp = { name: string; permission?: Permission; tier?: Tier; callback_urls?: string[] };
export type AppView = {
  id: string;
  name: string;
  permission: Permission;
  tier: Tier;
  consumer_key: string;
  consumer_secret: string;
  bearer_token?: string;
  client_id: string;
  client_secret?: string;
  callback_urls: string[];
  created_at: string;
};
export type IssuedSecrets = {
  consumer_key: string;
  consumer_secret: string;
  bearer_token: string;
  client_secret: string;
};

export function appView(app: AppRow, secrets?: Partial<IssuedSecrets>): AppView {
  return {
    id: app.id,
    name: app.name,
    permission: app.permission,
    tier: app.tier,
    consumer_key: app.consumer_key,
    consumer_secret: app.consumer_secret,
    ...(secrets?.bearer_token ? { bearer_token: secrets.bearer_token } : {}),
    client_id: app.client_id,
    ...(secrets?.client_secret ? { client_secret: secrets.client_secret } : {}),
    callback_urls: JSON.parse(app.callback_urls) as string[],
    created_at: isoMillis(app.created_at),
  };
}

/** Creates an app with fresh keys; `fixed` lets the demo dataset keep the same keys across resets. */
export async function createApp(
  deps: Deps,
  input: NewApp,
  fixed?: IssuedSecrets & { client_id: string },
): Promise<AppView> {
  const now = deps.clock.now();
  const secrets: IssuedSecrets = fixed ?? {
    consumer_key: newConsumerKey(),
    consumer_secret: newSecret(),
    bearer_token: newBearerToken(),
    client_secret: newSecret(),
  };
  const app: AppRow = {
    id: deps.ids.next(),
    name: input.name,
    permission: input.permission ?? 'read-write-dm',
    tier: input.tier ?? 'enterprise',
    consumer_key: secrets.consumer_key,
    consumer_secret: secrets.consumer_secret,
    client_id: fixed?.client_id ?? newClientId(),
    client_secret_hash: sha256(secrets.client_secret),
    callback_urls: JSON.stringify(input.callback_urls ?? []),
    created_at: now,
  };
  await deps.db.tx(async (tx) => {
    await appsRepo.insert(tx, app);
    await appsRepo.insertBearer(
      tx,
      sha256(secrets.bearer_token),
      app.id,
      now,
      sealBearer(secrets.bearer_token, app.consumer_secret),
    );
  });
  return appView(app, secrets);
}

export async function getApp(deps: Deps, id: string): Promise<AppRow> {
  const app = await appsRepo.byId(deps.db, id);
  if (!app)
    throw problems.resourceNotFound({
      parameter: 'id',
      value: id,
      resource_type: 'user',
      detail: `Could not find app with id: [${id}].`,
    });
  return app;
}

export const listApps = (deps: Deps) => appsRepo.list(deps.db);
export const findAppByConsumerKey = (deps: Deps, key: string) => appsRepo.byConsumerKey(deps.db, key);
export const findAppByClientId = (deps: Deps, clientId: string) => appsRepo.byClientId(deps.db, clientId);

/** New consumer key/secret, bearer and client secret; every token issued with the old ones dies at once. */
export async function regenerateKeys(deps: Deps, id: string): Promise<AppView> {
  const app = await getApp(deps, id);
  const now = deps.clock.now();
  const secrets: IssuedSecrets = {
    consumer_key: newConsumerKey(),
    consumer_secret: newSecret(),
    bearer_token: newBearerToken(),
    client_secret: newSecret(),
  };
  await deps.db.tx(async (tx) => {
    await appsRepo.updateKeys(tx, id, {
      consumer_key: secrets.consumer_key,
      consumer_secret: secrets.consumer_secret,
      client_secret_hash: sha256(secrets.client_secret),
    });
    await appsRepo.invalidateBearers(tx, id, now);
    await appsRepo.invalidateOauth1Tokens(tx, id, now);
    await appsRepo.revokeOauth2Tokens(tx, id, now);
    await appsRepo.insertBearer(
      tx,
      sha256(secrets.bearer_token),
      id,
      now,
      sealBearer(secrets.bearer_token, secrets.consumer_secret),
    );
  });
  forgetCredentials(deps);
  return appView({ ...app, consumer_key: secrets.consumer_key, consumer_secret: secrets.consumer_secret }, secrets);
}

/**
 * The portal's "generate access token": an OAuth 1.0a token `<user_id>-<random>` for one user.
 * Regenerating invalidates the user's previous pair for this app at once (seed, Authentication rule 2).
 */
export async function issueAccessToken(
  deps: Deps,
  app: AppRow,
  userId: string,
  access: Permission = app.permission,
  fixed?: { token: string; secret: string },
) {
  const token = fixed ?? { token: `${userId}-${alnum(40)}`, secret: alnum(45) };
  const now = deps.clock.now();
  await deps.db.tx(async (tx) => {
    await appsRepo.invalidateUserOauth1Tokens(tx, app.id, userId, now);
    await appsRepo.insertOauth1Token(tx, {
      ...token,
      app_id: app.id,
      user_id: userId,
      access: narrower(access, app.permission),
      created_at: now,
      invalidated_at: null,
    });
  });
  forgetCredentials(deps);
  return { oauth_token: token.token, oauth_token_secret: token.secret };
}

/** An OAuth 2.0 user token pair; the refresh token only with `offline.access` (DOCS authorization-code). */
export async function issueOAuth2Tokens(
  deps: Deps,
  app: AppRow,
  userId: string,
  scopes: string[],
  family = deps.ids.next(),
  db: Queryable = deps.db,
) {
  const now = deps.clock.now();
  const access = newOAuth2Token('at');
  const scope = scopes.join(' ');
  await appsRepo.insertOauth2Token(db, {
    token_hash: sha256(access),
    kind: 'access',
    app_id: app.id,
    user_id: userId,
    scopes: scope,
    family,
    created_at: now,
    expires_at: now + ACCESS_TOKEN_TTL_MS,
    revoked_at: null,
  });
  let refresh: string | undefined;
  if (scopes.includes('offline.access')) {
    refresh = newOAuth2Token('rt');
    await appsRepo.insertOauth2Token(db, {
      token_hash: sha256(refresh),
      kind: 'refresh',
      app_id: app.id,
      user_id: userId,
      scopes: scope,
      family,
      created_at: now,
      expires_at: null,
      revoked_at: null,
    });
  }
  return {
    token_type: 'bearer',
    access_token: access,
    ...(refresh ? { refresh_token: refresh } : {}),
    expires_in: ACCESS_TOKEN_TTL_MS / 1000,
    scope,
  };
}

/** A grant never exceeds the app's own permission level. */
export function narrower(a: Permission, b: Permission): Permission {
  return PERMISSIONS[Math.min(PERMISSIONS.indexOf(a), PERMISSIONS.indexOf(b))]!;
}
