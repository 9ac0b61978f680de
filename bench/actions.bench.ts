// npm run bench:actions — the write path's other writes (issue #23 "likes, reposts, follows and
// deletes get the same treatment"): 16 concurrent clients, each a user with its own OAuth 2.0 user
// token, cycle through like, unlike, repost, undo repost, follow, unfollow and delete of one of its
// own posts on the real v2 routes for BENCH_SECONDS (20), against 3,200 posts made beforehand. Every
// one of these writes its edge or row, its counters and its outbox event in one grouped transaction,
// as a post creation does. Prints actions/s, server CPU per action, p50/p99 per kind, and checks
// what the store says afterwards (each like and repost undone, each deleted post gone). SQLite, then
// PostgreSQL when BENCH_DATABASE_URL is set (BENCH_STORES=sqlite|postgres for one).
// BENCH_HOOK=1 subscribes every client's follow.follow, follow.unfollow and post.delete (X Activity
// API) to a local webhook, so the fan-out and the deliveries run too, and counts what was lost: each
// follow, unfollow, delete and undone repost (a repost is a post) owes one delivery.
import { loadavg } from 'node:os';
import { benchStores, dropSchemas, storeFlags } from './support/stores.js';
import { client, freePort, quantile, type Client } from './support/client.js';
import { cpuMs, spawnAviary } from './support/spawn.js';
import { until } from './support/util.js';
import { webhookReceiver, type Receiver } from './support/webhook.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = 16;
const TARGETS = 3_200;
/** Each client's own posts to delete: more than a client deletes in BENCH_SECONDS at ~350 actions/s each. */
const OWN = SECONDS * 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? null;
const HOOK = process.env.BENCH_HOOK === '1';
const DRAIN_MS = 60_000;
const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'like.read', 'like.write', 'follows.read', 'follows.write'];
const KINDS = ['like', 'unlike', 'repost', 'unrepost', 'follow', 'unfollow', 'delete'] as const;
type Kind = (typeof KINDS)[number];

/** Runs `n` calls of `fn` with `width` at once. */
async function pool(n: number, width: number, fn: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

async function run(store: 'sqlite' | 'postgres') {
  const schema = `bench_actions_${process.pid}`;
  const server = await spawnAviary(await freePort(), storeFlags(store, PG_URL, schema));
  const c: Client = client(server.url);
  const admin = `Bearer ${server.creds.admin_token}`;
  const must = async (method: string, path: string, auth: string, body?: unknown) => {
    const res = await c.request(method, path, auth, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  try {
    const app = (await must('POST', '/_aviary/apps', admin, { name: 'actions-bench', tier: 'enterprise' })).data;
    const users: { id: string; auth: string; own: string[] }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const u = (await must('POST', '/_aviary/users', admin, { username: `abench${i}`, name: `A ${i}` })).data;
      const t = (await must('POST', `/_aviary/apps/${app.id}/oauth2-tokens`, admin, { user_id: u.id, scopes: SCOPES }))
        .data;
      users.push({ id: u.id, auth: `Bearer ${t.access_token}`, own: [] });
    }
    let receiver: Receiver | null = null;
    if (HOOK) {
      receiver = await webhookReceiver();
      receiver.setSecret(app.consumer_secret);
      const bearer = `Bearer ${app.bearer_token}`;
      const hook = await must('POST', '/2/webhooks', bearer, { url: receiver.url });
      for (const u of users)
        for (const event_type of ['follow.follow', 'follow.unfollow', 'post.delete'])
          await must('POST', '/2/activity/subscriptions', bearer, {
            event_type,
            filter: { user_id: u.id },
            webhook_id: hook.data.id,
          });
    }
    const others = Array.from({ length: 64 }, (_, i) => i);
    const followees: string[] = [];
    for (const i of others)
      followees.push(
        (await must('POST', '/_aviary/users', admin, { username: `afollow${i}`, name: `F ${i}` })).data.id,
      );
    const targets: string[] = [];
    await pool(TARGETS, 16, async (i) => {
      const author = followees[i % followees.length]!;
      targets.push((await must('POST', '/_aviary/posts', admin, { author_id: author, text: `target ${i}` })).data.id);
    });
    await pool(CLIENTS * OWN, 16, async (i) => {
      const u = users[i % CLIENTS]!;
      u.own.push((await must('POST', '/_aviary/posts', admin, { author_id: u.id, text: `own ${i}` })).data.id);
    });

    const took = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
    /** Successes of each kind, the warm-up's included (its events are delivered too). */
    const done = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
    const failures: string[] = [];
    const deleted: string[] = [];
    const act = async (u: (typeof users)[number], kind: Kind, step: number) => {
      const post = targets[(step * 7919 + users.indexOf(u) * 131) % targets.length]!;
      const other = followees[(step + users.indexOf(u)) % followees.length]!;
      const call: Record<Kind, () => [string, string, unknown?]> = {
        like: () => ['POST', `/2/users/${u.id}/likes`, { tweet_id: post }],
        unlike: () => ['DELETE', `/2/users/${u.id}/likes/${post}`],
        repost: () => ['POST', `/2/users/${u.id}/retweets`, { tweet_id: post }],
        unrepost: () => ['DELETE', `/2/users/${u.id}/retweets/${post}`],
        follow: () => ['POST', `/2/users/${u.id}/following`, { target_user_id: other }],
        unfollow: () => ['DELETE', `/2/users/${u.id}/following/${other}`],
        delete: () => ['DELETE', `/2/tweets/${u.own.pop()}`],
      };
      if (kind === 'delete' && !u.own.length) return;
      const [method, path, body] = call[kind]();
      const t = performance.now();
      const res = await c.request(method, path, u.auth, body);
      const ms = performance.now() - t;
      if (res.status !== 200) failures.push(`${kind} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      else {
        took.get(kind)!.push(ms);
        done.set(kind, done.get(kind)! + 1);
      }
      if (kind === 'delete' && res.status === 200) deleted.push(path.split('/').pop()!);
    };

    // Warm-up (JIT, statement caches): one round of every kind per client, not counted.
    await Promise.all(
      users.map(async (u) => {
        for (const k of KINDS) await act(u, k, 1_000_000);
      }),
    );
    for (const k of KINDS) took.get(k)!.length = 0;
    deleted.length = 0;

    const cpu0 = cpuMs(server.proc.pid!);
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    await Promise.all(
      users.map(async (u) => {
        // Each round does a like and its undo, a repost and its undo, a follow and its undo: every
        // action changes the store, and the store ends as it began but for the deleted posts.
        for (let step = 0; performance.now() < end; step++) for (const k of KINDS) await act(u, k, step);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuMs(server.proc.pid!) - cpu0;
    const actions = [...took.values()].reduce((n, l) => n + l.length, 0);

    // Every follow, unfollow and removal owes its subscriber one event (distinct event_uuid).
    const owed = new Map([
      ['follow.follow', done.get('follow')!],
      ['follow.unfollow', done.get('unfollow')!],
      ['post.delete', done.get('delete')! + done.get('unrepost')!],
    ]);
    const got = (t: string) => receiver?.byType.get(t)?.size ?? 0;
    if (receiver) {
      const drainEnd = performance.now() + DRAIN_MS;
      await until(() => [...owed].every(([t, n]) => got(t) >= n) || performance.now() > drainEnd, DRAIN_MS + 5_000);
      receiver.close();
    }
    const webhook = receiver
      ? {
          owed: [...owed.values()].reduce((a, b) => a + b, 0),
          lost: [...owed].reduce((n, [t, want]) => n + Math.max(0, want - got(t)), 0),
          requests: receiver.deliveries,
        }
      : null;

    // What the store says afterwards: nothing liked, reposted or followed is left; the deleted are gone.
    const sample = users[0]!;
    const liked = (await must('GET', `/2/users/${sample.id}/liked_tweets`, sample.auth)).meta?.result_count ?? 0;
    const following = (await must('GET', `/2/users/${sample.id}/following`, sample.auth)).meta?.result_count ?? 0;
    const gone = await c.request('GET', `/2/tweets?ids=${deleted.slice(-50).join(',')}`, sample.auth);
    const stillThere = (gone.body?.data ?? []).length as number;

    const perKind = Object.fromEntries(
      KINDS.map((k) => {
        const l = took.get(k)!.sort((a, b) => a - b);
        return [k, { n: l.length, p50: quantile(l, 0.5), p99: quantile(l, 0.99) }];
      }),
    );
    return {
      store,
      actions,
      failures: failures.length,
      firstFailure: failures[0] ?? null,
      actionsPerSecond: Math.round(actions / seconds),
      serverCpuUsPerAction: Math.round((cpu * 1000) / Math.max(1, actions)),
      serverCpuPercent: Math.round(cpu / 10 / seconds),
      perKind,
      after: { liked, following, deletedStillThere: stillThere },
      webhook,
    };
  } finally {
    c.close();
    await server.stop();
    if (store === 'postgres') await dropSchemas(PG_URL!, schema);
  }
}

for (const store of benchStores(PG_URL)) {
  const r = await run(store);
  console.log(
    `${store.padEnd(8)} ${r.actions} actions in ${SECONDS} s: ${r.actionsPerSecond} actions/s, ${r.serverCpuUsPerAction} µs server CPU/action (${r.serverCpuPercent}% of a core), failures ${r.failures}${r.firstFailure ? ` (${r.firstFailure})` : ''}\n` +
      KINDS.map(
        (k) => `         ${k.padEnd(9)} ${r.perKind[k].n} p50 ${r.perKind[k].p50} ms p99 ${r.perKind[k].p99} ms`,
      ).join('\n') +
      `\n         afterwards: liked ${r.after.liked}, following ${r.after.following}, deleted posts still found ${r.after.deletedStillThere}` +
      (r.webhook
        ? `; webhook: lost ${r.webhook.lost} of ${r.webhook.owed} events (${r.webhook.requests} requests)`
        : ''),
  );
  console.log(JSON.stringify({ bench: 'actions', seconds: SECONDS, loadAverage: loadavg(), ...r }));
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (a shared machine skews these figures)`,
);
