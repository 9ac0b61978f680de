// The keys a post offers to the rule index: the mirror image of index-keys.ts. Every value here is
// read exactly as the matcher reads it (match-ops.ts, compile.ts, the field functions of prepare.ts),
// so a true clause's key is always present.
import type { HasFeature, IsFlag } from './ast.js';
import { postCell } from './geo-cells.js';
import { KEY_PREFIX as P, NEED } from './index-keys.js';
import { matchHas, matchIs } from './match-ops.js';
import { placeFields, profileFields, urlFields, type PreparedPost, type TextField } from './prepare.js';
import { normaliseEntity } from './values.js';

const IS_FLAGS: [IsFlag, string][] = (['retweet', 'reply', 'quote', 'verified', 'nullcast'] as const).map((f) => [
  f,
  P.is + f,
]);
const HAS_FEATURES: [HasFeature, string][] = (
  ['hashtags', 'cashtags', 'links', 'mentions', 'media', 'images', 'video_link', 'geo'] as const
).map((f) => [f, P.has + f]);

function addUser(out: string[], prefix: string, id: string | undefined, username: string | undefined): void {
  if (id !== undefined) out.push(prefix + id);
  if (username !== undefined) out.push(prefix + username.toLowerCase());
}

function addTokens(out: string[], prefix: string, fields: TextField[]): void {
  for (const f of fields) {
    for (const t of f.raw) out.push(prefix + t);
    if (f.folded !== f.raw) for (const t of f.folded) out.push(prefix + t);
  }
}

/**
 * Every key of the post (keys may repeat; the array is shared, not to be changed). `need` (NEED
 * flags) asks for the costlier groups that some rule is filed under. Derived once per post and mask:
 * a post is matched against every app's index in turn (issue #23: deriving them per index built and
 * hashed the same strings once per app).
 */
export function postKeys(p: PreparedPost, need: number): readonly string[] {
  const memo = (p.keys ??= new Map());
  let keys = memo.get(need);
  if (!keys) {
    keys = deriveKeys(p, need);
    memo.set(need, keys);
  }
  return keys;
}

function deriveKeys(p: PreparedPost, need: number): string[] {
  const post = p.post;
  const out: string[] = [];
  for (const t of p.terms) out.push(t);
  for (const h of p.hashtags) out.push(`#${h}`);
  for (const m of p.mentions) out.push(`@${m}`);
  for (const c of p.cashtags) out.push(`$${c}`);
  addUser(out, P.from, post.author.id, post.author.username);
  addUser(
    out,
    P.to,
    post.in_reply_to_user_id ?? p.repliedTo?.author_id,
    post.in_reply_to_username ?? p.repliedTo?.author_username,
  );
  if (p.retweeted) addUser(out, P.retweetsOf, p.retweeted.author_id, p.retweeted.author_username);
  if (post.conversation_id !== undefined) out.push(P.conversation + post.conversation_id);
  if (p.repliedTo) out.push(P.replyTo + p.repliedTo.id);
  if (p.retweeted) out.push(P.retweetOfId + p.retweeted.id);
  if (p.quoted) out.push(P.quoteOf + p.quoted.id);
  out.push(P.lang + p.lang);
  for (const [f, key] of IS_FLAGS) if (matchIs(f, p)) out.push(key);
  for (const [f, key] of HAS_FEATURES) if (matchHas(f, p)) out.push(key);
  for (const a of post.context_annotations ?? []) {
    out.push(
      `${P.context}${a.domain.id}.${a.entity.id}`,
      `${P.context}${a.domain.id}.*`,
      `${P.context}*.${a.entity.id}`,
    );
  }
  if (!p.retweeted && post.place) out.push(P.country + post.place.country_code.toUpperCase());
  if (need !== 0) onDemandKeys(p, need, out);
  return out;
}

function onDemandKeys(p: PreparedPost, need: number, out: string[]): void {
  const post = p.post;
  if (need & NEED.bio) addTokens(out, P.bio, profileFields(p, 'bio'));
  if (need & NEED.bioName) addTokens(out, P.bioName, profileFields(p, 'bio_name'));
  if (need & NEED.bioLocation) addTokens(out, P.bioLocation, profileFields(p, 'bio_location'));
  if (post.entities?.urls?.length) {
    if (need & NEED.url) addTokens(out, P.url, urlFields(p, 'url'));
    if (need & NEED.urlTitle) addTokens(out, P.urlTitle, urlFields(p, 'url_title'));
    if (need & NEED.urlDescription) addTokens(out, P.urlDescription, urlFields(p, 'url_description'));
  }
  // Place and geo clauses never match retweets (match-ops).
  if (need & NEED.place && post.place && !p.retweeted) {
    out.push(P.placeId + post.place.id.toLowerCase());
    addTokens(out, P.placeName, placeFields(p));
  }
  if (need & NEED.entity) {
    for (const a of post.annotations ?? []) out.push(P.entity + normaliseEntity(a));
    for (const a of post.context_annotations ?? [])
      if (a.entity.name !== undefined) out.push(P.entity + normaliseEntity(a.entity.name));
  }
  const cell = need & NEED.geo && !p.retweeted ? postCell(post) : null;
  if (cell !== null) out.push(P.geo + cell);
}
