// Aviary's control API for posts (/_aviary/…): posts written for any author, annotations set by
// hand, a project's monthly post usage and a user's pinned post. Mounted by app.ts inside the control
// scope, whose hook checks the admin token.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, ID_STRING, type Schema } from '../../http/body-schema.js';
import { pathId } from '../../http/fields.js';
import type { Query } from '../../http/params.js';
import { EMPTY_SELECTION, type Actor } from '../../shared/selection.js';
import type { PostsRendering } from './posts.routes.js';
import { CREATE_POST, type CreatePostBody } from './posts.schema.js';
import { createPost, pinPost, setAnnotations, setMonthlyUsage } from './posts.service.js';
import type { AnnotationEntity } from './posts.text.js';

type Id = { Params: { id: string }; Querystring: Query };

const ADMIN_ACTOR = (userId: string): Actor => ({
  userId,
  app: { id: 'aviary', name: 'Aviary', tier: 'enterprise', client_id: 'aviary', permission: 'read-write-dm' },
});

/** Control API additions (mounted inside the admin scope, behind the admin token). */
export function postsAdminRoutes(app: FastifyInstance, deps: Deps, render: Pick<PostsRendering, 'lookupPosts'>) {
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
    return render.lookupPosts(
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
