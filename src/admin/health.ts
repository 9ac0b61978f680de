// GET /_aviary/health: answered without the admin token, for whatever waits on the service to be up
// (a CI step, a container health check), as LocalStack's /_localstack/health is.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function healthRoutes(app: FastifyInstance, deps: Deps) {
  // Real time since this server was built, not the service clock (which may be virtual).
  const startedAt = performance.now();
  app.get('/_aviary/health', async () => ({
    status: 'ok',
    version: VERSION,
    store: deps.db.dialect,
    uptime_s: Math.floor((performance.now() - startedAt) / 1000),
    // Which node answered, which leads, and every node alive on this store (cluster/node.ts).
    ...(await deps.cluster.health()),
  }));
}
