// What other modules may use of posts: lookups and rendering with fields/expansions (every list
// endpoint uses renderPosts/renderUsers), the write path, and the match shape for the query engine.
export { renderPosts, renderUsers, type Envelope } from './posts.expand.js';
export {
  listPosts,
  lookupPosts,
  lookupUsers,
  renderPostPage,
  renderUserPage,
  repostersOf,
  timeline,
  type TimelineQuery,
  type Window,
} from './posts.lookup.js';
export {
  bumpPostMetric,
  insertSeedPosts,
  postExists,
  createPost,
  deletePost,
  editPost,
  insertPost,
  repost,
  requirePost,
  unrepost,
  type Created,
} from './posts.service.js';
export { buildPost, mentionedIds, type AnalysisMemo, type PostInput } from './posts.build.js';
export { toMatchPost, toMatchPosts } from './posts.match.js';
export { seqOf, type PollRow, type PostRow } from './posts.repo.js';
export { checkEnrolled, SELF_SERVE } from './posts.rules.js';
export { TWEET_ID_BODY } from './posts.schema.js';
export { linkedText, type Entities } from './posts.text.js';
