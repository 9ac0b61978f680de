// Fault rules as plain data, and the pure decisions over them: does a rule match what is happening
// (a request, an open stream, a webhook delivery or challenge check), is it still live (count,
// expiry on the service clock), and does it fire this time (its own seeded PRNG, shared/prng.ts).
// Every matching occurrence draws exactly once from the rule's PRNG, so the same seed and the same
// sequence of matching occurrences fire the same ones on every run.
import { mulberry32 } from '../shared/prng.js';

/** What a rule acts on. */
export const TARGETS = ['request', 'stream', 'delivery', 'crc'] as const;
export type Target = (typeof TARGETS)[number];

/**
 * What a rule does, by target: requests fail, slow down or lose their connection; streams are cut;
 * webhooks lag or are lost.
 */
export const ACTIONS: Record<Target, readonly string[]> = {
  request: ['error', 'latency', 'reset'],
  stream: ['disconnect'],
  delivery: ['drop', 'latency'],
  crc: ['drop', 'latency'],
};
export type Action = 'error' | 'latency' | 'reset' | 'disconnect' | 'drop';

/** The wire families a request rule can name (the Ads API, OAuth endpoints, v1.1 and v2). */
export const FAMILIES = ['v2', 'v1.1', 'oauth', 'ads'] as const;
export type Family = (typeof FAMILIES)[number] | 'control';

/** Seed 000 Errors, `operational-disconnect`; SPEC OperationalDisconnectProblem.disconnect_type. */
export const DISCONNECT_TYPES = [
  'OperationalDisconnect',
  'UpstreamOperationalDisconnect',
  'ForceDisconnect',
  'UpstreamUncleanDisconnect',
  'SlowReader',
  'InternalError',
  'ClientApplicationStateDegraded',
  'InvalidRules',
] as const;
export type DisconnectType = (typeof DISCONNECT_TYPES)[number];

export type Match = {
  method?: string;
  /** A route template (`/2/tweets/:id`) or a literal path, matched whole. */
  path?: string;
  path_prefix?: string;
  family?: (typeof FAMILIES)[number];
  app_id?: string;
  user_id?: string;
  /** The credential the caller sent: a bearer token or an OAuth 1.0a access token. */
  token?: string;
  webhook_id?: string;
  url?: string;
};

/** How a request rule answers (action `error`). */
export type Answer = {
  status: number;
  problem?: string;
  code?: string | number;
  message?: string;
  fields?: Record<string, unknown>;
  retry_after?: number;
};

export type Rule = {
  id: string;
  target: Target;
  action: Action;
  match: Match;
  answer: Answer | null;
  latency_ms: number;
  disconnect_type: DisconnectType | null;
  probability: number;
  count: number | null;
  seed: number;
  created_at: number;
  expires_at: number | null;
  /** Occurrences that matched (each drew once) and those the rule acted on. */
  matched: number;
  fired: number;
  draw: () => number;
};

export type NewRule = Omit<Rule, 'matched' | 'fired' | 'draw'>;

export function makeRule(r: NewRule): Rule {
  return { ...r, matched: 0, fired: 0, draw: mulberry32(r.seed) };
}

/** What a request, stream or webhook occurrence offers to match on. */
export type Occurrence = {
  target: Target;
  method?: string;
  path?: string;
  route?: string;
  family?: Family;
  appId?: string | null;
  userId?: string | null;
  token?: string | null;
  webhookId?: string | null;
  url?: string;
};

/** The wire family of a path, as the rules name them; the control API is never a fault's target. */
export function familyOf(path: string): Family {
  if (path.startsWith('/_aviary')) return 'control';
  if (path.startsWith('/2/oauth2/') || path.startsWith('/oauth/') || path.startsWith('/oauth2/')) return 'oauth';
  if (path.startsWith('/1.1/')) return 'v1.1';
  if (/^\/(12|11|5)(\/|$)/.test(path)) return 'ads';
  return 'v2';
}

export function isLive(r: Rule, now: number): boolean {
  return (r.count === null || r.fired < r.count) && (r.expires_at === null || now < r.expires_at);
}

const eq = (want: string | undefined, have: string | null | undefined) => want === undefined || want === have;

export function matches(r: Rule, o: Occurrence): boolean {
  if (r.target !== o.target || o.family === 'control') return false;
  const m = r.match;
  if (m.method !== undefined && m.method !== o.method) return false;
  if (m.path !== undefined && m.path !== o.path && m.path !== o.route) return false;
  if (m.path_prefix !== undefined && !(o.path ?? '').startsWith(m.path_prefix)) return false;
  return (
    eq(m.family, o.family) &&
    eq(m.app_id, o.appId) &&
    eq(m.user_id, o.userId) &&
    eq(m.token, o.token) &&
    eq(m.webhook_id, o.webhookId) &&
    eq(m.url, o.url)
  );
}

/** Draws for a live matching rule; true when it acts this time (and counts it). */
export function fires(r: Rule, o: Occurrence, now: number): boolean {
  if (!isLive(r, now) || !matches(r, o)) return false;
  r.matched++;
  if (r.draw() >= r.probability) return false;
  r.fired++;
  return true;
}

/** The rules that act on this occurrence, in creation order; each live matching rule draws once. */
export function firing(rules: readonly Rule[], o: Occurrence, now: number): Rule[] {
  const out: Rule[] = [];
  for (const r of rules) if (fires(r, o, now)) out.push(r);
  return out;
}
