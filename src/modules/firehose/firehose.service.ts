// The synthetic post generator (`POST /_aviary/firehose {rate, duration}`, `aviary firehose`): posts
// from the demo users at `rate` per second of wall time for `duration` seconds, each made through the
// real post-creation path (posts/index.ts createPost), so streams, search and webhooks see them as
// any other post. Sometimes a reply to or a quote of an earlier post of the run. One run at a time
// per server; the state lives in the runtime (`firehose`) and stops with the server.
import type { Deps } from '../../deps.js';
import { isoMillis } from '../../shared/clock.js';
import { problems } from '../../shared/problems.js';
import type { Actor } from '../../shared/selection.js';
import { createPost } from '../posts/index.js';
import { findUsersByIds, findUsersByUsernames } from '../users/index.js';
import { mulberry32 } from '../../shared/prng.js';
import { postText } from './firehose.text.js';

/** The demo dataset's well-known accounts (seed/demo.ts), the default authors. */
const DEMO_USERNAMES = ['jack', 'XDevelopers', 'X'];
const TICK_MS = 10;
/**
 * Creations under way at most: a few ticks' worth at the real firehose's rate on the embedded store,
 * whose write lane commits a group in its own CPU time. On PostgreSQL a group also waits on its
 * round trips (~9, each behind whatever the event loop is doing), so each creation is under way
 * longer and more must be for the same rate (Little's law): at 256 the lane's groups of ~128 fell
 * behind (bench:firehose, 30 s: 4,158–4,715 posts/s), at 768 they are larger, cheaper a post, and
 * keep up (5,714–5,973). The machine is then at capacity, and the streams lag behind by more (p50
 * 0.16–1.0 s against ~0.08 s at 256). On SQLite more under way only queue behind its lane: lag p99
 * 94–120 ms at 256, 167–200 at 512, the same rate (bench/NOTES.md "twenty-third pass").
 */
const IN_FLIGHT = { embedded: 256, shared: 768 };

type Run = {
  rate: number;
  duration: number;
  started: number;
  created: number;
  failed: number;
  lastError: string | null;
  timer: NodeJS.Timeout | null;
  done: boolean;
};

export type Generator = { run: Run | null; stop(): void };

declare module '../../deps.js' {
  interface Runtime {
    firehose: Generator;
  }
}

export function createFirehose(): Generator {
  const g: Generator = {
    run: null,
    stop() {
      if (g.run?.timer) clearTimeout(g.run.timer);
      if (g.run) g.run.done = true;
    },
  };
  return g;
}

const ACTOR = (userId: string): Actor => ({
  userId,
  app: { id: 'aviary', name: 'Aviary Firehose', tier: 'enterprise', client_id: 'aviary', permission: 'read-write-dm' },
});

export function firehoseStatus(deps: Deps) {
  const r = deps.runtime.firehose.run;
  if (!r) return { running: false };
  return {
    running: !r.done,
    rate: r.rate,
    duration: r.duration,
    started_at: isoMillis(r.started),
    created: r.created,
    failed: r.failed,
    ...(r.lastError ? { last_error: r.lastError } : {}),
  };
}

async function authorsOf(deps: Deps, userIds?: string[]) {
  const users = userIds?.length
    ? await findUsersByIds(deps, userIds)
    : await findUsersByUsernames(deps, DEMO_USERNAMES);
  if (!users.length)
    throw problems.invalidParam(
      'user_ids',
      (userIds ?? []).join(','),
      'no authors: seed the demo users or pass user_ids',
    );
  return users;
}

export async function startFirehose(deps: Deps, o: { rate: number; duration: number; user_ids?: string[] }) {
  const g = deps.runtime.firehose;
  if (g.run && !g.run.done) throw problems.conflict('A firehose run is already under way; DELETE it first.');
  const users = await authorsOf(deps, o.user_ids);
  const names = users.map((u) => u.username);
  const r = mulberry32(deps.clock.wall());
  const run: Run = {
    ...o,
    started: deps.clock.wall(),
    created: 0,
    failed: 0,
    lastError: null,
    timer: null,
    done: false,
  };
  g.run = run;
  const recent: string[] = [];
  let n = 0;
  const one = async () => {
    const author = users[Math.floor(r() * users.length)]!;
    const body: Record<string, unknown> = { text: postText(r, n++, names) };
    const roll = r();
    if (recent.length && roll < 0.1) body.reply = { in_reply_to_tweet_id: recent[Math.floor(r() * recent.length)] };
    else if (recent.length && roll < 0.15) body.quote_tweet_id = recent[Math.floor(r() * recent.length)];
    try {
      const created = await createPost(deps, ACTOR(author.id), body as never);
      run.created++;
      recent.push(created.id);
      if (recent.length > 50) recent.shift();
    } catch (err) {
      run.failed++;
      run.lastError = err instanceof Error ? err.message : String(err);
    }
  };
  // Each tick starts what the rate owes up to now, so the count is right whatever the tick's delay,
  // without waiting for the creations before it: they reach the store in the same turns and commit
  // together (group commit, docs/adr/0020), as concurrent clients' posts do. One at a time the
  // generator paid a commit per post; a group at a time it waited on each commit and fell behind the
  // real firehose's ~6,000/s. At most IN_FLIGHT creations are under way: a store that cannot keep up
  // slows the run down rather than piling up work.
  let inFlight = 0;
  const maxInFlight = deps.db.embedded ? IN_FLIGHT.embedded : IN_FLIGHT.shared;
  const total = Math.floor(run.duration * run.rate);
  const finish = () => {
    run.done = true;
    if (run.timer) clearTimeout(run.timer);
  };
  const settled = () => {
    inFlight--;
    if (!run.done && inFlight === 0 && run.created + run.failed >= total) finish();
  };
  const tick = () => {
    if (run.done) return;
    const elapsed = Math.min(deps.clock.wall() - run.started, run.duration * 1000);
    const owed = Math.floor((elapsed / 1000) * run.rate) - run.created - run.failed - inFlight;
    for (let k = Math.min(owed, maxInFlight - inFlight); k > 0; k--) {
      inFlight++;
      void one().finally(settled);
    }
    if (elapsed >= run.duration * 1000 && inFlight === 0) return finish();
    run.timer = setTimeout(tick, TICK_MS);
    run.timer.unref();
  };
  tick();
  return firehoseStatus(deps);
}

export function stopFirehose(deps: Deps) {
  deps.runtime.firehose.stop();
  return firehoseStatus(deps);
}
