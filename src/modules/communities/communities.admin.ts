// Control API for communities (the public API cannot create one): create a community, add and remove
// members. Mounted in the control scope (admin token).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { oneOf, readControl, readPath, required, str, id } from '../../http/input.js';
import { ACCESS, createCommunity, JOIN_POLICIES, ROLES, setMember } from './communities.service.js';
import { adminCommunityView } from './communities.view.js';

const ID = str({ pattern: /^[0-9]{1,19}$/ });
const NEW = {
  name: required(str({ min: 1, max: 30 })),
  description: str({ max: 160 }),
  creator_id: required(ID),
  access: oneOf(ACCESS),
  join_policy: oneOf(JOIN_POLICIES),
};
const MEMBER = { user_id: required(ID), role: oneOf(ROLES) };
type Params = { Params: { id: string; user_id: string } };

export function communitiesAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/communities', async (req, reply) => {
    const c = await createCommunity(deps, readControl(req.body, NEW));
    return reply.code(201).send({ data: adminCommunityView(c) });
  });
  app.post<Params>('/_aviary/communities/:id/members', async (req, reply) => {
    const b = readControl(req.body, MEMBER);
    const r = await setMember(deps, readPath('id', req.params.id, id()), b.user_id, true, b.role);
    return reply.code(r.changed ? 201 : 200).send({ data: { is_member: true } });
  });
  app.delete<Params>('/_aviary/communities/:id/members/:user_id', async (req) => {
    const c = readPath('id', req.params.id, id());
    await setMember(deps, c, readPath('user_id', req.params.user_id, id()), false);
    return { data: { is_member: false } };
  });
}
