// The signed-in user as the v1.1 account API shows it (twitter-api-v2 `currentUser()`,
// `v1.verifyCredentials()`): the user and, unless skipped, their latest post.
import type { Deps } from '../../deps.js';
import { cachedPosts, latestPosts, tweetView } from '../posts/index.js';
import { requireUserRow, userView } from '../users/index.js';
import { verifiedUserV1, type VerifyOptions } from './account.view.js';

const USER_FIELDS = ['created_at', 'description', 'entities', 'location', 'url', 'profile_image_url', 'protected'];
const ALL_USER_FIELDS = [...USER_FIELDS, 'verified', 'public_metrics'];
const POST_FIELDS = ['author_id', 'created_at', 'entities', 'in_reply_to_user_id', 'lang', 'public_metrics'];

export async function verifyCredentials(
  deps: Deps,
  userId: string,
  o: VerifyOptions & { emailAllowed: boolean },
): Promise<Record<string, unknown>> {
  const row = await requireUserRow(deps, userId);
  const user = userView(row, ALL_USER_FIELDS);
  let latest: Record<string, unknown> | null = null;
  if (!o.skipStatus) {
    const [last] = await latestPosts(deps, [userId]);
    const [post] = last ? await cachedPosts(deps, [last.id]) : [];
    if (post) latest = tweetView(post, [...POST_FIELDS, 'referenced_tweets', 'source'], userId);
  }
  return verifiedUserV1(user, latest, o.emailAllowed ? row.email : null, o);
}
