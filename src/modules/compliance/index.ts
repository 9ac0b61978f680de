// What other modules may use of compliance: the routes (mounted by app.ts) and the worker main.ts
// starts (job timers after a restart, pruning of the compliance-only events).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { complianceStreamRoutes } from './compliance.routes.js';
import { jobsRoutes } from './jobs.routes.js';

export { complianceAdminRoutes } from './compliance.routes.js';
export { startComplianceWorker } from './compliance.worker.js';

export function complianceRoutes(app: FastifyInstance, deps: Deps): void {
  jobsRoutes(app, deps);
  complianceStreamRoutes(app, deps);
}
