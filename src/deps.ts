// What every service is handed by the composition root (app.ts). Type-only: nothing here runs.
import type { Logger } from 'pino';
import type { ClusterNode } from './cluster/node.js';
import type { Config } from './config/index.js';
import type { Clock } from './shared/clock.js';
import type { Ids } from './shared/ids.js';
import type { Scheduler } from './shared/scheduler.js';
import type { Db } from './store/index.js';

export type Deps = {
  config: Config;
  db: Db;
  clock: Clock;
  ids: Ids;
  scheduler: Scheduler;
  log: Logger;
  runtime: Runtime;
  /** This process as a node of the service (cluster/node.ts): its name, the leader, the shared clock. */
  cluster: ClusterNode;
};

/** What the runtime's members are made from: Deps without the runtime (main.ts builds them first). */
export type RuntimeBase = Pick<Deps, 'config' | 'db' | 'clock' | 'ids'>;

/** A runtime member: close() in main.ts calls each stop() once, in the order main.ts created them. */
export type Stoppable = { stop(): void | Promise<void> };

/**
 * Everything one server holds in memory (hubs, caches, timers, nonce memory, drain chains), one member
 * each, so that two servers in one process share nothing (STYLE.md "State and speed"). main.ts
 * `createRuntime` makes every member and `close()` stops them in order.
 *
 * Each module declares its own member beside the code that uses it, by declaration merging
 * (`declare module '../deps.js' { interface Runtime { streamHub: Hub } }`), as http/auth.ts adds
 * `caller` to Fastify's request: this file then imports nothing above the store (scripts/check-imports.mjs),
 * and the compiler still makes main.ts create every member declared anywhere. The members, by file:
 * stream/stream.hub.ts `streamHub`, activity/activity.stream.ts `activityStreams`,
 * webhooks/webhooks.checks.ts `webhookChecks`, delivery/runtime.ts `delivery`, search/search.indexer.ts
 * `searchDrains`, stream/rules.cache.ts `streamRules`, auth/oauth1.nonces.ts `nonces`,
 * auth/credentials.ts `credentials`, posts/posts.cache.ts `postRows`, users/users.cache.ts `userRows`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are declared by the modules (above)
export interface Runtime {}
