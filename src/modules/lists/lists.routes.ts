// v2 lists: lookup, create/update/delete, members, followers, follows and pins, a user's lists,
// and a list's posts. Thin: parse, call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { actorOf, ownPath, viewerOf } from '../../http/caller.js';
import { bool, id, readJson, readPath, readQuery, required, str, type Query } from '../../http/input.js';
import { LIST_SELECTION, pageOf, paging, selectionOf, TWEET_SELECTION, USER_SELECTION } from '../../http/v2-query.js';
import { listPosts, renderUserPage } from '../hydrate/index.js';
import {
  createList,
  deleteList,
  followedLists,
  listFollowers,
  lookupList,
  members,
  memberships,
  ownedLists,
  pinnedLists,
  renderLists,
  setFollow,
  setMember,
  setPin,
  updateList,
  visibleList,
} from './lists.service.js';

type Id = { Params: { id: string }; Querystring: Query };
type Two = { Params: { id: string; other: string } };
const READ = anyAuth(['list.read', 'tweet.read', 'users.read']);
const WRITE = userContext(['list.write', 'tweet.read', 'users.read'], { write: true });
const FIELDS = { name: str({ min: 1, max: 25 }), description: str({ max: 100 }), private: bool() };
const NEW_LIST = { ...FIELDS, name: required(FIELDS.name) };
const LIST_ID = { list_id: required(id()) };
const USER_LISTS = { ...paging(1, 100), ...LIST_SELECTION };
const LIST_USERS = { ...paging(1, 100), ...USER_SELECTION };
const LIST_POSTS = { ...paging(1, 100), ...TWEET_SELECTION };

export function listsRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/lists/:id', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, LIST_SELECTION);
    return lookupList(deps, viewerOf(req), readPath('id', req.params.id, id()), selectionOf(q));
  });
  app.post('/2/lists', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, NEW_LIST);
    return { data: await createList(deps, actorOf(req).userId, b) };
  });
  app.put<Id>('/2/lists/:id', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, FIELDS);
    return { data: await updateList(deps, actorOf(req).userId, readPath('id', req.params.id, id()), b) };
  });
  app.delete<Id>('/2/lists/:id', { config: { auth: WRITE } }, async (req) => ({
    data: await deleteList(deps, actorOf(req).userId, readPath('id', req.params.id, id())),
  }));

  app.post<Id>('/2/lists/:id/members', { config: { auth: WRITE } }, async (req) => {
    const b = readJson(req.body, { user_id: required(id()) });
    return { data: await setMember(deps, actorOf(req).userId, readPath('id', req.params.id, id()), b.user_id, true) };
  });
  app.delete<Two>('/2/lists/:id/members/:other', { config: { auth: WRITE } }, async (req) => ({
    data: await setMember(
      deps,
      actorOf(req).userId,
      readPath('id', req.params.id, id()),
      readPath('user_id', req.params.other, id()),
      false,
    ),
  }));
  for (const [path, page] of [
    ['members', members],
    ['followers', listFollowers],
  ] as const) {
    app.get<Id>(`/2/lists/:id/${path}`, { config: { auth: READ } }, async (req) => {
      const q = readQuery(req.query, LIST_USERS);
      const list = await visibleList(deps, viewerOf(req).userId, readPath('id', req.params.id, id()));
      const { limit, position } = pageOf(q, 100);
      const ids = await page(deps, list.id, limit, position);
      return renderUserPage(deps, viewerOf(req), ids.ids, ids.meta, selectionOf(q));
    });
  }
  app.get<Id>('/2/lists/:id/tweets', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, LIST_POSTS);
    const list = await visibleList(deps, viewerOf(req).userId, readPath('id', req.params.id, id()));
    return listPosts(deps, viewerOf(req), list.id, pageOf(q, 100), selectionOf(q));
  });
  userListRoutes(app, deps);
}

function userListRoutes(app: FastifyInstance, deps: Deps) {
  for (const [path, page] of [
    ['owned_lists', ownedLists],
    ['followed_lists', followedLists],
    ['list_memberships', memberships],
  ] as const) {
    app.get<Id>(`/2/users/:id/${path}`, { config: { auth: READ } }, async (req) => {
      const q = readQuery(req.query, USER_LISTS);
      const { limit, position } = pageOf(q, 100);
      const ids = await page(deps, readPath('id', req.params.id, id()), limit, position);
      return renderLists(deps, viewerOf(req), ids.ids, ids.meta, selectionOf(q));
    });
  }
  app.get<Id>(
    '/2/users/:id/pinned_lists',
    { config: { auth: userContext(['list.read', 'tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, LIST_SELECTION);
      ownPath(actorOf(req), req.params.id);
      const ids = await pinnedLists(deps, req.params.id);
      return renderLists(deps, viewerOf(req), ids.ids, ids.meta, selectionOf(q));
    },
  );
  for (const [path, set] of [
    ['followed_lists', setFollow],
    ['pinned_lists', setPin],
  ] as const) {
    app.post<Id>(`/2/users/:id/${path}`, { config: { auth: WRITE } }, async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      const b = readJson(req.body, LIST_ID);
      return { data: await set(deps, actor.userId, b.list_id, true) };
    });
    app.delete<Two>(`/2/users/:id/${path}/:other`, { config: { auth: WRITE } }, async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await set(deps, actor.userId, readPath('list_id', req.params.other, id()), false) };
    });
  }
}
