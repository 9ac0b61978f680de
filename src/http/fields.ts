// The query parameters every v2 read shares: field lists and expansions per object kind, paging and
// time windows, validated by parseQuery with the real messages (notes §1.3, §8.2) and returned as
// plain data (Selection, page position) for services. Routes spread these specs in the spec's order.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeJson } from '../shared/json.js';
import { ANY_AUTH, USER_ONLY, type AuthRule } from './auth.js';
import { decodeToken, type Position } from '../shared/cursor.js';
import { problems } from '../shared/problems.js';
import { ISO_TIME, parseIsoTime } from '../shared/iso-time.js';
import { EMPTY_SELECTION, type Actor, type Selection, type Viewer } from '../shared/selection.js';
import { FIELD_ENUMS as F } from './field-enums.js';
import type { ParamSpec, Query } from './params.js';
import { JSON_UTF8 } from './wire.js';

const list = (values: readonly string[]): ParamSpec => ({ kind: 'list', values });
/** SPEC 2.167 renamed `tweet.fields` to `post.fields` and XDK 0.6.6 sends that name: both are read. */
const POST_FIELDS = { 'post.fields': list(F.TweetFieldsParameter) };
export const ID_PATTERN = /^[0-9]{1,19}$/;

export const TWEET_SELECTION = {
  'tweet.fields': list(F.TweetFieldsParameter),
  expansions: list(F.TweetExpansionsParameter),
  'media.fields': list(F.MediaFieldsParameter),
  'poll.fields': list(F.PollFieldsParameter),
  'user.fields': list(F.UserFieldsParameter),
  'place.fields': list(F.PlaceFieldsParameter),
  ...POST_FIELDS,
} satisfies Record<string, ParamSpec>;
export const USER_SELECTION = {
  'user.fields': list(F.UserFieldsParameter),
  expansions: list(F.UserExpansionsParameter),
  'tweet.fields': list(F.TweetFieldsParameter),
  ...POST_FIELDS,
} satisfies Record<string, ParamSpec>;
export const LIST_SELECTION = {
  'list.fields': list(F.ListFieldsParameter),
  expansions: list(F.ListExpansionsParameter),
  'user.fields': list(F.UserFieldsParameter),
} satisfies Record<string, ParamSpec>;
export const DM_SELECTION = {
  'dm_event.fields': list(F.DmEventFieldsParameter),
  expansions: list(F.DmEventExpansionsParameter),
  'media.fields': list(F.MediaFieldsParameter),
  'user.fields': list(F.UserFieldsParameter),
  'tweet.fields': list(F.TweetFieldsParameter),
  ...POST_FIELDS,
} satisfies Record<string, ParamSpec>;
export const MEDIA_SELECTION = { 'media.fields': list(F.MediaFieldsParameter) } satisfies Record<string, ParamSpec>;

const idSpec = (name: string): ParamSpec => ({
  kind: 'string',
  pattern: ID_PATTERN,
  message: `The \`${name}\` query parameter value [{v}] does not match ^[0-9]{1,19}$`,
});
const timeSpec = (name: string): ParamSpec => ({
  kind: 'string',
  pattern: ISO_TIME,
  message: `Invalid '${name}'. '${name}' must be a valid RFC 3339 date-time (YYYY-MM-DDTHH:mm:ssZ).`,
});

/** `max_results` within the spec's range for the endpoint, and `pagination_token`. */
export function paging(min: number, max: number) {
  return { max_results: { kind: 'int', min, max } as ParamSpec, pagination_token: { kind: 'string' } as ParamSpec };
}
export const TIME_WINDOW = {
  since_id: idSpec('since_id'),
  until_id: idSpec('until_id'),
  start_time: timeSpec('start_time'),
  end_time: timeSpec('end_time'),
} satisfies Record<string, ParamSpec>;
export const EXCLUDE = { exclude: list(['replies', 'retweets']) } satisfies Record<string, ParamSpec>;

type Parsed = { [k: string]: unknown };
const strs = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);
/** Whether the query names any `*.fields` or `expansions` (not a second list of them to keep in step). */
function asksForFields(q: Parsed): boolean {
  for (const k in q) if (q[k] !== undefined && (k === 'expansions' || k.endsWith('.fields'))) return true;
  return false;
}

export function selectionOf(q: Parsed): Selection {
  // Most reads ask for no fields at all: one shared empty selection (its lists are read-only).
  if (!asksForFields(q)) return EMPTY_SELECTION;
  return {
    tweet: [...new Set([...strs(q['tweet.fields']), ...strs(q['post.fields'])])],
    user: strs(q['user.fields']),
    media: strs(q['media.fields']),
    poll: strs(q['poll.fields']),
    place: strs(q['place.fields']),
    list: strs(q['list.fields']),
    dm_event: strs(q['dm_event.fields']),
    expansions: strs(q.expansions),
  };
}

export type PageRequest = { limit: number; position: Position | null };

/** The page asked for; an unreadable token is a 400 naming it. */
export function pageOf(q: Parsed, defaultMax: number): PageRequest {
  const token = q.pagination_token as string | undefined;
  const position = token === undefined ? null : decodeToken(token);
  if (token !== undefined && !position) {
    throw problems.invalidParam(
      'pagination_token',
      token,
      `The \`pagination_token\` query parameter value [${token}] is not valid`,
    );
  }
  return { limit: (q.max_results as number | undefined) ?? defaultMax, position };
}

export type TimeWindow = { sinceId?: string; untilId?: string; startTime?: number; endTime?: number };

export function windowOf(q: Parsed): TimeWindow {
  const t = (v: unknown) => (typeof v === 'string' ? (parseIsoTime(v) ?? undefined) : undefined);
  return {
    sinceId: q.since_id as string | undefined,
    untilId: q.until_id as string | undefined,
    startTime: t(q.start_time),
    endTime: t(q.end_time),
  };
}

/** A path id must be digits, with the real message naming the path parameter. */
export function pathId(name: string, value: string): string {
  if (!ID_PATTERN.test(value))
    throw problems.invalidParam(
      name,
      value,
      `The \`${name}\` query parameter value [${value}] does not match ^[0-9]{1,19}$`,
    );
  return value;
}

export function viewerOf(req: FastifyRequest): Viewer {
  const c = req.caller;
  if (!c) return { userId: null, appId: '' };
  return { userId: c.kind === 'app' ? null : c.userId, appId: c.app.id };
}

export type { Query };

/** The acting user and app of a user-context call (routes with USER_ONLY guarantee one). */
export function actorOf(req: FastifyRequest): Actor {
  const c = req.caller;
  if (!c || c.kind === 'app') throw problems.unauthorized();
  return { userId: c.userId, app: c.app };
}

/**
 * Auth rules as the spec's `security` lists them: `read(scopes)` accepts app-only and both user
 * schemes (scopes bind OAuth 2.0 user tokens); `user(scopes, {write, dm})` only user context.
 * `write`/`dm` are enforced by http/auth.ts (read-only grants, code 93 without DM permission).
 */
export function readRule(scopes: readonly string[] = ['tweet.read', 'users.read']): AuthRule {
  return { schemes: ANY_AUTH.schemes, scopes };
}
export function userRule(scopes: readonly string[], opts: { write?: boolean; dm?: boolean } = {}): AuthRule {
  return { schemes: USER_ONLY.schemes, scopes, ...opts } as AuthRule;
}

/** Writes under /2/users/:id/… act for the signed-in user only (the real 403 otherwise). */
export function ownPath(actor: Actor, id: string, name = 'id'): void {
  pathId(name, id);
  if (actor.userId !== id) throw problems.forbidden('You are not permitted to perform this action.');
}

/** Sends a response envelope as JSON text, reusing the text of stable (cached) objects. */
export function sendEnvelope(reply: FastifyReply, env: Record<string, unknown>): FastifyReply {
  return reply.type(JSON_UTF8).send(envelopeJson(env));
}
