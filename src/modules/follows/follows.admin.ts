// Aviary's control API for follows (/_aviary/follows). Mounted by app.ts inside the control scope,
// whose hook checks the admin token.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { id, readJson, required } from '../../http/input.js';
import { addFollow } from './follows.service.js';

/** Control API: a follow edge made directly (no request, no tier rule), for tests and datasets. */
export function followsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/follows', async (req, reply) => {
    const b = readJson(req.body, { source_id: required(id()), target_id: required(id()) });
    await addFollow(deps, b.source_id, b.target_id, deps.clock.now());
    return reply.code(201).send({ data: { following: true } });
  });
}
