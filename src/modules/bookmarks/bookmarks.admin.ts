// Aviary's control API for bookmark folders: the v2 API only reads folders (SPEC has no write), so
// a test makes them here, filled with posts the user has already bookmarked. Mounted by app.ts inside
// the control scope, whose hook checks the admin token.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { arr, id, readControl, readPath, required, str } from '../../http/input.js';
import { createFolder } from './folders.service.js';

const NEW_FOLDER = { name: required(str({ min: 1, max: 100 })), post_ids: arr(id(), { max: 1000 }) };

export function bookmarksAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { id: string } }>('/_aviary/users/:id/bookmark-folders', async (req, reply) => {
    const userId = readPath('id', req.params.id, id());
    const b = readControl(req.body, NEW_FOLDER);
    return reply.code(201).send({ data: await createFolder(deps, userId, b.name, b.post_ids ?? []) });
  });
}
