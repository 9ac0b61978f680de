// A running server around a snapshot: what it takes before reading the store, and what it holds in
// memory that must follow when the store's state is replaced under it (hubs, caches, timers: the
// Runtime members of deps.ts), the service clock and the id generator.
import { forgetCredentials } from '../auth/index.js';
import type { Deps, Runtime } from '../deps.js';
import { startScheduledTweets } from '../modules/ads/index.js';
import { drainIndex } from '../modules/search/index.js';
import { armAllChecks } from '../modules/webhooks/index.js';
import type { ClockState } from './snapshot.format.js';
import { dropResume, loadSnapshot, pendingResume, takeSnapshot, type Loaded } from './snapshot.service.js';

/** The server's state as a file; the search index is brought up to date first, so a load need not rebuild it. */
export async function snapshotOf(deps: Deps): Promise<Buffer> {
  await drainIndex(deps);
  const now = deps.clock.now();
  return takeSnapshot(deps.db, { clock: { mode: deps.clock.mode(), now }, idsFloor: deps.ids.next(), now });
}

type Step = (deps: Deps) => void | Promise<void>;

/**
 * What each Runtime member does once the store holds another state (or a load failed and it holds the
 * same one): caches forget, timers are armed again from the store, streams start over. A member added
 * to Runtime anywhere must be given its step here (the compiler asks for every key).
 */
const AFTER_LOAD: { [K in keyof Runtime]: Step } = {
  // Connections that joined while the load ran are ended too; the tail (an outbox id cursor of the
  // old state) starts again from the new state's latest post.
  streamHub: async (deps) => {
    await deps.runtime.streamHub.stop();
    deps.runtime.streamHub.tail = null;
  },
  activityStreams: (deps) => deps.runtime.activityStreams.stop(),
  webhookChecks: (deps) => armAllChecks(deps),
  // The loaded outbox may hold work: fan-out and deliveries look now rather than at their next poll.
  delivery: (deps) => {
    deps.runtime.delivery.nudgeDispatch();
    deps.runtime.delivery.nudgeDelivery();
  },
  // The queue came with the file (and the index tables on PostgreSQL, or every post queued again where
  // the file had none): searches drain what is queued, as always.
  searchDrains: () => undefined,
  // SQLite's side file: the load named no file (snapshot.dialect.ts `afterLoad`), so the next drain
  // empties it and files every post again (search.store.ts `ensure`).
  searchIndex: () => undefined,
  // Nonces seen are not state (snapshot.service NOT_STATE): a replay stays a replay.
  nonces: () => undefined,
  streamRules: (deps) => deps.runtime.streamRules.stop(),
  credentials: (deps) => forgetCredentials(deps),
  postRows: (deps) => deps.runtime.postRows.stop(),
  userRows: (deps) => deps.runtime.userRows.stop(),
  accountRows: (deps) => deps.runtime.accountRows.stop(),
  usernameIds: (deps) => deps.runtime.usernameIds.stop(),
  scheduledTweets: async (deps) => {
    deps.runtime.scheduledTweets.stop();
    await startScheduledTweets(deps, (err) => deps.log.error({ err }, 'scheduled posts not armed after a load'));
  },
  // Traffic, not state: rate-limit windows keep counting the callers' requests across a load (the real
  // service would not forget them either), searches under way finish, fault rules and the journal are
  // the tester's set-up and record, kept as the admin token is.
  limits: () => undefined,
  searchLoad: () => undefined,
  faults: () => undefined,
  journal: () => undefined,
  // A generator run posts as users of the old state: it ends.
  firehose: (deps) => deps.runtime.firehose.stop(),
};

/**
 * Before the store is replaced: the search drain under way finishes and later ones wait for the load
 * (the returned release lets them go: a drain's transaction meeting the load's table locks could
 * deadlock with it on PostgreSQL), open streams end (what they hold belongs to the old state; they
 * reconnect), and timers armed from the old state are cancelled so that moving the clock to the
 * file's time runs none of them.
 */
async function quiesce(deps: Deps): Promise<() => void> {
  const chain = deps.runtime.searchDrains;
  const previous = chain.last;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  chain.last = held;
  const resume = () => {
    release();
    if (chain.last === held) chain.last = null;
  };
  try {
    await previous?.catch(() => undefined);
    await deps.runtime.streamHub.stop();
    deps.runtime.activityStreams.stop();
    const checks = deps.runtime.webhookChecks.timers;
    for (const t of checks.values()) t.handle.cancel();
    checks.clear();
    deps.runtime.scheduledTweets.stop();
  } catch (err) {
    resume();
    throw err;
  }
  return resume;
}

/**
 * The file's clock: a virtual clock stands where it stood when the snapshot was taken. It jumps there
 * (shared/scheduler.ts `jump`): the old state's timers were cancelled, and running years of housekeeping
 * intervals on the way to a fixture's date would cost a load seconds to minutes.
 */
export async function applyClock(deps: Deps, clock: ClockState): Promise<void> {
  if (clock.mode === 'virtual') await deps.scheduler.jump(clock.now);
  else await deps.scheduler.useRealTime();
  // The service clock's record in the store (cluster/node.ts), which a load leaves as it was
  // (snapshot.repo.ts): written anew from this clock, so that every node follows it.
  await deps.cluster.clockChanged();
}

/** Replaces the whole state of a running server with the file's; a file that cannot be loaded changes nothing. */
export async function replaceState(deps: Deps, file: Buffer): Promise<Loaded> {
  const resumeDrains = await quiesce(deps);
  try {
    const loaded = await loadSnapshot(deps.db, file);
    await applyClock(deps, loaded.clock);
    deps.ids.reserve(loaded.ids_floor);
    return loaded;
  } finally {
    resumeDrains();
    for (const step of Object.values(AFTER_LOAD)) await step(deps);
  }
}

/** At start: the clock and id floor of a file `aviary import` loaded while no server ran, applied once. */
export async function resumeAfterImport(deps: Deps): Promise<void> {
  const resume = await pendingResume(deps.db);
  if (!resume) return;
  await applyClock(deps, resume.clock);
  deps.ids.reserve(resume.ids_floor);
  await dropResume(deps.db);
}
