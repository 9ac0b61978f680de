// v2 post endpoints: lookups, creation, edits, deletion and the post timelines. Thin: parse,
// call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, ID_STRING, type Schema } from '../../http/body-schema.js';
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
import {
  homeTimeline,
  lookupPosts,
  mentions,
  quoteTweets,
  repostsOf,
  userPosts,
  type TimelineQuery,
} from './posts.lookup.js';
import { CREATE_POST, type CreatePostBody } from './posts.schema.js';
import { createPost, deletePost, editPost, pinPost, setAnnotations, setMonthlyUsage } from './posts.service.js';
import type { AnnotationEntity } from './posts.text.js';
import { EMPTY_SELECTION, type Actor } from '../../shared/selection.js';

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

export function postsRoutes(app: FastifyInstance, deps: Deps) {
  // The two hottest reads: sent as pre-joined JSON text of cached post views.
  app.get<{ Querystring: Query }>('/2/tweets', { config: { auth: readRule() } }, async (req, reply) => {
    const q = parseQuery(req.query, LOOKUP, ['ids']);
    return sendEnvelope(reply, await lookupPosts(deps, viewerOf(req), q.ids as string[], selectionOf(q)));
  });
  app.get<Id>('/2/tweets/:id', { config: { auth: readRule() } }, async (req, reply) => {
    const q = parseQuery(req.query, TWEET_SELECTION);
    return sendEnvelope(
      reply,
      await lookupPosts(deps, viewerOf(req), [pathId('id', req.params.id)], selectionOf(q), true),
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
    return userPosts(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>('/2/users/:id/mentions', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, MENTIONS);
    return mentions(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>(
    '/2/users/:id/timelines/reverse_chronological',
    { config: { auth: userRule(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = parseQuery(req.query, HOME);
      return homeTimeline(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 100), selectionOf(q));
    },
  );
  app.get<Id>('/2/tweets/:id/quote_tweets', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, QUOTES);
    return quoteTweets(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 10), selectionOf(q));
  });
  app.get<Id>('/2/tweets/:id/retweets', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, REPOSTS);
    return repostsOf(deps, viewerOf(req), pathId('id', req.params.id), timelineQuery(q, 100), selectionOf(q));
  });
}

const ADMIN_ACTOR = (userId: string): Actor => ({
  userId,
  app: { id: 'aviary', name: 'Aviary', tier: 'enterprise', client_id: 'aviary', permission: 'read-write-dm' },
});

/** Control API additions (mounted inside the admin scope, behind the admin token). */
export function postsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/posts', async (req, reply) => {
    const b = checkBody<CreatePostBody & { author_id: string }>(req.body, {
      ...CREATE_POST,
      required: ['author_id'],
      props: { ...CREATE_POST.props, author_id: ID_STRING },
    });
    const { author_id, ...post } = b;
    return reply.code(201).send({ data: await createPost(deps, ADMIN_ACTOR(author_id), post) });
  });
  app.put<Id>('/_aviary/posts/:id/annotations', async (req) => {
    const b = checkBody<{ context_annotations?: unknown[]; annotations?: AnnotationEntity[] }>(req.body, ANNOTATIONS);
    await setAnnotations(deps, pathId('id', req.params.id), b);
    return lookupPosts(
      deps,
      { userId: null, appId: '' },
      [req.params.id],
      { ...EMPTY_SELECTION, tweet: ['context_annotations', 'entities'] },
      true,
    );
  });
  app.put<Id>('/_aviary/apps/:id/post-usage', async (req) => {
    const b = checkBody<{ posts: number }>(req.body, {
      t: 'object',
      required: ['posts'],
      props: { posts: { t: 'int', min: 0 } },
    });
    return { data: await setMonthlyUsage(deps, req.params.id, b.posts) };
  });
  app.put<Id>('/_aviary/users/:id/pinned-tweet', async (req) => {
    const b = checkBody<{ tweet_id: string | null }>(req.body ?? {}, { t: 'object', props: { tweet_id: ID_STRING } });
    await pinPost(deps, pathId('id', req.params.id), b.tweet_id ?? null);
    return { data: { pinned_tweet_id: b.tweet_id ?? null } };
  });
}

const ANNOTATIONS: Schema & { t: 'object' } = {
  t: 'object',
  props: {
    context_annotations: {
      t: 'array',
      items: {
        t: 'object',
        required: ['domain', 'entity'],
        props: {
          domain: {
            t: 'object',
            required: ['id'],
            props: { id: ID_STRING, name: { t: 'string' }, description: { t: 'string' } },
          },
          entity: {
            t: 'object',
            required: ['id'],
            props: { id: ID_STRING, name: { t: 'string' }, description: { t: 'string' } },
          },
        },
      },
    },
    annotations: {
      t: 'array',
      items: {
        t: 'object',
        required: ['start', 'end', 'type', 'normalized_text'],
        props: {
          start: { t: 'int', min: 0 },
          end: { t: 'int', min: 0 },
          probability: { t: 'number', min: 0, max: 1 },
          type: { t: 'string' },
          normalized_text: { t: 'string' },
        },
      },
    },
  },
};
