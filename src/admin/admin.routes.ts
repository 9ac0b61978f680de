// Aviary's own control API under /_aviary. Its shapes are a public contract (README); keep them stable.
import type { FastifyInstance } from 'fastify';
import {
  appView,
  createApp,
  getApp,
  issueAccessToken,
  issueOAuth2Tokens,
  isScope,
  listApps,
  PERMISSIONS,
  regenerateKeys,
  TIERS,
} from '../auth/index.js';
import type { Deps } from '../deps.js';
import { adminUserView, createUser, findUserById, findUserByUsername } from '../modules/users/index.js';
import { bool, oneOf, readControl, readControlQuery, required, str, strs, type Query } from '../http/input.js';
import { problems } from '../shared/problems.js';
import { safeEqual } from '../shared/secrets.js';
import { clockView, controlClock } from './clock.js';
import { resetAll, seedDataset } from './data.js';
import { eventsAdminRoutes } from './events.routes.js';

type IdParams = { Params: { id: string } };

/**
 * A string that is not blank (names, ids to look up), of at most `max` characters where given. A
 * spec's message words every refusal of it, so it names the limit too (a 33-character app name was
 * told it "must be a non-empty string").
 */
const filled = (field: string, o: { max?: number } = {}) =>
  str({
    ...o,
    pattern: /\S/,
    message:
      o.max === undefined
        ? `${field} must be a non-empty string`
        : `${field} must be a non-empty string of at most ${o.max} characters`,
  });

const NEW_APP = {
  name: required(filled('name', { max: 32 })),
  permission: oneOf(PERMISSIONS),
  tier: oneOf(TIERS),
  callback_urls: strs({ each: isCallbackUrl, what: 'absolute URLs' }),
};
const ACCESS_TOKEN = { user_id: required(filled('user_id')), access: oneOf(PERMISSIONS) };
const OAUTH2_TOKENS = {
  user_id: required(filled('user_id')),
  scopes: required(strs({ each: isScope, what: 'OAuth 2.0 scopes' })),
};
// The users service judges lengths and the username alphabet (the real sign-up's rules).
const NEW_USER = {
  id: str(),
  username: required(str()),
  name: required(str()),
  description: str(),
  location: str(),
  url: str(),
  profile_image_url: str(),
  verified: bool(),
  protected: bool(),
  premium: bool(),
  password: str(),
  email: str({ max: 320 }),
  suspended: bool(),
};
const USER_QUERY = { username: required(str()) };

export function adminRoutes(app: FastifyInstance, deps: Deps, adminToken: string) {
  // `app` is the control API's own encapsulated scope (app.ts), so this hook guards every route
  // registered in it and nothing else, whatever spelling of the path the router decoded to reach the
  // route (`/%5Faviary/apps` is `/_aviary/apps` to the router; a check of the raw URL let it through).
  // A callback hook: it never waits. The header as clients write it is compared whole; other spellings
  // of the scheme and spacing take the regex.
  const expected = `Bearer ${adminToken}`;
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization ?? '';
    if (safeEqual(header, expected)) return done();
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    done(!m || !safeEqual(m[1]!, adminToken) ? problems.unauthorized() : undefined);
  });

  app.post('/_aviary/apps', async (req, reply) => {
    const created = await createApp(deps, readControl(req.body, NEW_APP));
    return reply.code(201).send({ data: created });
  });
  app.get('/_aviary/apps', async () => ({ data: (await listApps(deps)).map((a) => appView(a)) }));
  app.get<IdParams>('/_aviary/apps/:id', async (req) => ({ data: appView(await getApp(deps, req.params.id)) }));
  app.post<IdParams>('/_aviary/apps/:id/keys/regenerate', async (req) => ({
    data: await regenerateKeys(deps, req.params.id),
  }));

  app.post<IdParams>('/_aviary/apps/:id/access-tokens', async (req, reply) => {
    const b = readControl(req.body, ACCESS_TOKEN);
    const target = await getApp(deps, req.params.id);
    const user = await requireUser(deps, b.user_id);
    const token = await issueAccessToken(deps, target, user.id, b.access);
    return reply.code(201).send({ data: { ...token, user_id: user.id, screen_name: user.username } });
  });

  app.post<IdParams>('/_aviary/apps/:id/oauth2-tokens', async (req, reply) => {
    const b = readControl(req.body, OAUTH2_TOKENS);
    const target = await getApp(deps, req.params.id);
    const user = await requireUser(deps, b.user_id);
    const { token_type: _t, ...tokens } = await issueOAuth2Tokens(deps, target, user.id, b.scopes);
    return reply.code(201).send({ data: tokens });
  });

  app.post('/_aviary/users', async (req, reply) => {
    const user = await createUser(deps, readControl(req.body, NEW_USER));
    return reply.code(201).send({ data: adminUserView(user) });
  });
  app.get<{ Querystring: Query }>('/_aviary/users', async (req) => {
    const { username } = readControlQuery(req.query, USER_QUERY);
    const user = await findUserByUsername(deps, username);
    if (!user) throw problems.resourceNotFound({ parameter: 'username', value: username, resource_type: 'user' });
    return { data: adminUserView(user) };
  });
  app.get<IdParams>('/_aviary/users/:id', async (req) => ({
    data: adminUserView(await requireUser(deps, req.params.id)),
  }));

  // Not async: nothing here waits, and an async handler's promise costs this, the control API's
  // lightest route (bench:http's trivial route), ~1.5 µs of a ~24 µs request.
  app.get('/_aviary/clock', (_req, reply) => {
    reply.send({ data: clockView(deps) });
  });
  app.post('/_aviary/clock', async (req) => ({ data: await controlClock(deps, req.body) }));

  app.post('/_aviary/reset', async () => ({ data: await resetAll(deps) }));
  app.post('/_aviary/seed', async (req) => ({ data: await seedDataset(deps, req.body) }));
  eventsAdminRoutes(app, deps);
}

async function requireUser(deps: Deps, id: string) {
  const user = await findUserById(deps, id);
  if (!user) throw problems.resourceNotFound({ parameter: 'user_id', value: id, resource_type: 'user' });
  return user;
}

function isCallbackUrl(s: string): boolean {
  if (s === 'oob') return false;
  try {
    return Boolean(new URL(s).protocol);
  } catch {
    return false;
  }
}
