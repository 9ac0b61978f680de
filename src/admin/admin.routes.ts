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
import { problems } from '../shared/problems.js';
import { safeEqual } from '../shared/secrets.js';
import { objectBody, oneOf, onlyFields, str, strings } from './body.js';
import { clockView, controlClock } from './clock.js';
import { resetAll, seedDataset } from './data.js';
import { eventsAdminRoutes } from './events.routes.js';

type IdParams = { Params: { id: string } };

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
    const b = objectBody(req.body);
    onlyFields(b, ['name', 'permission', 'tier', 'callback_urls']);
    const created = await createApp(deps, {
      name: str(b, 'name', { required: true, max: 32 })!,
      permission: oneOf(b, 'permission', PERMISSIONS),
      tier: oneOf(b, 'tier', TIERS),
      callback_urls: strings(b, 'callback_urls', { each: isCallbackUrl, what: 'absolute URLs' }),
    });
    return reply.code(201).send({ data: created });
  });
  app.get('/_aviary/apps', async () => ({ data: (await listApps(deps)).map((a) => appView(a)) }));
  app.get<IdParams>('/_aviary/apps/:id', async (req) => ({ data: appView(await getApp(deps, req.params.id)) }));
  app.post<IdParams>('/_aviary/apps/:id/keys/regenerate', async (req) => ({
    data: await regenerateKeys(deps, req.params.id),
  }));

  app.post<IdParams>('/_aviary/apps/:id/access-tokens', async (req, reply) => {
    const b = objectBody(req.body);
    onlyFields(b, ['user_id', 'access']);
    const target = await getApp(deps, req.params.id);
    const user = await requireUser(deps, str(b, 'user_id', { required: true })!);
    const token = await issueAccessToken(deps, target, user.id, oneOf(b, 'access', PERMISSIONS));
    return reply.code(201).send({ data: { ...token, user_id: user.id, screen_name: user.username } });
  });

  app.post<IdParams>('/_aviary/apps/:id/oauth2-tokens', async (req, reply) => {
    const b = objectBody(req.body);
    onlyFields(b, ['user_id', 'scopes']);
    const target = await getApp(deps, req.params.id);
    const user = await requireUser(deps, str(b, 'user_id', { required: true })!);
    const scopes = strings(b, 'scopes', { required: true, each: isScope, what: 'OAuth 2.0 scopes' })!;
    const { token_type: _t, ...tokens } = await issueOAuth2Tokens(deps, target, user.id, scopes);
    return reply.code(201).send({ data: tokens });
  });

  app.post('/_aviary/users', async (req, reply) => {
    const b = objectBody(req.body);
    onlyFields(b, [
      'id',
      'username',
      'name',
      'description',
      'location',
      'url',
      'profile_image_url',
      'verified',
      'protected',
      'premium',
      'password',
    ]);
    const user = await createUser(deps, b as never);
    return reply.code(201).send({ data: adminUserView(user) });
  });
  app.get<{ Querystring: { username?: string } }>('/_aviary/users', async (req) => {
    const { username } = req.query;
    if (username === undefined) throw problems.invalidParam('username', '', 'username is required');
    if (typeof username !== 'string') throw problems.invalidParam('username', username, 'username must be given once');
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
  app.post('/_aviary/clock', async (req) => ({ data: await controlClock(deps, objectBody(req.body)) }));

  app.post('/_aviary/reset', async () => ({ data: await resetAll(deps) }));
  app.post('/_aviary/seed', async (req) => ({ data: await seedDataset(deps, objectBody(req.body)) }));
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
