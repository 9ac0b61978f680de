// v2 user lookups. Thin: parse, call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { ANY_AUTH } from '../../http/auth.js';
import { FIELD_ENUMS } from '../../http/field-enums.js';
import { parseQuery, type Query } from '../../http/params.js';
import { partialError, problems } from '../../shared/problems.js';
import { findUserById, findUserByUsername, ID, USERNAME } from './users.service.js';
import { userView } from './users.view.js';

const LOOKUP_PARAMS = { 'user.fields': { kind: 'list', values: FIELD_ENUMS.UserFieldsParameter } } as const;

export function usersRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { id: string }; Querystring: Query }>('/2/users/:id', { config: { auth: ANY_AUTH } }, async (req) => {
    const q = parseQuery(req.query, LOOKUP_PARAMS);
    const { id } = req.params;
    if (!ID.test(id)) throw problems.invalidParam('id', id, `The \`id\` query parameter value [${id}] does not match ^[0-9]{1,19}$`);
    const user = await findUserById(deps, id);
    if (!user) return { errors: [partialError(problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'user' }))] };
    return { data: userView(user, q['user.fields'] as string[] | undefined) };
  });

  app.get<{ Params: { username: string }; Querystring: Query }>('/2/users/by/username/:username', { config: { auth: ANY_AUTH } }, async (req) => {
    const q = parseQuery(req.query, LOOKUP_PARAMS);
    const { username } = req.params;
    if (!USERNAME.test(username)) throw problems.invalidParam('username', username, `The \`username\` query parameter value [${username}] does not match ^[A-Za-z0-9_]{1,15}$`);
    const user = await findUserByUsername(deps, username);
    if (!user) return { errors: [partialError(problems.resourceNotFound({ parameter: 'username', value: username, resource_type: 'user' }))] };
    return { data: userView(user, q['user.fields'] as string[] | undefined) };
  });
}
