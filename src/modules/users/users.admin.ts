// Control API for what the public API cannot set about users: an organization's affiliates
// (GET /2/users/{id}/affiliates reads them). Mounted in the control scope (admin token).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { id, readControl, readPath, required, str } from '../../http/input.js';
import { setAffiliate } from './users.service.js';

type Params = { Params: { id: string; user_id: string } };
const AFFILIATE = { user_id: required(str({ pattern: /^[0-9]{1,19}$/ })) };

export function usersAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post<Params>('/_aviary/users/:id/affiliates', async (req, reply) => {
    const b = readControl(req.body, AFFILIATE);
    const changed = await setAffiliate(deps, readPath('id', req.params.id, id()), b.user_id, true);
    return reply.code(changed ? 201 : 200).send({ data: { affiliated: true } });
  });
  app.delete<Params>('/_aviary/users/:id/affiliates/:user_id', async (req) => {
    const org = readPath('id', req.params.id, id());
    await setAffiliate(deps, org, readPath('user_id', req.params.user_id, id()), false);
    return { data: { affiliated: false } };
  });
}
