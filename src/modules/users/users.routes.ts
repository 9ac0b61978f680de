// v2 user lookups. Thin: parse, call the service, render (with fields and expansions, through the
// renderer app.ts hands in).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { callerUserId, userContext } from '../../http/auth.js';
import { parseQuery, type Query } from '../../http/params.js';
import { pathId, readRule, selectionOf, USER_SELECTION, viewerOf } from '../../http/fields.js';
import { problems } from '../../shared/problems.js';
import type { Selection, Viewer } from '../../shared/selection.js';
import { USERNAME } from './users.service.js';

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
};

export function usersRoutes(app: FastifyInstance, deps: Deps, render: UsersRendering) {
  // Either user-context scheme; the real endpoint needs tweet.read as well as users.read
  // (observed: nextauthjs/next-auth#5838 and others).
  app.get<{ Querystring: Query }>(
    '/2/users/me',
    { config: { auth: userContext(['tweet.read', 'users.read']) } },
    async (req) => {
      const q = parseQuery(req.query, USER_SELECTION);
      return render.lookupUsers(deps, viewerOf(req), [callerUserId(req)], 'id', selectionOf(q), 'id', true);
    },
  );

  app.get<{ Querystring: Query }>('/2/users', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, { ids: { kind: 'ids', max: 100 }, ...USER_SELECTION }, ['ids']);
    return render.lookupUsers(deps, viewerOf(req), q.ids as string[], 'id', selectionOf(q), 'ids');
  });
  app.get<{ Querystring: Query }>('/2/users/by', { config: { auth: readRule() } }, async (req) => {
    const q = parseQuery(req.query, { usernames: { kind: 'string' }, ...USER_SELECTION }, ['usernames']);
    return render.lookupUsers(
      deps,
      viewerOf(req),
      usernamesOf(req.query.usernames),
      'username',
      selectionOf(q),
      'usernames',
    );
  });
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/2/users/:id',
    { config: { auth: readRule() } },
    async (req) => {
      const q = parseQuery(req.query, USER_SELECTION);
      return render.lookupUsers(deps, viewerOf(req), [pathId('id', req.params.id)], 'id', selectionOf(q), 'id', true);
    },
  );
  app.get<{ Params: { username: string }; Querystring: Query }>(
    '/2/users/by/username/:username',
    { config: { auth: readRule() } },
    async (req) => {
      const q = parseQuery(req.query, USER_SELECTION);
      const { username } = req.params;
      if (!USERNAME.test(username))
        throw problems.invalidParam(
          'username',
          username,
          `The \`username\` query parameter value [${username}] does not match ^[A-Za-z0-9_]{1,15}$`,
        );
      return render.lookupUsers(deps, viewerOf(req), [username], 'username', selectionOf(q), 'username', true);
    },
  );
}

/** `usernames=a,b`: 1 to 100 names of the username alphabet (SPEC GET /2/users/by). */
function usernamesOf(raw: Query[string]): string[] {
  const names = [
    ...new Set(
      String(Array.isArray(raw) ? raw[raw.length - 1] : (raw ?? ''))
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const bad = names.filter((n) => !USERNAME.test(n));
  if (bad.length)
    throw problems.invalidParam(
      'usernames',
      bad,
      `The \`usernames\` query parameter value [${bad[0]}] does not match ^[A-Za-z0-9_]{1,15}$`,
    );
  if (names.length === 0 || names.length > 100)
    throw problems.invalidParam('usernames', names.join(','), '`usernames` must have between 1 and 100 items');
  return names;
}
