// v2 articles: create a draft, publish it (SPEC articleCreateDraft, articlePublish; notes §8.4).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf } from '../../http/caller.js';
import { id, readJson, readPath } from '../../http/input.js';
import { DRAFT } from './articles.schema.js';
import { createDraft, publishArticle } from './articles.service.js';

const WRITE = userContext(['tweet.write'], { write: true });

export function articlesRoutes(app: FastifyInstance, deps: Deps) {
  // 201 with {id, title} (SPEC; notes §8.4).
  app.post('/2/articles/draft', { config: { auth: WRITE } }, async (req, reply) => {
    const d = readJson(req.body, DRAFT);
    return reply.code(201).send({ data: await createDraft(deps, actorOf(req).userId, d) });
  });
  app.post<{ Params: { article_id: string } }>(
    '/2/articles/:article_id/publish',
    { config: { auth: WRITE } },
    async (req) => ({
      data: await publishArticle(deps, actorOf(req), readPath('article_id', req.params.article_id, id())),
    }),
  );
}
