// Aviary's control API for posts (/_aviary/…): posts written for any author, annotations set by
// hand, a project's monthly post usage and a user's pinned post. Mounted by app.ts inside the control
// scope, whose hook checks the admin token.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { arr, id, int, num, obj, readJson, readPath, required, str, type Query } from '../../http/input.js';
import { EMPTY_SELECTION, type Actor } from '../../shared/selection.js';
import type { PostsRendering } from './posts.routes.js';
import { CREATE_POST } from './posts.schema.js';
import { createPost, pinPost, setAnnotations, setMonthlyUsage } from './posts.service.js';

type Id = { Params: { id: string }; Querystring: Query };

const ADMIN_ACTOR = (userId: string): Actor => ({
  userId,
  app: { id: 'aviary', name: 'Aviary', tier: 'enterprise', client_id: 'aviary', permission: 'read-write-dm' },
});

const ADMIN_POST = { ...CREATE_POST, author_id: required(id()) };
const CONTEXT_PART = obj({ id: required(id()), name: str(), description: str() });
const ANNOTATIONS = {
  context_annotations: arr(obj({ domain: required(CONTEXT_PART), entity: required(CONTEXT_PART) })),
  annotations: arr(
    obj({
      start: required(int({ min: 0 })),
      end: required(int({ min: 0 })),
      probability: num({ min: 0, max: 1 }),
      type: required(str()),
      normalized_text: required(str()),
    }),
  ),
};

/** Control API additions (mounted inside the admin scope, behind the admin token). */
export function postsAdminRoutes(app: FastifyInstance, deps: Deps, render: Pick<PostsRendering, 'lookupPosts'>) {
  app.post('/_aviary/posts', async (req, reply) => {
    const { author_id, ...post } = readJson(req.body, ADMIN_POST);
    return reply.code(201).send({ data: await createPost(deps, ADMIN_ACTOR(author_id), post) });
  });
  app.put<Id>('/_aviary/posts/:id/annotations', async (req) => {
    const b = readJson(req.body, ANNOTATIONS);
    const postId = readPath('id', req.params.id, id());
    await setAnnotations(deps, postId, b);
    return render.lookupPosts(
      deps,
      { userId: null, appId: '' },
      [postId],
      { ...EMPTY_SELECTION, tweet: ['context_annotations', 'entities'] },
      true,
    );
  });
  app.put<Id>('/_aviary/apps/:id/post-usage', async (req) => {
    const b = readJson(req.body, { posts: required(int({ min: 0 })) });
    return { data: await setMonthlyUsage(deps, req.params.id, b.posts) };
  });
  app.put<Id>('/_aviary/users/:id/pinned-tweet', async (req) => {
    const b = readJson(req.body, { tweet_id: id() });
    await pinPost(deps, readPath('id', req.params.id, id()), b.tweet_id ?? null);
    return { data: { pinned_tweet_id: b.tweet_id ?? null } };
  });
}
