// v2 bookmarks: the caller's own, OAuth 2.0 user context only (SPEC security lists no OAuth 1.0a).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { AuthRule } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { id, readJson, readPath, readQuery, type Query } from '../../http/input.js';
import { pageOf, paging, selectionOf, TWEET_SELECTION } from '../../http/v2-query.js';
import { renderPostPage } from '../hydrate/index.js';
import { TWEET_ID_BODY } from '../posts/index.js';
import { bookmark, bookmarks, unbookmark } from './bookmarks.service.js';
import { folderPosts, folders } from './folders.service.js';

type Id = { Params: { id: string }; Querystring: Query };
const READ: AuthRule = { schemes: ['oauth2-user'], scopes: ['bookmark.read', 'tweet.read', 'users.read'] };
const WRITE: AuthRule = {
  schemes: ['oauth2-user'],
  scopes: ['bookmark.write', 'tweet.read', 'users.read'],
  write: true,
};
const LIST = { ...paging(1, 100), ...TWEET_SELECTION };
// SPEC: folders ask bookmark.read + users.read; one folder's posts add tweet.read. Neither takes fields.
const FOLDERS_READ: AuthRule = { schemes: ['oauth2-user'], scopes: ['bookmark.read', 'users.read'] };
const FOLDERS = paging(1, 100);
const FOLDER_ID = id();

export function bookmarksRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/users/:id/bookmarks', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, LIST);
    ownPath(actorOf(req), req.params.id);
    const { limit, position } = pageOf(q, 100);
    const page = await bookmarks(deps, req.params.id, limit, position);
    return renderPostPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
  });
  app.get<Id>('/2/users/:id/bookmarks/folders', { config: { auth: FOLDERS_READ } }, async (req) => {
    const q = readQuery(req.query, FOLDERS);
    ownPath(actorOf(req), req.params.id);
    const { limit, position } = pageOf(q, 100);
    const page = await folders(deps, req.params.id, limit, position);
    return page.data.length > 0 ? page : { meta: page.meta };
  });
  app.get<{ Params: { id: string; folder_id: string }; Querystring: Query }>(
    '/2/users/:id/bookmarks/folders/:folder_id',
    { config: { auth: READ } },
    async (req) => {
      readQuery(req.query, {});
      ownPath(actorOf(req), req.params.id);
      const ids = await folderPosts(deps, req.params.id, readPath('folder_id', req.params.folder_id, FOLDER_ID));
      const meta = { result_count: ids.length };
      return ids.length > 0 ? { data: ids.map((postId) => ({ id: postId })), meta } : { meta };
    },
  );
  app.post<Id>('/2/users/:id/bookmarks', { config: { auth: WRITE } }, async (req) => {
    const actor = actorOf(req);
    ownPath(actor, req.params.id);
    const b = readJson(req.body, TWEET_ID_BODY);
    return { data: await bookmark(deps, actor.userId, b.tweet_id) };
  });
  app.delete<{ Params: { id: string; tweet_id: string } }>(
    '/2/users/:id/bookmarks/:tweet_id',
    { config: { auth: WRITE } },
    async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await unbookmark(deps, actor.userId, readPath('tweet_id', req.params.tweet_id, id())) };
    },
  );
}
