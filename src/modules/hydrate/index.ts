// Fields and expansions: every response that holds posts or users is rendered here, with the
// `includes` its expansions ask for. Hydrate reads users, follows, posts, media and places through
// their index.ts, so none of those may import it: app.ts hands the users, follows and posts routes
// the functions they render with (ADR 0010).
export type { Envelope } from './hydrate.includes.js';
export { lookupPosts, renderPostPage, renderPosts } from './hydrate.posts.js';
export { homeTimeline, listPosts, mentions, quoteTweets, repostsOf, userPosts } from './hydrate.timelines.js';
export { lookupUsers, renderUserPage, renderUsers } from './hydrate.users.js';
