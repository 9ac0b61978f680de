// What other modules may use of the filtered stream.
//
// For stream → webhook links (the webhook fan-out, which claims the posts module's `post.create` /
// `post.edit` outbox rows itself — ADR 0008):
//   const post = await toMatchPost(deps, postId);              // from posts/index.ts
//   const rules = await matchPostForApp(deps, appId, post);    // [] when the post matches nothing
//   // deliver {data, includes, matching_rules: rules} when rules.length > 0
// `rulesForApp` lists an app's rules. Both read the same in-memory rule index the app's stream
// connections use, so a post is matched once per app however many rules it has.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { connectionsRoutes } from './connections.routes.js';
import { feedsRoutes } from './feeds.routes.js';
import { rulesRoutes } from './rules.routes.js';
import { streamRoutes } from './stream.routes.js';

export { matchPostForApp, rulesForApp, limitsOf } from './rules.service.js';
export { createRuleCache, type MatchedRule } from './rules.cache.js';
export type { RuleView } from './rules.view.js';
export { startStreamDispatcher } from './stream.dispatch.js';
// STALE_MS: how long a connection row unseen by its node still counts (the activity stream's admission too).
export {
  createStreamHub,
  disconnectLine,
  STALE_MS,
  type DisconnectType,
  type Conn,
  type Feed,
  type FeedBatch,
  type FeedLine,
} from './stream.hub.js';
// For the compliance streams (modules/compliance): mount an endpoint with the streams' framing and rules.
export { BACKFILL, RECOVERY, streamEndpoint } from './stream.routes.js';
export { inSample, partitionOf } from './stream.sample.js';
export type { PostEvent as StreamEvent } from './stream.repo.js';

/** Rules, the filtered stream, the sample, firehose and likes streams, and connection management. */
export function filteredStreamRoutes(app: FastifyInstance, deps: Deps): void {
  rulesRoutes(app, deps);
  streamRoutes(app, deps);
  feedsRoutes(app, deps);
  connectionsRoutes(app, deps);
}
