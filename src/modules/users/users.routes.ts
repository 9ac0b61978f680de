// v2 user lookups. Thin: parse, call the service, render (with fields and expansions, through the
// renderer app.ts hands in).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { anyAuth, userContext } from '../../http/auth.js';
import { callerUserId, viewerOf } from '../../http/caller.js';
import { id, ids, int, names, readPath, readQuery, required, str, withDefault, type Query } from '../../http/input.js';
import { pageOf, selectionOf, USER_SELECTION } from '../../http/v2-query.js';
import { encodeToken, pageMeta, type PageMeta } from '../../shared/cursor.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { affiliatesOf, searchUsers, USERNAME } from './users.service.js';

/**
 * What these routes render with: modules/hydrate's lookup, which app.ts hands in. Hydrate reads users
 * (and posts, for the pinned and latest post expansions), so users cannot import it (ADR 0010).
 */
export type UsersRendering = {
  lookupUsers: (
    deps: Deps,
    viewer: Viewer,
    keys: string[],
    by: 'id' | 'username',
    sel: Selection,
    parameter: string,
    single?: boolean,
  ) => Promise<unknown>;
  renderUserPage: (deps: Deps, viewer: Viewer, ids: string[], meta: PageMeta, sel: Selection) => Promise<unknown>;
};

const READ = anyAuth();
const BY_IDS = { ids: required(ids({ max: 100 })), ...USER_SELECTION };
/** SPEC GET /2/users/by: 1 to 100 names of the username alphabet. */
const BY_USERNAMES = { usernames: required(names(USERNAME, { max: 100 })), ...USER_SELECTION };
const USERNAME_PARAM = str({ pattern: USERNAME });

export function usersRoutes(app: FastifyInstance, deps: Deps, render: UsersRendering) {
  // Either user-context scheme; the real endpoint needs tweet.read as well as users.read
  // (observed: nextauthjs/next-auth#5838 and others).
  app.get<{ Querystring: Query }>(
    '/2/users/me',
    { config: { auth: userContext(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, USER_SELECTION);
      return render.lookupUsers(deps, viewerOf(req), [callerUserId(req)], 'id', selectionOf(q), 'id', true);
    },
  );

  app.get<{ Querystring: Query }>('/2/users', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, BY_IDS);
    return render.lookupUsers(deps, viewerOf(req), q.ids, 'id', selectionOf(q), 'ids');
  });
  app.get<{ Querystring: Query }>('/2/users/by', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, BY_USERNAMES);
    return render.lookupUsers(deps, viewerOf(req), q.usernames, 'username', selectionOf(q), 'usernames');
  });
  app.get<{ Params: { id: string }; Querystring: Query }>('/2/users/:id', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, USER_SELECTION);
    const userId = readPath('id', req.params.id, id());
    return render.lookupUsers(deps, viewerOf(req), [userId], 'id', selectionOf(q), 'id', true);
  });
  app.get<{ Params: { username: string }; Querystring: Query }>(
    '/2/users/by/username/:username',
    { config: { auth: READ } },
    async (req) => {
      const q = readQuery(req.query, USER_SELECTION);
      const username = readPath('username', req.params.username, USERNAME_PARAM);
      return render.lookupUsers(deps, viewerOf(req), [username], 'username', selectionOf(q), 'username', true);
    },
  );
  pageRoutes(app, deps, render);
}

/** SPEC searchUsers: the query is letters, digits, `_`, `'` and spaces, 1 to 50 of them. */
const SEARCH = {
  query: required(str({ pattern: /^[A-Za-z0-9_' ]{1,50}$/ })),
  max_results: withDefault(int({ min: 1, max: 1000 }), 100),
  next_token: str(),
  ...USER_SELECTION,
};
const AFFILIATES = {
  max_results: withDefault(int({ min: 1, max: 1000 }), 100),
  pagination_token: str(),
  ...USER_SELECTION,
};

function pageRoutes(app: FastifyInstance, deps: Deps, render: UsersRendering) {
  app.get<{ Querystring: Query }>(
    '/2/users/search',
    { config: { auth: userContext(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = readQuery(req.query, SEARCH);
      const { position } = pageOf({ pagination_token: q.next_token }, q.max_results);
      const offset = Number(position?.cursor ?? 0);
      const found = await searchUsers(deps, q.query, q.max_results, offset);
      const meta: PageMeta = { result_count: found.ids.length };
      if (found.nextOffset !== null) meta.next_token = encodeToken({ dir: 'next', cursor: String(found.nextOffset) });
      if (offset > 0)
        meta.previous_token = encodeToken({ dir: 'next', cursor: String(Math.max(0, offset - q.max_results)) });
      return render.renderUserPage(deps, viewerOf(req), found.ids, meta, selectionOf(q));
    },
  );
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/2/users/:id/affiliates',
    { config: { auth: READ } },
    async (req) => {
      const q = readQuery(req.query, AFFILIATES);
      const { limit, position } = pageOf(q, 100);
      const page = await affiliatesOf(deps, readPath('id', req.params.id, id()), limit, position?.cursor);
      const meta = pageMeta(page.ids, page.more, false);
      return render.renderUserPage(deps, viewerOf(req), page.ids, meta, selectionOf(q));
    },
  );
}
