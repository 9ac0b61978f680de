// v2 post endpoints: lookups, creation, edits, deletion and the post timelines. Thin: parse,
// call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody } from '../../http/body-schema.js';
import {
  actorOf,
  EXCLUDE,
  pageOf,
  pathId,
  paging,
  readRule,
  selectionOf,
  sendEnvelope,
  TIME_WINDOW,
  TWEET_SELECTION,
  userRule,
  viewerOf,
  windowOf,
} from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import type { TimelineQuery } from './posts.lookup.js';
import { CREATE_POST, type CreatePostBody } from './posts.schema.js';
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
const WRITE = userRule(['tweet.read', 'tweet.write', 'users.read'], { write: true });

const LOOKUP = { ids: { kind: 'ids', max: 100 }, ...TWEET_SELECTION } as const;
const USER_TWEETS = { ...TIME_WINDOW, ...paging(5, 100), ...EXCLUDE, ...TWEET_SELECTION };
const MENTIONS = { ...TIME_WINDOW, ...paging(5, 100), ...TWEET_SELECTION };
const HOME = { ...TIME_WINDOW, ...paging(1, 100), ...EXCLUDE, ...TWEET_SELECTION };
const QUOTES = { ...paging(10, 100), ...EXCLUDE, ...TWEET_SELECTION };
const REPOSTS = { ...paging(1, 100), ...TWEET_SELECTION };

function timelineQuery(q: Record<string, unknown>, defaultMax: number): TimelineQuery {
  return { ...pageOf(q, defaultMax), window: windowOf(q), exclude: (q.exclude as string[] | undefined) ?? [] };
}

export function postsRoutes(app: FastifyInstance, deps: Deps, render: PostsRendering) {
  // The two hottest reads: sent as pre-joined JSON text of cached post views.
  app.get<{ Querystring: Query }>('/2/tweets', { config: { auth: readRule() } }, async (req, reply) => {
    const q = parseQuery(req.query, LOOKUP, ['ids']);
    return sendEnvelope(reply, await render.lookupPosts(deps, viewerOf(req), q.ids as string[], selectionOf(q)));
  });
  app.get<Id>('/2/tweets/:id', { config: { auth: readRule() } }, async (req, reply) => {
    const q = parseQuery(req.query, TWEET_SELECTION);
    return sendEnvelope(
      reply,
      await render.lookupPosts(deps, viewerOf(req), [pathId('id', req.params.id)], selectionOf(q), true),
    );
  });

  app.post('/2/tweets', { config: { auth: WRITE } }, async (req, reply) => {
    const body = checkBody<CreatePostBody>(req.body, CREATE_POST);
    return reply.code(201).send({ data: await createPost(deps, actorOf(req), body) });
  });
  // The changelog's edit path (notes §8.1): the same body, `edit_options.previous_post_id` required.
  app.post('/2/posts', { config: { auth: WRITE } }, async (req, reply) => {
    const body = checkBody<CreatePostBody>(req.body, { ...CREATE_POST, required: ['edit_options'] });
    return reply.code(201).send({ data: await editPost(deps, actorOf(req), body) });
  });
  app.delete<Id>('/2/tweets/:id', { config: { auth: WRITE } }, async (req) => {
    return { data: await deletePost(deps, actorOf(req), pathId('id', req.params.id)) };
  });

  app.get<Id>('/2/users/:id/tweets', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, USER_TWEETS);
    return render.userPosts(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>('/2/users/:id/mentions', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, MENTIONS);
    return render.mentions(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>(
    '/2/users/:id/timelines/reverse_chronological',
    { config: { auth: userRule(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = parseQuery(req.query, HOME);
      return render.homeTimeline(
        deps,
        viewerOf(req),
        pathId('id', req.params.id),
        timelineQuery(q, 100),
        selectionOf(q),
      );
    },
  );
  app.get<Id>('/2/tweets/:id/quote_tweets', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, QUOTES);
    return render.quoteTweets(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>('/2/tweets/:id/retweets', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, REPOSTS);
    return render.repostsOf(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 100), selectionOf(q));
  });
}
