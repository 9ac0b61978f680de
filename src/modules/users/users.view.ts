// Domain → wire shape of the v2 User object. Only requested fields appear; defaults id, name, username.
// Relational fields (most_recent_tweet_id, connection_status) are computed by the caller and passed in.
import twttr from '../../shared/twitter-text.js';
import { isoMillis } from '../../shared/clock.js';
import { displayUrl, shortLink } from '../../shared/links.js';
import { pick, type Renderers } from '../../shared/pick.js';
import type { UserRow } from './users.repo.js';

export type UserExtras = { most_recent_tweet_id?: string; connection_status?: string[]; confirmed_email?: string };

/** Description entities from twitter-text, indices in code points (as post entities). */
function descriptionEntities(text: string): Record<string, unknown[]> | undefined {
  const found = twttr.extractEntitiesWithIndices(text);
  twttr.modifyIndicesFromUTF16ToUnicode(text, found);
  const out: Record<string, unknown[]> = {};
  for (const e of found) {
    const [start, end] = e.indices;
    if ('url' in e)
      (out.urls ??= []).push({ start, end, url: e.url, expanded_url: e.url, display_url: displayUrl(e.url) });
    else if ('screenName' in e) (out.mentions ??= []).push({ start, end, username: e.screenName });
    else if ('hashtag' in e) (out.hashtags ??= []).push({ start, end, tag: e.hashtag });
    else if ('cashtag' in e) (out.cashtags ??= []).push({ start, end, tag: e.cashtag });
  }
  return Object.keys(out).length ? out : undefined;
}

const profileLink = (u: UserRow) => shortLink(`profile|${u.id}|${u.url}`);

/** Fields the model can answer; the others of the spec enum are accepted and omitted. */
const RENDER: Renderers<UserRow, UserExtras> = {
  created_at: (u) => isoMillis(u.created_at),
  description: (u) => u.description,
  entities: (u) => {
    const description = descriptionEntities(u.description);
    const url = u.url
      ? { urls: [{ start: 0, end: 23, url: profileLink(u), expanded_url: u.url, display_url: displayUrl(u.url) }] }
      : undefined;
    return description || url ? { ...(url ? { url } : {}), ...(description ? { description } : {}) } : undefined;
  },
  location: (u) => u.location ?? undefined,
  url: (u) => (u.url ? profileLink(u) : ''),
  profile_image_url: (u) =>
    u.profile_image_url ?? 'https://abs.twimg.com/sticky/default_profile_images/default_profile_normal.png',
  protected: (u) => u.protected === 1,
  verified: (u) => u.verified === 1,
  verified_type: (u) => u.verified_type,
  pinned_tweet_id: (u) => u.pinned_tweet_id ?? undefined,
  public_metrics: (u) => ({
    followers_count: u.followers_count,
    following_count: u.following_count,
    tweet_count: u.tweet_count,
    listed_count: u.listed_count,
    like_count: u.like_count,
    media_count: u.media_count,
  }),
  parody: () => false,
  is_identity_verified: () => false,
  receives_your_dm: () => true,
  subscription_type: (u) => (u.premium === 1 ? 'Premium' : 'None'),
  // Relational: computed by the caller for the whole page.
  most_recent_tweet_id: (_u, x) => x.most_recent_tweet_id,
  connection_status: (_u, x) => x.connection_status,
  // Only the signed-in user's own address, with the users.email scope (DOCS users lookup: "requires
  // the users.email scope"); computed by the caller, omitted for everyone else.
  confirmed_email: (_u, x) => x.confirmed_email,
};

export function userView(u: UserRow, fields: readonly string[] = [], extras: UserExtras = {}): Record<string, unknown> {
  return pick(RENDER, u, fields, { id: u.id, name: u.name, username: u.username }, extras);
}

/** The control API's user shape: every field the model holds. */
export function adminUserView(u: UserRow): Record<string, unknown> {
  return {
    ...userView(u, Object.keys(RENDER)),
    url: u.url ?? '',
    premium: u.premium === 1,
    has_password: u.password_hash !== null,
    email: u.email,
    suspended: u.suspended === 1,
  };
}
