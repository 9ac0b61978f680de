// v2 lists: lookup, create/update/delete, members, followers, follows and pins, a user's lists,
// and a list's posts. Thin: parse, call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { checkBody, ID_STRING, type Schema } from '../../http/body-schema.js';
import {
  actorOf,
  LIST_SELECTION,
  ownPath,
  pageOf,
  pathId,
  paging,
  readRule,
  selectionOf,
  TWEET_SELECTION,
  USER_SELECTION,
  userRule,
  viewerOf,
} from '../../http/fields.js';
import { parseQuery, type Query } from '../../http/params.js';
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
  type ListFields,
} from './lists.service.js';

type Id = { Params: { id: string }; Querystring: Query };
type Two = { Params: { id: string; other: string } };
const READ = readRule(['list.read', 'tweet.read', 'users.read']);
const WRITE = userRule(['list.write', 'tweet.read', 'users.read'], { write: true });
const FIELDS: Record<string, Schema> = {
  name: { t: 'string', min: 1, max: 25 },
  description: { t: 'string', max: 100 },
  private: { t: 'bool' },
};
const LIST_ID: Schema & { t: 'object' } = { t: 'object', required: ['list_id'], props: { list_id: ID_STRING } };
const USER_LISTS = { ...paging(1, 100), ...LIST_SELECTION };

export function listsRoutes(app: FastifyInstance, deps: Deps) {
  app.get<Id>('/2/lists/:id', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, LIST_SELECTION);
    return lookupList(deps, viewerOf(req), pathId('id', req.params.id), selectionOf(q));
  });
  app.post('/2/lists', { config: { auth: WRITE } }, async (req) => {
    const b = checkBody<ListFields & { name: string }>(req.body, { t: 'object', required: ['name'], props: FIELDS });
    return { data: await createList(deps, actorOf(req).userId, b) };
  });
  app.put<Id>('/2/lists/:id', { config: { auth: WRITE } }, async (req) => {
    const b = checkBody<ListFields>(req.body, { t: 'object', props: FIELDS });
    return { data: await updateList(deps, actorOf(req).userId, pathId('id', req.params.id), b) };
  });
  app.delete<Id>('/2/lists/:id', { config: { auth: WRITE } }, async (req) => ({
    data: await deleteList(deps, actorOf(req).userId, pathId('id', req.params.id)),
  }));

  app.post<Id>('/2/lists/:id/members', { config: { auth: WRITE } }, async (req) => {
    const b = checkBody<{ user_id: string }>(req.body, {
      t: 'object',
      required: ['user_id'],
      props: { user_id: ID_STRING },
    });
    return { data: await setMember(deps, actorOf(req).userId, pathId('id', req.params.id), b.user_id, true) };
  });
  app.delete<Two>('/2/lists/:id/members/:other', { config: { auth: WRITE } }, async (req) => ({
    data: await setMember(
      deps,
      actorOf(req).userId,
      pathId('id', req.params.id),
      pathId('user_id', req.params.other),
      false,
    ),
  }));
  for (const [path, page] of [
    ['members', members],
    ['followers', listFollowers],
  ] as const) {
    app.get<Id>(`/2/lists/:id/${path}`, { config: { auth: READ } }, async (req) => {
      const q = parseQuery(req.query, { ...paging(1, 100), ...USER_SELECTION });
      const list = await visibleList(deps, viewerOf(req).userId, pathId('id', req.params.id));
      const { limit, position } = pageOf(q, 100);
      const ids = await page(deps, list.id, limit, position);
      return renderUserPage(deps, viewerOf(req), ids.ids, ids.meta, selectionOf(q));
    });
  }
  app.get<Id>('/2/lists/:id/tweets', { config: { auth: READ } }, async (req) => {
    const q = parseQuery(req.query, { ...paging(1, 100), ...TWEET_SELECTION });
    const list = await visibleList(deps, viewerOf(req).userId, pathId('id', req.params.id));
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
      const q = parseQuery(req.query, USER_LISTS);
      const { limit, position } = pageOf(q, 100);
      const ids = await page(deps, pathId('id', req.params.id), limit, position);
      return renderLists(deps, viewerOf(req), ids.ids, ids.meta, selectionOf(q));
    });
  }
  app.get<Id>(
    '/2/users/:id/pinned_lists',
    { config: { auth: userRule(['list.read', 'tweet.read', 'users.read']) } },
    async (req) => {
      const q = parseQuery(req.query, LIST_SELECTION);
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
      const b = checkBody<{ list_id: string }>(req.body, LIST_ID);
      return { data: await set(deps, actor.userId, b.list_id, true) };
    });
    app.delete<Two>(`/2/users/:id/${path}/:other`, { config: { auth: WRITE } }, async (req) => {
      const actor = actorOf(req);
      ownPath(actor, req.params.id);
      return { data: await set(deps, actor.userId, pathId('list_id', req.params.other), false) };
    });
  }
}
