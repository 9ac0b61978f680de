// Process composition: config → clock → store → ids → runtime → app → listen. Returns a handle that
// shuts everything down in order (stop accepting, finish in-flight requests, stop workers and timers,
// stop the runtime, close the store).
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { startClusterNode } from './cluster/node.js';
import { createCredentialCache, createNonces, forgetOnSignal } from './auth/index.js';
import type { Config } from './config/index.js';
import { createDeliveryRuntime } from './delivery/index.js';
import { createFaults, shareFaults } from './faults/index.js';
import { createJournal, shareJournal } from './journal/index.js';
import type { Deps, Runtime, RuntimeBase, Stoppable } from './deps.js';
import { loadOrCreateCertificate } from './http/tls.js';
import { createLimits, shareOverrides } from './limits/index.js';
import { createActivityStreams, startDispatcher } from './modules/activity/index.js';
import { createAdsScheduledTweets, startAudienceProcessing, startScheduledTweets } from './modules/ads/index.js';
import { startComplianceWorker } from './modules/compliance/index.js';
import { createFirehose } from './modules/firehose/index.js';
import { createPostRows } from './modules/posts/index.js';
import { createAccountRows, createUserRows, createUsernameIds } from './modules/users/index.js';
import { createWebhookChecks, startWebhookWorkers } from './modules/webhooks/index.js';
import { createRuleCache, createStreamHub, startStreamDispatcher } from './modules/stream/index.js';
import { createDrainChain, createSearchIndex, createSearchLoad, startSearchIndexer } from './modules/search/index.js';
import { seedDemo, type DemoCredentials } from './seed/demo.js';
import { resumeAfterImport } from './snapshot/index.js';
import { createClock, type ClockControl } from './shared/clock.js';
import { createIds } from './shared/ids.js';
import { humanLines } from './shared/log-lines.js';
import { alnum } from './shared/secrets.js';
import { createScheduler } from './shared/scheduler.js';
import { openStore } from './store/index.js';
import { getSetting, settingOnce } from './store/settings.js';
import { leaseWorkerId } from './store/workers.js';

export type Aviary = {
  app: FastifyInstance;
  deps: Deps;
  url: string;
  adminToken: string;
  credentials: DemoCredentials | null;
  certPath: string | null;
  close(): Promise<void>;
};

async function isEmpty(deps: Deps): Promise<boolean> {
  const row = await deps.db.get<{ n: number }>(
    'SELECT (SELECT COUNT(*) FROM apps) + (SELECT COUNT(*) FROM users) AS n',
  );
  return Number(row?.n ?? 0) === 0;
}

async function demoCredentials(deps: Deps): Promise<DemoCredentials | null> {
  if (deps.config.seedDemo && (await isEmpty(deps))) return seedDemo(deps);
  if (!(await getSetting(deps.db, 'demo_credentials'))) return null;
  return seedDemo(deps); // idempotent: reads the kept keys, restores only what is missing
}

/**
 * Everything this server holds in memory, one member per module that holds any (each declares its
 * member's type beside its code; see Runtime in deps.ts). Nothing is shared with another server in
 * the process. close() stops the members in this order: the connections first, then the timers, the
 * outgoing HTTP client, what still writes to the store (a search drain under way, nonces not yet
 * written), and last the caches, which only forget.
 */
function createRuntime(base: RuntimeBase) {
  return {
    streamHub: createStreamHub(base),
    firehose: createFirehose(),
    faults: createFaults(base),
    journal: createJournal(base),
    activityStreams: createActivityStreams(),
    webhookChecks: createWebhookChecks(),
    delivery: createDeliveryRuntime(base),
    searchDrains: createDrainChain(),
    // After the drain chain: its stop waits for the drain under way, which writes the index.
    searchIndex: createSearchIndex(base),
    searchLoad: createSearchLoad(),
    nonces: createNonces(base),
    streamRules: createRuleCache(),
    credentials: createCredentialCache(),
    postRows: createPostRows(),
    userRows: createUserRows(),
    accountRows: createAccountRows(),
    usernameIds: createUsernameIds(),
    scheduledTweets: createAdsScheduledTweets(),
    limits: createLimits(base),
  } satisfies Runtime & Record<keyof Runtime, Stoppable>;
}

async function stopRuntime(runtime: ReturnType<typeof createRuntime>): Promise<void> {
  for (const member of Object.values(runtime)) await member.stop();
}

export type StartOptions = { clock?: ClockControl; beforeListen?: (app: FastifyInstance) => void | Promise<void> };

export async function startAviary(config: Config, opts: StartOptions = {}): Promise<Aviary> {
  const clock = opts.clock ?? createClock();
  const scheduler = createScheduler(clock);
  const db = await openStore(config, clock);
  // What is open so far, closed in reverse when a later step throws: a start that fails (a seed's
  // error, a port taken) must leave nothing running, or the process cannot exit.
  const opened: (() => unknown)[] = [() => db.close(), () => scheduler.stop()];
  try {
    const lease = await leaseWorkerId(db, clock);
    opened.push(() => lease.release());
    // JSON lines for pipes and files; readable lines when a person watches the terminal.
    const log = pino({ level: config.logLevel }, process.stdout.isTTY ? humanLines(process.stdout) : undefined);
    const ids = createIds(clock, lease.workerId);
    const runtime = createRuntime({ config, db, clock, ids });
    opened.push(() => stopRuntime(runtime));
    // Joins the service's other nodes first: the shared clock is read before any timer is armed.
    const cluster = await startClusterNode({ config, db, clock, scheduler, ids, workerId: lease.workerId });
    opened.push(() => cluster.stop());
    const deps: Deps = { config, db, clock, ids, scheduler, log, runtime, cluster };
    await resumeAfterImport(deps);
    await forgetOnSignal(deps);
    // Nodes sharing PostgreSQL keep fault rules, the journal and rate-limit overrides in the store.
    await shareFaults(deps);
    await shareJournal(deps);
    const adminToken = config.adminToken ?? (await settingOnce(db, 'admin_token', () => `aviary_${alnum(40)}`));
    const credentials = await demoCredentials(deps);
    const tls = config.tls ? await loadOrCreateCertificate(config.dataDir) : null;
    const app = await buildApp(deps, { adminToken, https: tls });
    opened.push(() => app.close());
    await shareOverrides(deps);
    await opts.beforeListen?.(app);
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    const url = `${tls ? 'https' : 'http'}://${host}:${port}`;
    log.info({ url }, 'listening');
    // Background workers (webhook checks, event fan-out, deliveries) start once the port is open.
    const onWorkerError = (err: unknown) => log.error({ err }, 'background worker failed');
    const workers: { stop(): Promise<void> }[] = [];
    opened.push(async () => {
      for (const w of workers) await w.stop();
    });
    workers.push(await startDispatcher(deps, onWorkerError));
    workers.push(await startWebhookWorkers(deps, onWorkerError));
    workers.push(await startStreamDispatcher(deps, onWorkerError));
    workers.push(startSearchIndexer(deps, onWorkerError));
    workers.push(await startScheduledTweets(deps, onWorkerError));
    workers.push(await startAudienceProcessing(deps, onWorkerError));
    workers.push(await startComplianceWorker(deps, onWorkerError));

    let closing: Promise<void> | null = null;
    return {
      app,
      deps,
      url,
      adminToken,
      credentials,
      certPath: tls?.certPath ?? null,
      close() {
        closing ??= (async () => {
          await app.close();
          for (const w of workers) await w.stop();
          scheduler.stop();
          await cluster.stop();
          await stopRuntime(runtime);
          await lease.release();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    for (const close of opened.reverse())
      await Promise.resolve()
        .then(close)
        .catch(() => undefined);
    throw error;
  }
}

/** Writes `<data-dir>/credentials.json` with everything the banner shows. */
export function writeCredentialsFile(a: Aviary): string {
  mkdirSync(a.deps.config.dataDir, { recursive: true });
  const file = join(a.deps.config.dataDir, 'credentials.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        base_url: a.url,
        store: a.deps.db.dialect,
        location: a.deps.db.location,
        admin_token: a.adminToken,
        tls_certificate: a.certPath,
        demo: a.credentials,
      },
      null,
      2,
    ) + '\n',
    { mode: 0o600 },
  );
  return file;
}
