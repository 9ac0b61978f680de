// Paths of the OpenAPI document not built yet that a parameter route (`/2/users/:id`,
// `/2/tweets/:id`, `/2/media/:media_key`) would otherwise catch and answer with a 400 about an id.
// Until each is built it answers the route-not-found 404, as any other unknown path does.
import type { FastifyInstance } from 'fastify';
import { problems } from '../shared/problems.js';

export const UNBUILT_GET_PATHS: readonly string[] = [];

export function unbuiltRoutes(app: FastifyInstance) {
  for (const path of UNBUILT_GET_PATHS) {
    app.get(path, async () => {
      throw problems.routeNotFound();
    });
  }
}
