// Two nodes on one PostgreSQL database behave as one service (issue "Many nodes"): one leader named
// by both, one service clock (a change on A is seen on B before A answers; B's timers fire on it),
// the lease moving when the leader stops; outbox commits signalled to every node (a post on A reaches
// a stream on B, at once even when it commits behind the stream's cursor; a webhook gets each event
// once), and what must hold cluster-wide checked across the nodes: stream connection limits, OAuth
// 1.0a nonces, revoked credentials.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { signRequest } from '../../src/auth/index.js';
import { compareIds } from '../../src/shared/ids.js';
import { adsCall, newAdsAccount, newAdvertiser } from '../support/ads.js';
import { childCall, startChild, type Child } from '../support/child.js';
import { newApp, newUser, startReceiver, subscribe, userToken } from '../support/receiver.js';
import { PG_URL, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, poster } from './stream.client.js';

const HOUR = 3_600_000;
const skip = PG_URL ? false : 'skipped: AVIARY_TEST_DATABASE_URL is not set (CI sets it; see .ci/run)';

describe('two nodes on one PostgreSQL [postgres]', { skip }, () => {
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    a = await startServer({ store: 'postgres', config: { nodeName: 'node-a' } });
    b = await startServer({ sameStoreAs: a, config: { nodeName: 'node-b' } });
  });
  after(async () => {
    await b?.stop();
    await a?.close();
  });

  const clockOf = async (s: TestServer) => (await s.admin('GET', '/_aviary/clock')).body.data;

  test('health: each node names itself, both name the same leader and both nodes', async () => {
    const ha = (await a.call('GET', '/_aviary/health')).body;
    const hb = (await b.call('GET', '/_aviary/health')).body;
    assert.equal(ha.node, 'node-a');
    assert.equal(hb.node, 'node-b');
    assert.equal(ha.leader, 'node-a', 'the first node takes the lease');
    assert.equal(hb.leader, 'node-a');
    assert.deepEqual(hb.nodes, ['node-a', 'node-b']);
  });

  test('the clock: virtual time and an advance on A are seen on B before A answers', async () => {
    const set = await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.data.unacknowledged_nodes, undefined, 'every node acknowledged');
    assert.deepEqual(await clockOf(b), await clockOf(a));
    const before = Date.parse((await clockOf(a)).now);
    await a.admin('POST', '/_aviary/clock', { advance_ms: 5 * HOUR });
    const seen = await clockOf(b);
    assert.equal(seen.mode, 'virtual');
    assert.equal(Date.parse(seen.now), before + 5 * HOUR);
    // And back the other way: B hands time back to real, A follows.
    await b.admin('POST', '/_aviary/clock', { mode: 'real' });
    assert.equal((await clockOf(a)).mode, 'real');
  });

  test("B's timers fire when A advances the clock: a post scheduled on B publishes once", async () => {
    await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    const alice = await newAdvertiser(b);
    const account = await newAdsAccount(b, alice);
    const now = Date.parse((await clockOf(b)).now);
    const made = await adsCall(b, alice, 'POST', `accounts/${account.id}/scheduled_tweets`, {
      as_user_id: alice.id,
      text: 'published by a clock moved on another node',
      scheduled_at: new Date(now + HOUR).toISOString(),
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    await a.admin('POST', '/_aviary/clock', { advance_ms: 2 * HOUR });
    const done = await adsCall(a, alice, 'GET', `accounts/${account.id}/scheduled_tweets/${made.body.data.id}`);
    assert.equal(done.body.data.scheduled_status, 'SUCCESS', JSON.stringify(done.body));
    const post = await a.call('GET', `/2/tweets/${done.body.data.tweet_id}`, { auth: `Bearer ${a.bearer}` });
    assert.equal(post.body.data.text, 'published by a clock moved on another node');
    // Once: the account's published posts (nullcast, so not on the timeline) hold one.
    const published = await adsCall(a, alice, 'GET', `accounts/${account.id}/tweets`, { tweet_type: 'PUBLISHED' });
    assert.equal(published.body.data.length, 1, JSON.stringify(published.body));
    await a.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('a node that starts later joins at the service clock', async () => {
    await a.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    await a.admin('POST', '/_aviary/clock', { advance_ms: 7 * HOUR });
    const c = await startServer({ sameStoreAs: a, config: { nodeName: 'node-c' } });
    try {
      assert.deepEqual(await clockOf(c), await clockOf(a));
    } finally {
      await c.stop();
    }
    await a.admin('POST', '/_aviary/clock', { mode: 'real' });
  });

  test('an outbox commit is signalled on the schema channel with the topics written (migration 0033)', async () => {
    const channel = `aviary:${a.deps.config.databaseSchema}:outbox`;
    const c = new pg.Client({ connectionString: PG_URL! });
    await c.connect();
    const heard: string[] = [];
    c.on('notification', (m) => {
      if (m.channel === channel) heard.push(m.payload ?? '');
    });
    try {
      await c.query(`LISTEN "${channel}"`);
      const { post } = await poster(a);
      await post('a post signals its commit');
      const payload = await poll(() => heard.find((p) => p.split(',').includes('post.create')), { timeoutMs: 5_000 });
      assert.ok(payload, 'post.create was signalled');
    } finally {
      await c.end();
    }
  });

  test('a post created on A reaches a filtered stream open on B', async () => {
    const word = `pushword${Date.now() % 1_000_000}`;
    const app = await appWithRules(a, [{ value: word, tag: 'push' }]);
    const stream = await openStream(b, app.bearer);
    assert.equal(stream.status, 200, JSON.stringify(stream.body));
    try {
      const { post } = await poster(a);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await post(`${word} number ${i}`));
      for (const id of ids) {
        const line = await stream.waitFor((l) => l.data?.id === id, 10_000);
        assert.deepEqual(line.matching_rules, [{ id: app.rules[word], tag: 'push' }]);
      }
      assert.equal(stream.lines.filter((l) => l.data).length, 5, 'each post once');
    } finally {
      await stream.close();
    }
  });

  test("a post committed behind a stream's cursor reaches it at once, not at its next sweep (migration 0045)", async () => {
    // Commit order is not id order across nodes. A's post takes its id, then waits for its commit
    // behind a lock held here on its author's row, while B's post, made after it, commits and moves
    // B's stream past A's id. The dispatcher's sweep of late commits runs every 500 ms; each round
    // below lets the sweep run with B's post (1.2 s of quiet before it), so a post found only by a
    // later sweep comes 0.5–1 s after its commit (~1,010 ms measured). Signalled with its lowest id,
    // it comes at once (7–8 ms).
    const word = `lateword${Date.now() % 1_000_000}`;
    const app = await appWithRules(a, [{ value: word }]);
    const stream = await openStream(b, app.bearer);
    assert.equal(stream.status, 200, JSON.stringify(stream.body));
    const late = await poster(a);
    const ahead = await poster(b);
    const lock = new pg.Client({
      connectionString: PG_URL!,
      options: `-c search_path=${a.deps.config.databaseSchema}`,
    });
    await lock.connect();
    const delays: number[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 1_200));
        await lock.query('BEGIN');
        await lock.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [late.user.id]);
        const held = late.post(`${word} late ${i}`);
        await poll(async () => {
          const r = await lock.query(
            'SELECT 1 FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
          );
          return r.rowCount ? true : undefined;
        });
        const aheadId = await ahead.post(`${word} ahead ${i}`);
        await stream.waitFor((l) => l.data?.id === aheadId, 10_000);
        const released = performance.now();
        await lock.query('ROLLBACK');
        const lateId = await held;
        assert.ok(compareIds(lateId, aheadId) < 0, 'the late post has the lower id');
        await stream.waitFor((l) => l.data?.id === lateId, 10_000);
        delays.push(performance.now() - released);
      }
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      await lock.end();
      await stream.close();
    }
    assert.ok(
      delays.every((d) => d < 300),
      `each late post within 300 ms of its commit: ${delays.map((d) => d.toFixed(0)).join(', ')} ms`,
    );
    assert.equal(stream.lines.filter((l) => l.data).length, 6, 'each post once');
  });

  test('a rule added on B applies to posts created on A, on a stream open on A', async () => {
    const first = `first${Date.now() % 1_000_000}`;
    const second = `second${Date.now() % 1_000_000}`;
    const app = await appWithRules(a, [{ value: first }]);
    const stream = await openStream(a, app.bearer);
    try {
      const added = await b.call('POST', '/2/tweets/search/stream/rules', {
        auth: `Bearer ${app.bearer}`,
        body: { add: [{ value: second }] },
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      const { post } = await poster(a);
      const id = await post(`only the ${second} rule matches`);
      const line = await stream.waitFor((l) => l.data?.id === id, 10_000);
      assert.deepEqual(line.matching_rules, [{ id: added.body.data[0].id }]);
    } finally {
      await stream.close();
    }
  });

  test('webhooks: events written on both nodes are each delivered once', async () => {
    const app = await newApp(a);
    const receiver = await startReceiver({ secret: app.consumer_secret });
    try {
      const hook = await a.call('POST', '/2/webhooks', { auth: app.auth, body: { url: receiver.url } });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      const user = await newUser(a);
      await subscribe(b, app.auth, {
        event_type: 'profile.update.bio',
        filter: { user_id: user.id },
        webhook_id: hook.body.data.id,
      });
      const PER_NODE = 200;
      for (const s of [a, b]) {
        const res = await s.admin('POST', '/_aviary/events', {
          event_type: 'profile.update.bio',
          user_id: user.id,
          payload: { node: s.deps.cluster.name },
          count: PER_NODE,
        });
        assert.equal(res.status, 201, JSON.stringify(res.body));
      }
      const distinct = () => new Set(receiver.accepted.map((r) => r.json.data.event_uuid)).size;
      await poll(() => distinct() === 2 * PER_NODE, { timeoutMs: 20_000, intervalMs: 20 });
      // Long enough for any second claim of a row (both nodes poll at least every 2 s) to have sent it.
      await new Promise((r) => setTimeout(r, 2_500));
      assert.equal(receiver.accepted.length, 2 * PER_NODE, 'no event delivered twice');
      assert.ok(receiver.accepted.every((r) => r.signatureOk));
    } finally {
      await receiver.close();
    }
  });

  test('reposts of one post sent to both nodes at once make one repost, counted once', async () => {
    const app = await newApp(a);
    const author = await newUser(a);
    const fan = await newUser(a);
    const post = await a.call('POST', '/2/tweets', {
      auth: await userToken(a, app, author.id),
      body: { text: 'repost me from anywhere' },
    });
    assert.equal(post.status, 201, JSON.stringify(post.body));
    const id = post.body.data.id as string;
    const token = await userToken(a, app, fan.id);
    const sent = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? b : a).call('POST', `/2/users/${fan.id}/retweets`, { auth: token, body: { tweet_id: id } }),
      ),
    );
    for (const r of sent) assert.deepEqual(r.body, { data: { retweeted: true } });
    const reposts = await a.deps.db.all<{ id: string }>(
      'SELECT id FROM posts WHERE author_id = ? AND repost_of_id = ?',
      [fan.id, id],
    );
    assert.equal(reposts.length, 1, 'one repost');
    const seen = await b.call('GET', `/2/tweets/${id}?tweet.fields=public_metrics`, { auth: app.auth });
    assert.equal(seen.body.data.public_metrics.retweet_count, 1);
    const user = await b.call('GET', `/2/users/${fan.id}?user.fields=public_metrics`, { auth: app.auth });
    assert.equal(user.body.data.public_metrics.tweet_count, 1);
  });

  test('stream connection limits count the connections of every node: 429 TooManyConnections on B', async () => {
    const app = await appWithRules(a, [{ value: 'limits' }], { tier: 'pro' });
    const first = await openStream(a, app.bearer);
    assert.equal(first.status, 200);
    const second = await openStream(b, app.bearer);
    assert.equal(second.status, 429);
    assert.deepEqual(second.body, {
      title: 'ConnectionException',
      detail: 'This stream is currently at the maximum allowed connection limit.',
      connection_issue: 'TooManyConnections',
      type: 'https://api.twitter.com/2/problems/streaming-connection',
    });
    await first.close();
    // Once A has recorded the close, B admits the app's one connection.
    const again = await poll(
      async () => {
        const s = await openStream(b, app.bearer);
        if (s.status === 200) return s;
        await s.close();
        return undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const third = await openStream(a, app.bearer);
    assert.equal(third.status, 429, 'and now A refuses');
    await again!.close();
  });

  test('an OAuth 1.0a request replayed to the other node is refused (nonces are kept in the store)', async () => {
    const { app, user } = a.credentials!;
    const host = new URL(a.url).host;
    // Behind a load balancer both nodes see the same Host: the signature base string is the same.
    const authorization = signRequest({
      method: 'GET',
      url: `http://${host}/2/users/me`,
      consumerKey: app.consumer_key,
      consumerSecret: app.consumer_secret,
      token: user.access_token,
      tokenSecret: user.access_token_secret,
      nonce: `cluster-replay-${Date.now()}`,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const send = (s: TestServer) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const u = new URL(s.url);
        const req = http.request(
          { host: u.hostname, port: u.port, path: '/2/users/me', headers: { host, authorization } },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const first = await send(a);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const replay = await send(b);
    assert.equal(replay.status, 401, JSON.stringify(replay.body));
  });

  test('a token revoked through A is refused by B at once, though B had just looked it up', async () => {
    const app = await newApp(a);
    const me = (s: TestServer) => s.call('GET', '/2/users/by/username/jack', { auth: app.auth });
    assert.equal((await me(b)).status, 200, 'B has looked the bearer up (and caches it)');
    const inv = await a.call('POST', '/oauth2/invalidate_token', {
      headers: {
        authorization: `Basic ${Buffer.from(`${app.consumer_key}:${app.consumer_secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `access_token=${encodeURIComponent(app.bearer_token)}`,
    });
    assert.equal(inv.status, 200, JSON.stringify(inv.body));
    // The signal travels after the answer; B drops its cached lookup within a moment, not the cache's 5 s.
    const refused = await poll(async () => ((await me(b)).status === 401 ? true : undefined), {
      timeoutMs: 2_000,
      intervalMs: 20,
    });
    assert.equal(refused, true);
  });

  test('the leader stops: the other node takes the lease within seconds', async () => {
    await a.stop();
    const leader = await poll(
      async () => {
        const h = (await b.call('GET', '/_aviary/health')).body;
        return h.leader === 'node-b' ? h.leader : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 200 },
    );
    assert.equal(leader, 'node-b');
    a = await startServer({ sameStoreAs: b, config: { nodeName: 'node-a' } });
    assert.equal((await a.call('GET', '/_aviary/health')).body.leader, 'node-b');
  });
});

// A node killed with SIGKILL mid-burst (child processes, as a user runs them): the other node
// finishes every delivery, takes the leader lease, and nothing is lost. At-least-once: duplicates
// (a delivery A had sent but not yet settled when it died) are counted and reported.
describe('two node processes on one PostgreSQL, one killed mid-burst [postgres]', { skip }, () => {
  const schema = `push_crash_${process.pid}_${Date.now() % 100_000}`;
  const children: Child[] = [];
  const call = childCall;

  async function startNode(name: string): Promise<Child> {
    const dataDir = mkdtempSync(join(tmpdir(), `aviary-${name}-`));
    const args = ['--database-url', PG_URL!, '--database-schema', schema, '--node-name', name, '--no-seed-demo'];
    const child = await startChild(dataDir, ['--webhook-timeout-ms', '1000', ...args], 120_000);
    children.push(child);
    return child;
  }

  after(async () => {
    for (const c of children) {
      c.proc.kill('SIGKILL');
      rmSync(c.dataDir, { recursive: true, force: true });
    }
    const c = new pg.Client({ connectionString: PG_URL! });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });

  test('A (the leader) killed while delivering: B delivers every event and leads', async (t) => {
    const a = await startNode('crash-a');
    const b = await startNode('crash-b');
    const admin = `Bearer ${a.admin}`;
    assert.equal((await call(b, 'GET', '/_aviary/health', `Bearer ${b.admin}`)).body.leader, 'crash-a');
    const receiver = await startReceiver();
    try {
      const app = (await call(a, 'POST', '/_aviary/apps', admin, { name: 'crash', tier: 'enterprise' })).body.data;
      receiver.secret = app.consumer_secret;
      const user = (await call(a, 'POST', '/_aviary/users', admin, { username: `crash${Date.now() % 1e5}`, name: 'c' }))
        .body.data;
      const hook = await call(a, 'POST', '/2/webhooks', `Bearer ${app.bearer_token}`, { url: receiver.url });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      const sub = await call(a, 'POST', '/2/activity/subscriptions', `Bearer ${app.bearer_token}`, {
        event_type: 'profile.update.bio',
        filter: { user_id: user.id },
        webhook_id: hook.body.data.id,
      });
      assert.equal(sub.status, 200, JSON.stringify(sub.body));

      const TOTAL = 2000;
      for (let i = 0; i < TOTAL / 500; i++) {
        const res = await call(a, 'POST', '/_aviary/events', admin, {
          event_type: 'profile.update.bio',
          user_id: user.id,
          payload: { batch: i },
          count: 500,
        });
        assert.equal(res.status, 201);
      }
      await poll(() => receiver.accepted.length >= 100, { timeoutMs: 60_000, intervalMs: 1 });
      a.proc.kill('SIGKILL');
      await new Promise((r) => a.proc.once('exit', r));
      const atKill = receiver.accepted.length;

      const distinct = () => new Set(receiver.accepted.map((p) => p.json.data.event_uuid)).size;
      await poll(() => distinct() === TOTAL, { timeoutMs: 120_000, intervalMs: 50 });
      const leader = await poll(
        async () => {
          const h = (await call(b, 'GET', '/_aviary/health', `Bearer ${b.admin}`)).body;
          return h.leader === 'crash-b' ? h.leader : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
      const duplicates = receiver.accepted.length - distinct();
      const summary = `cluster crash: ${TOTAL} events, ${atKill} delivered before SIGKILL of A, ${receiver.accepted.length} received, ${duplicates} duplicates, leader now ${leader}`;
      t.diagnostic(summary);
      console.log(summary);
      assert.ok(atKill < TOTAL, 'the kill happened mid-delivery');
      assert.equal(leader, 'crash-b');
      assert.ok(receiver.accepted.every((p) => p.signatureOk));
    } finally {
      await receiver.close();
    }
  });
});
