// Who is calling: resolves an Authorization header's bearer token to an app (app-only) or to a user
// of an app (OAuth 2.0 user context). Lookups are cached briefly in the server's memory because this
// runs on every request; any change to credentials made through this server clears its cache at once.
import type { Deps } from '../deps.js';
import { sha256 } from '../shared/secrets.js';
import { appsRepo, type AppRow, type Oauth1TokenRow, type Permission } from './apps.repo.js';

export type Caller =
  | { kind: 'app'; app: AppRow }
  | { kind: 'oauth2-user'; app: AppRow; userId: string; scopes: string[] }
  | { kind: 'oauth1-user'; app: AppRow; userId: string; access: Permission; token: string };

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** OAuth 1.0a lookups (consumer key → app, access token → row), cached like bearers: hits only. */
type Cached<T> = Map<string, { row: T; until: number }>;

/** This server's cached lookups; main.ts makes one per server (Runtime `credentials`). */
export type CredentialCache = {
  bearers: Map<string, { caller: Caller; until: number; expiresAt: number | null }>;
  appsByConsumerKey: Cached<AppRow>;
  accessTokens: Cached<Oauth1TokenRow>;
  forget(): void;
  stop(): void;
};

declare module '../deps.js' {
  interface Runtime {
    credentials: CredentialCache;
  }
}

export function createCredentialCache(): CredentialCache {
  const cache: CredentialCache = {
    bearers: new Map(),
    appsByConsumerKey: new Map(),
    accessTokens: new Map(),
    forget() {
      cache.bearers.clear();
      cache.appsByConsumerKey.clear();
      cache.accessTokens.clear();
    },
    stop: () => cache.forget(),
  };
  return cache;
}

/**
 * Any change to credentials made by this server: its cached lookups are dropped at once, and every
 * other node sharing the store is told to drop its own (ADR 0023): a token revoked through one node
 * must not keep working on another for the cache's TTL. The signal leaves before the caller answers
 * and arrives after its commit (the callers forget once the change is stored); the TTL stays the bound
 * if the signal connection is down.
 */
export function forgetCredentials(deps: Deps): void {
  deps.runtime.credentials.forget();
  void deps.cluster.signals.notify(CREDENTIALS_CHANNEL, deps.cluster.name).catch(() => undefined);
}

const CREDENTIALS_CHANNEL = 'credentials';

/** main.ts: drop this server's cached lookups when another node changed credentials. */
export function forgetOnSignal(deps: Deps): Promise<void> {
  return deps.cluster.signals.listen(CREDENTIALS_CHANNEL, (node) => {
    if (node !== deps.cluster.name) deps.runtime.credentials.forget();
  });
}

/** The cached row on a hit; else loaded, and cached when found (a miss is not: a key made a moment later must work). */
async function cachedOauth1<T>(
  deps: Deps,
  cached: Cached<T>,
  key: string,
  load: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const wall = deps.clock.wall();
  const hit = cached.get(key);
  if (hit && hit.until > wall) return hit.row;
  const row = await load();
  if (!row) return undefined;
  if (cached.size >= MAX_ENTRIES) cached.clear();
  cached.set(key, { row, until: wall + TTL_MS });
  return row;
}

export const appByConsumerKey = (deps: Deps, key: string) =>
  cachedOauth1(deps, deps.runtime.credentials.appsByConsumerKey, key, () => appsRepo.byConsumerKey(deps.db, key));

/** A live (not invalidated) OAuth 1.0a access token. */
export const liveAccessToken = (deps: Deps, token: string) =>
  cachedOauth1(deps, deps.runtime.credentials.accessTokens, token, async () => {
    const row = await appsRepo.oauth1Token(deps.db, token);
    return row && row.invalidated_at === null ? row : undefined;
  });

/** The bearer token of `Authorization: Bearer <token>`, or null. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export async function resolveBearer(deps: Deps, token: string): Promise<Caller | null> {
  const wall = deps.clock.wall();
  const cache = deps.runtime.credentials.bearers;
  const hit = cache.get(token);
  if (hit && hit.until > wall && (hit.expiresAt === null || hit.expiresAt > deps.clock.now())) return hit.caller;
  const hash = sha256(token);
  const app = await appsRepo.appByBearer(deps.db, hash);
  let caller: Caller | null = app ? { kind: 'app', app } : null;
  let expiresAt: number | null = null;
  if (!caller) {
    const t = await appsRepo.oauth2Token(deps.db, hash);
    if (t && t.kind === 'access' && t.revoked_at === null && (t.expires_at ?? Infinity) > deps.clock.now()) {
      const owner = await appsRepo.byId(deps.db, t.app_id);
      if (owner)
        caller = { kind: 'oauth2-user', app: owner, userId: t.user_id, scopes: t.scopes.split(' ').filter(Boolean) };
      expiresAt = t.expires_at;
    }
  }
  // Only hits are cached: a token minted a moment after a miss must work at once.
  if (!caller) return null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token, { caller, until: wall + TTL_MS, expiresAt });
  return caller;
}
