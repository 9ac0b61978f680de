// v2 post endpoints: lookups, creation, edits, deletion and the post timelines. Thin: parse,
// call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { actorOf, viewerOf } from '../../http/caller.js';
import { id, ids, readJson, readPath, readQuery, required, type Query } from '../../http/input.js';
import { EXCLUDE, pageOf, paging, selectionOf, TIME_WINDOW, TWEET_SELECTION, windowOf } from '../../http/v2-query.js';
import { sendEnvelope } from '../../http/wire.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import type { TimelineQuery } from './posts.lookup.js';
import { CREATE_POST } from './posts.schema.js';
import { createPost, deletePost, editPost } from './posts.service.js';

type Rendered = Promise<Record<string, unknown>>;
type TimelineRender = (deps: Deps, viewer: Viewer, id: string, q: TimelineQuery, sel: Selection) => Rendered;

/**
 * What these routes render with: modules/hydrate's functions, which app.ts hands in. Hydrate reads
 * posts, so posts cannot import it without an import cycle (ADR 0010).
 */
export type PostsRendering = {
  lookupPosts: (deps: Deps, viewer: Viewer, ids: string[], sel: Selection, single?: boolean) => Rendered;
  userPosts: TimelineRender;
  mentions: TimelineRender;
  homeTimeline: TimelineRender;
  quoteTweets: TimelineRender;
  repostsOf: TimelineRender;
};

type Id = { Params: { id: string }; Querystring: Query };
const WRITE = userContext(['tweet.read', 'tweet.write', 'users.read'], { write: true });
const READ = anyAuth();

const LOOKUP = { ids: required(ids({ max: 100 })), ...TWEET_SELECTION };
const USER_TWEETS = { ...TIME_WINDOW, ...paging(5, 100), ...EXCLUDE, ...TWEET_SELECTION };
const MENTIONS = { ...TIME_WINDOW, ...paging(5, 100), ...TWEET_SELECTION };
const HOME = { ...TIME_WINDOW, ...paging(1, 100), ...EXCLUDE, ...TWEET_SELECTION };
const QUOTES = { ...paging(10, 100), ...EXCLUDE, ...TWEET_SELECTION };
const REPOSTS = { ...paging(1, 100), ...TWEET_SELECTION };

const EDIT_POST = { ...CREATE_POST, edit_options: required(CREATE_POST.edit_options) };

type TimelineParams = Parameters<typeof pageOf>[0] & Parameters<typeof windowOf>[0] & { exclude?: string[] };

function timelineQuery(q: TimelineParams, defaultMax: number): TimelineQuery {
  return { ...pageOf(q, defaultMax), window: windowOf(q), exclude: q.exclude ?? [] };
}

/** The `:id` path parameter: a post's or a user's id. */
const idParam = (req: { params: { id: string } }) => readPath('id', req.params.id, id());

export function postsRoutes(app: FastifyInstance, deps: Deps, render: PostsRendering) {
  // The two hottest reads: sent as pre-joined JSON text of cached post views.
  app.get<{ Querystring: Query }>('/2/tweets', { config: { auth: READ } }, async (req, reply) => {
    const q = readQuery(req.query, LOOKUP);
    return sendEnvelope(reply, await render.lookupPosts(deps, viewerOf(req), q.ids, selectionOf(q)));
  });
  app.get<Id>('/2/tweets/:id', { config: { auth: READ } }, async (req, reply) => {
    const q = readQuery(req.query, TWEET_SELECTION);
    return sendEnvelope(reply, await render.lookupPosts(deps, viewerOf(req), [idParam(req)], selectionOf(q), true));
  });

  app.post('/2/tweets', { config: { auth: WRITE } }, async (req, reply) => {
    const body = readJson(req.body, CREATE_POST);
    return reply.code(201).send({ data: await createPost(deps, actorOf(req), body) });
  });
  // The changelog's edit path (notes §8.1): the same body, `edit_options.previous_post_id` required.
  app.post('/2/posts', { config: { auth: WRITE } }, async (req, reply) => {
    const body = readJson(req.body, EDIT_POST);
    return reply.code(201).send({ data: await editPost(deps, actorOf(req), body) });
  });
  app.delete<Id>('/2/tweets/:id', { config: { auth: WRITE } }, async (req) => {
    return { data: await deletePost(deps, actorOf(req), idParam(req)) };
  });

  app.get<Id>('/2/users/:id/tweets', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, USER_TWEETS);
    return render.userPosts(deps, viewerOf(req), idParam(req), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>('/2/users/:id/mentions', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, MENTIONS);
    return render.mentions(deps, viewerOf(req), idParam(req), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>(
    '/2/users/:id/timelines/reverse_chronological',
    { config: { auth: userContext(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, HOME);
      return render.homeTimeline(deps, viewerOf(req), idParam(req), timelineQuery(q, 100), selectionOf(q));
    },
  );
  app.get<Id>('/2/tweets/:id/quote_tweets', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, QUOTES);
    return render.quoteTweets(deps, viewerOf(req), idParam(req), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>('/2/tweets/:id/retweets', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, REPOSTS);
    return render.repostsOf(deps, viewerOf(req), idParam(req), timelineQuery(q, 100), selectionOf(q));
  });
}
