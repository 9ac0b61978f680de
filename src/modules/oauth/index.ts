// What other modules and the composition root may use of the OAuth flows.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { oauth1Routes } from './oauth1.routes.js';
import { oauth2Routes } from './oauth2.routes.js';

export function oauthRoutes(app: FastifyInstance, deps: Deps) {
  oauth1Routes(app, deps);
  oauth2Routes(app, deps);
}
