// Filtered-stream posts for linked webhooks (notes §3): each post or edit that matches an app's
// stream rules is POSTed to every webhook the app linked, as one stream message
// `{data, includes, matching_rules}` rendered with that link's own field set. Matching uses the
// filtered stream's rule index (modules/stream, ADR 0008), so webhooks and connections agree.
import type { Deps } from '../../deps.js';
import type { Selection } from '../../shared/selection.js';
import { lookupPosts } from '../hydrate/index.js';
import { toMatchPost } from '../posts/index.js';
import { matchPostForApp } from '../stream/index.js';
import type { LinkFields, LinkRow, NewDelivery } from '../webhooks/index.js';

function selectionOf(f: LinkFields): Selection {
  return {
    tweet: f['tweet.fields'] ?? [],
    user: f['user.fields'] ?? [],
    media: f['media.fields'] ?? [],
    poll: f['poll.fields'] ?? [],
    place: f['place.fields'] ?? [],
    list: [],
    dm_event: [],
    expansions: f.expansions ?? [],
  };
}

export async function streamDeliveries(deps: Deps, links: LinkRow[], postId: string): Promise<NewDelivery[]> {
  if (!links.length) return [];
  const post = await toMatchPost(deps, postId);
  if (!post) return [];
  const out: NewDelivery[] = [];
  const rulesByApp = new Map<string, Promise<{ id: string; tag?: string }[]>>();
  for (const link of links) {
    if (!rulesByApp.has(link.app_id)) rulesByApp.set(link.app_id, matchPostForApp(deps, link.app_id, post));
    const rules = await rulesByApp.get(link.app_id)!;
    if (!rules.length) continue;
    // Rendered as nobody in particular: protected authors' posts drop out, as on the stream.
    const env = await lookupPosts(
      deps,
      { userId: null, appId: link.app_id },
      [postId],
      selectionOf(JSON.parse(link.fields) as LinkFields),
      true,
    );
    if (!env.data) continue;
    out.push({
      webhook_id: link.webhook_id,
      event_id: postId,
      kind: 'stream',
      body: JSON.stringify({ ...env, matching_rules: rules }),
    });
  }
  return out;
}
