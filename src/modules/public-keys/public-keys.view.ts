// Stored key → the wire `PublicKey` (SPEC 2.166 components.schemas.PublicKey), with the Juicebox key
// recovery configuration the real service hands out beside a key. Juicebox splits a user's PIN-
// protected secret over several "realms"; clients need each realm's address and an auth token.
// Aviary runs no realms: it names three, stable per server, and mints their tokens per user, so a
// client gets a well-formed configuration that stays the same between calls (ASSUMED: realm
// addresses and thresholds are not published).
import { createHash } from 'node:crypto';
import { pick, type Renderers } from '../../shared/pick.js';
import type { PublicKeyRow } from './public-keys.repo.js';

/** What a key renders with: the time tokens are minted at and whether it is the registration answer. */
export type KeyContext = { now: number; registering: boolean };

const REALMS = ['aviary-realm-a', 'aviary-realm-b', 'aviary-realm-c'];
const MAX_GUESSES = 20;
const TOKEN_TTL_S = 24 * 60 * 60;
const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** An unsigned-looking JWT (`alg` HS256, the signature a hash of the claims) for the user at one realm. */
function realmToken(userId: string, realm: string, now: number): string {
  const iat = Math.floor(now / 1000);
  const body = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: userId, aud: realm, iat, exp: iat + TOKEN_TTL_S })}`;
  return `${body}.${createHash('sha256').update(body).digest('base64url')}`;
}

export function juiceboxConfig(userId: string, ctx: KeyContext): Record<string, unknown> {
  const tokenMap = REALMS.map((name) => {
    const key = hex(name).slice(0, 32);
    const value: Record<string, string> = {
      address: `https://juicebox.aviary.invalid/${key}/`,
      token: realmToken(userId, key, ctx.now),
    };
    if (ctx.registering) value.public_key = hex(`${name}:public`);
    return { key, value };
  });
  const out: Record<string, unknown> = {
    key_store_token_map_json: JSON.stringify(Object.fromEntries(tokenMap.map((t) => [t.key, t.value]))),
    max_guess_count: MAX_GUESSES,
    token_map: tokenMap,
  };
  // "Only returned when registering a key" (SPEC ChatJuiceboxConfig).
  if (ctx.registering) {
    out.realm_state_string = hex(`${userId}:${REALMS.join(',')}`);
    out.register_threshold = REALMS.length;
    out.recover_threshold = REALMS.length - 1;
  }
  return out;
}

const RENDER: Renderers<PublicKeyRow, KeyContext> = {
  identity_public_key_signature: (k) => k.identity_public_key_signature ?? undefined,
  juicebox_config: (k, ctx) => juiceboxConfig(k.user_id, ctx),
  public_key: (k) => k.public_key ?? undefined,
  public_key_version: (k) => k.version,
  signing_public_key: (k) => k.signing_public_key ?? undefined,
};
/** Always rendered, with `public_key.fields` on top (ASSUMED; the spec marks no field required). */
export const DEFAULT_KEY_FIELDS = ['public_key_version', 'public_key'];
export const ALL_KEY_FIELDS = Object.keys(RENDER);

export function publicKeyView(k: PublicKeyRow, fields: readonly string[], ctx: KeyContext): Record<string, unknown> {
  return pick(RENDER, k, [...new Set([...DEFAULT_KEY_FIELDS, ...fields])], {}, ctx);
}
