// What other modules may use of posts: the routes (mounted by app.ts), the write path, reads of rows
// and timeline pages for rendering (modules/hydrate renders them with fields and expansions), the
// views, the match shape for the query engine, and the row cache each server makes (main.ts).
export { postsRoutes, type PostsRendering } from './posts.routes.js';
export { postsAdminRoutes } from './posts.admin.js';
export { createPostRows } from './posts.cache.js';
export {
  cachedPosts,
  latestPosts,
  recentPosts,
  pollsByIds,
  postsOfAuthor,
  repostersOf,
  timelineMeta,
  timelinePage,
  type Timeline,
  type TimelineQuery,
  type Window,
} from './posts.lookup.js';
export {
  bumpPostMetric,
  insertSeedPosts,
  postExists,
  postExistsCondition,
  createPost,
  deletePost,
  editPost,
  insertPost,
  preparePost,
  publishPost,
  repost,
  requirePost,
  unrepost,
  type Created,
  type PlainPost,
} from './posts.service.js';
export { buildPost, mentionedIds, type AnalysisMemo, type PostInput } from './posts.build.js';
export { toMatchPost, toMatchPosts } from './posts.match.js';
export { seqOf, type PollRow, type PostRow } from './posts.repo.js';
export { TWEET_ID_BODY } from './posts.schema.js';
export { linkedText, weightedLength, type Entities } from './posts.text.js';
export { jsonColumns, pollView, tweetView } from './posts.view.js';
