// What every service is handed by the composition root (app.ts). Type-only: nothing here runs.
import type { Logger } from 'pino';
import type { Config } from './config/index.js';
import type { Clock } from './shared/clock.js';
import type { Ids } from './shared/ids.js';
import type { Scheduler } from './shared/scheduler.js';
import type { Db } from './store/index.js';

export type Deps = { config: Config; db: Db; clock: Clock; ids: Ids; scheduler: Scheduler; log: Logger };
