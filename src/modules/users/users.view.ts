// Domain → wire shape of the v2 User object. Only requested fields appear; defaults id, name, username.
import { isoMillis } from '../../shared/clock.js';
import type { UserRow } from './users.repo.js';

type Render = (u: UserRow) => unknown;

/** Fields the model can answer today; the others of the spec enum are accepted and omitted. */
const RENDER: Record<string, Render> = {
  created_at: (u) => isoMillis(u.created_at),
  description: (u) => u.description,
  location: (u) => u.location ?? undefined,
  url: (u) => u.url ?? '',
  profile_image_url: (u) => u.profile_image_url ?? 'https://abs.twimg.com/sticky/default_profile_images/default_profile_normal.png',
  protected: (u) => u.protected === 1,
  verified: (u) => u.verified === 1,
  verified_type: (u) => u.verified_type,
  pinned_tweet_id: (u) => u.pinned_tweet_id ?? undefined,
  public_metrics: (u) => ({
    followers_count: u.followers_count, following_count: u.following_count, tweet_count: u.tweet_count,
    listed_count: u.listed_count, like_count: u.like_count, media_count: u.media_count,
  }),
};

export function userView(u: UserRow, fields: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = { id: u.id, name: u.name, username: u.username };
  for (const f of fields) {
    const render = RENDER[f];
    if (!render) continue;
    const v = render(u);
    if (v !== undefined) out[f] = v;
  }
  return out;
}

/** The control API's user shape: every field the model holds. */
export function adminUserView(u: UserRow): Record<string, unknown> {
  return { ...userView(u, Object.keys(RENDER)), premium: u.premium === 1, has_password: u.password_hash !== null };
}
