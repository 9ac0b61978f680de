// Two nodes on one PostgreSQL share what the control API sets and what counts (issue #22 part 4, issue
// #20): fault rules (made on one node, acting on the other; a count spent once across both; a seeded
// probability drawing one sequence; a delete stopping the rule everywhere before it answers), the
// request journal (a list or a tail on one node shows what the other answered), rate-limit overrides,
// and the activity stream's connection limit (counted across nodes; a dead node's streams stop counting).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { mulberry32 } from '../../src/shared/prng.js';
import { newApp } from '../support/actors.js';
import { PG_URL, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream } from './stream.client.js';

const skip = PG_URL ? false : 'skipped: AVIARY_TEST_DATABASE_URL is not set (CI sets it; see .ci/run)';

describe(
  'two nodes on one PostgreSQL share faults, the journal, overrides and stream limits [postgres]',
  { skip },
  () => {
    let a: TestServer;
    let b: TestServer;
    before(async () => {
      a = await startServer({ store: 'postgres', config: { nodeName: 'node-a', rateLimits: 'real' } });
      b = await startServer({ sameStoreAs: a, config: { nodeName: 'node-b', rateLimits: 'real' } });
    });
    after(async () => {
      await b?.stop();
      await a?.close();
    });

    const addRule = async (s: TestServer, body: Record<string, unknown>) => {
      const res = await s.admin('POST', '/_aviary/faults', body);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data;
    };
    const lookup = (s: TestServer, app: { bearer_token: string }) =>
      s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` });

    test('a fault rule made on A answers requests to B, in B’s own wire family', async () => {
      const app = await newApp(a);
      assert.equal((await lookup(b, app)).status, 200);
      const rule = await addRule(a, { action: 'error', status: 503, path: '/2/users/:id', app_id: app.id });
      const res = await lookup(b, app);
      assert.equal(res.status, 503);
      assert.equal(res.body.title, 'Service Unavailable');
      const other = await b.call('GET', '/2/users/by/username/jack', { auth: `Bearer ${app.bearer_token}` });
      assert.equal(other.status, 200, 'only the rule’s path');
      await a.admin('DELETE', `/_aviary/faults/${rule.id}`);
    });

    test('a count of 3 is spent exactly once across both nodes; the list on either shows every use', async () => {
      const app = await newApp(a);
      const rule = await addRule(b, { action: 'error', status: 429, path: '/2/users/:id', app_id: app.id, count: 3 });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await lookup(i % 2 ? b : a, app)).status);
      assert.equal(statuses.filter((s) => s === 429).length, 3, JSON.stringify(statuses));
      assert.deepEqual(statuses.slice(0, 3), [429, 429, 429]);
      for (const s of [a, b]) {
        const listed = (await s.admin('GET', `/_aviary/faults/${rule.id}`)).body.data;
        assert.equal(listed.fired, 3);
        // As on one node, a spent rule counts no more matches; each node's uses are written before the list answers.
        assert.equal(listed.matched, 3);
        assert.equal(listed.active, false);
      }
      // Concurrent requests to both nodes at once still spend it once.
      const burst = await addRule(a, { action: 'error', status: 503, path: '/2/users/:id', app_id: app.id, count: 5 });
      const all = await Promise.all(Array.from({ length: 20 }, (_, i) => lookup(i % 2 ? a : b, app)));
      assert.equal(all.filter((r) => r.status === 503).length, 5);
      await a.admin('DELETE', `/_aviary/faults/${burst.id}`);
    });

    test('a seeded probability draws one sequence across nodes: the same requests fire as on one node', async () => {
      const app = await newApp(a);
      const rule = await addRule(a, {
        action: 'error',
        status: 503,
        path: '/2/users/:id',
        app_id: app.id,
        probability: 0.5,
        seed: 42,
      });
      const draw = mulberry32(42);
      const M = 16;
      const expected = Array.from({ length: M }, () => draw() < 0.5);
      const got: boolean[] = [];
      for (let i = 0; i < M; i++) got.push((await lookup(i % 3 ? a : b, app)).status === 503);
      assert.deepEqual(got, expected);
      const listed = (await b.admin('GET', `/_aviary/faults/${rule.id}`)).body.data;
      assert.equal(listed.matched, M);
      assert.equal(listed.fired, expected.filter(Boolean).length);
      await b.admin('DELETE', '/_aviary/faults');
    });

    test('a rule deleted on B no longer acts on A when the delete answers', async () => {
      const app = await newApp(a);
      const rule = await addRule(a, { action: 'error', status: 500, path: '/2/users/:id', app_id: app.id });
      assert.equal((await lookup(a, app)).status, 500);
      const del = await b.admin('DELETE', `/_aviary/faults/${rule.id}`);
      assert.equal(del.status, 200, JSON.stringify(del.body));
      assert.equal((await lookup(a, app)).status, 200);
      assert.equal((await a.admin('GET', `/_aviary/faults/${rule.id}`)).status, 404);
    });

    test('a stream rule made on B cuts a filtered stream open on A', async () => {
      const app = await appWithRules(a, [{ value: `cut${Date.now() % 1_000_000}` }]);
      const stream = await openStream(a, app.bearer);
      assert.equal(stream.status, 200);
      try {
        await addRule(b, { target: 'stream', disconnect_type: 'ForceDisconnect', app_id: app.id });
        const line = await stream.waitFor((l) => l.errors, 10_000);
        assert.equal(line.errors[0].disconnect_type, 'ForceDisconnect');
      } finally {
        await stream.close();
        await b.admin('DELETE', '/_aviary/faults');
      }
    });

    test('the journal: a list on B shows what A answered, each entry naming its node', async () => {
      const app = await newApp(a);
      assert.equal((await lookup(a, app)).status, 200);
      assert.equal((await lookup(b, app)).status, 200);
      const res = await b.admin('GET', `/_aviary/requests?app_id=${app.id}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.meta.result_count, 2);
      assert.deepEqual(
        res.body.data.map((e: any) => [e.node, e.path, e.status]),
        [
          ['node-b', '/2/users/12', 200],
          ['node-a', '/2/users/12', 200],
        ],
      );
      // Paging walks the cluster's entries.
      const first = await a.admin('GET', `/_aviary/requests?app_id=${app.id}&max_results=1`);
      assert.equal(first.body.data[0].node, 'node-b');
      const next = await a.admin(
        'GET',
        `/_aviary/requests?app_id=${app.id}&max_results=1&pagination_token=${first.body.meta.next_token}`,
      );
      assert.equal(next.body.data[0].node, 'node-a');
      assert.equal(next.body.meta.next_token, undefined);
    });

    /**
     * Opens a journal tail of `app` on B; `first()` reads its first entry (aborted after 10 s, so a
     * tail that is never given one fails instead of hanging), `close()` ends it.
     */
    const tailOnB = async (app: { id: string }) => {
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), 10_000);
      const res = await fetch(`${b.url}/_aviary/requests/tail?app_id=${app.id}`, {
        headers: { authorization: `Bearer ${b.adminToken}` },
        signal: ac.signal,
      });
      assert.equal(res.status, 200);
      const reader = res.body!.getReader();
      return {
        async first() {
          let text = '';
          while (!text.includes('\n')) text += new TextDecoder().decode((await reader.read()).value);
          return JSON.parse(text.split('\n')[0]!);
        },
        close() {
          clearTimeout(timer);
          ac.abort();
        },
      };
    };

    test('the journal: a tail on B sees the requests A answers', async () => {
      const app = await newApp(a);
      const tail = await tailOnB(app);
      try {
        await lookup(a, app);
        const entry = await tail.first();
        assert.equal(entry.node, 'node-a');
        assert.equal(entry.app_id, app.id);
        assert.equal(entry.path, '/2/users/12');
      } finally {
        tail.close();
      }
    });

    test('the journal: a tail on B is given what A answered while B’s listening connection was down', async () => {
      const app = await newApp(a);
      const tail = await tailOnB(app);
      try {
        // Both nodes' listening connections are cut (they share the schema's name); A's journal is
        // written and signalled within 100 ms, before the nodes listen again (200 ms on): lost signals.
        const c = new pg.Client({ connectionString: PG_URL! });
        await c.connect();
        try {
          const cut = await c.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
            [`aviary signals ${a.deps.config.databaseSchema}`.slice(0, 63)],
          );
          assert.equal(cut.rowCount, 2);
        } finally {
          await c.end();
        }
        await lookup(a, app);
        const entry = await tail.first();
        assert.equal(entry.node, 'node-a');
        assert.equal(entry.path, '/2/users/12');
      } finally {
        tail.close();
      }
    });

    test('a rate-limit override made on A holds requests to B; back to the table’s numbers from B', async () => {
      const endpoint = 'GET /2/users/:id';
      const put = await a.admin('PUT', '/_aviary/rate-limits', {
        endpoint,
        limits: { app: { limit: 2, window_seconds: 900 } },
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      try {
        const app = await newApp(a);
        const first = await lookup(b, app);
        assert.equal(first.headers.get('x-rate-limit-limit'), '2');
        assert.equal((await lookup(a, app)).status, 200);
        assert.equal((await lookup(b, app)).status, 429);
        const listed = (await b.admin('GET', '/_aviary/rate-limits')).body.data.endpoints.find(
          (e: any) => e.endpoint === endpoint,
        );
        assert.equal(listed.overridden, true);
        assert.deepEqual(listed.app, { limit: 2, window_seconds: 900 });
      } finally {
        const back = await b.admin('PUT', '/_aviary/rate-limits', { endpoint, default: true });
        assert.equal(back.status, 200, JSON.stringify(back.body));
      }
      const other = await newApp(b);
      assert.equal((await lookup(a, other)).headers.get('x-rate-limit-limit'), '300');
    });

    test('a node that starts later holds requests to the overrides already made', async () => {
      const endpoint = 'GET /2/users/:id';
      await b.admin('PUT', '/_aviary/rate-limits', { endpoint, limits: { app: { limit: 7, window_seconds: 60 } } });
      const c = await startServer({ sameStoreAs: a, config: { nodeName: 'node-c', rateLimits: 'real' } });
      try {
        const app = await newApp(c);
        assert.equal((await lookup(c, app)).headers.get('x-rate-limit-limit'), '7');
      } finally {
        await c.stop();
        await b.admin('PUT', '/_aviary/rate-limits', { endpoint, default: true });
      }
    });

    test('the activity stream: a third connection of one app on B while two are open on A is 429', async () => {
      const app = await newApp(a);
      const open = (s: TestServer) => openStream(s, app.bearer_token, '', '/2/activity/stream');
      const one = await open(a);
      const two = await open(a);
      assert.equal(one.status, 200);
      assert.equal(two.status, 200);
      const three = await open(b);
      try {
        assert.equal(three.status, 429);
        assert.equal(three.body.connection_issue, 'TooManyConnections');
        await one.close();
        const again = await poll(
          async () => {
            const s = await open(b);
            if (s.status === 200) return s;
            return undefined;
          },
          { timeoutMs: 10_000, intervalMs: 100 },
        );
        assert.equal((await open(a)).status, 429, 'and now A refuses');
        await again!.close();
      } finally {
        await one.close();
        await two.close();
      }
    });

    test('the activity stream: connections of a node that stopped heartbeating no longer count', async () => {
      const app = await newApp(a);
      const wall = Date.now();
      const row = (uuid: string, seen: number) =>
        a.deps.db.run('INSERT INTO activity_connections (uuid, app_id, holder, seen_at) VALUES (?, ?, ?, ?)', [
          uuid,
          app.id,
          'activity:a-node-that-died',
          seen,
        ]);
      // Two left by a node killed a minute ago, one by a node still alive (seen just now).
      await row(`dead-1-${app.id}`, wall - 60_000);
      await row(`dead-2-${app.id}`, wall - 60_000);
      await row(`alive-${app.id}`, wall);
      const open = (s: TestServer) => openStream(s, app.bearer_token, '', '/2/activity/stream');
      const first = await open(b);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      const second = await open(a);
      assert.equal(second.status, 429, 'the live node’s connection and B’s make two');
      await first.close();
      await a.deps.db.run('DELETE FROM activity_connections WHERE uuid = ?', [`alive-${app.id}`]);
    });
  },
);
