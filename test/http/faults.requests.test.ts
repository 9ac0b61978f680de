// Fault injection on requests (/_aviary/faults, target `request`): seeded probability, counts,
// expiry on the service clock, latency, connection resets, each wire family's error body, the
// rules' own control API, and search's 503 beyond --search-concurrency.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiResponseError } from 'twitter-api-v2';
import { signRequest } from '../../src/auth/index.js';
import { mulberry32 } from '../../src/shared/prng.js';
import { newApp } from '../support/actors.js';
import { adsCall, newAdvertiser } from '../support/ads.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('faults: requests', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  const addRule = async (body: Record<string, unknown>) => {
    const res = await s.admin('POST', '/_aviary/faults', body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };

  test('a seeded 50 % rule makes exactly the searches its PRNG picks answer 503; twitter-api-v2 sees ApiResponseError', async () => {
    const app = await newApp(s);
    const rule = await addRule({
      action: 'error',
      status: 503,
      path: '/2/tweets/search/recent',
      app_id: app.id,
      probability: 0.5,
      seed: 42,
    });
    const client = twitterApiV2(s.url, app.bearer_token);
    const M = 20;
    const draw = mulberry32(42);
    const expected = Array.from({ length: M }, () => draw() < 0.5);
    const got: boolean[] = [];
    for (let i = 0; i < M; i++) {
      try {
        await client.v2.search('hello');
        got.push(false);
      } catch (e) {
        assert.ok(e instanceof ApiResponseError, String(e));
        assert.equal(e.code, 503);
        assert.deepEqual(e.data, {
          title: 'Service Unavailable',
          type: 'about:blank',
          status: 503,
          detail: 'Service Unavailable',
        });
        got.push(true);
      }
    }
    assert.deepEqual(got, expected);
    const N = expected.filter(Boolean).length;
    assert.ok(N > 0 && N < M);
    const listed = (await s.admin('GET', `/_aviary/faults/${rule.id}`)).body.data;
    assert.equal(listed.matched, M);
    assert.equal(listed.fired, N);
    await s.admin('DELETE', `/_aviary/faults/${rule.id}`);
  });

  test('a count-limited rule fires exactly count times, then is inactive', async () => {
    const app = await newApp(s);
    const rule = await addRule({ action: 'error', status: 429, path: '/2/users/:id', app_id: app.id, count: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` })).status);
    assert.deepEqual(
      statuses.map((x) => x === 429),
      [true, true, true, false, false, false],
    );
    const listed = (await s.admin('GET', `/_aviary/faults/${rule.id}`)).body.data;
    assert.equal(listed.fired, 3);
    assert.equal(listed.active, false);
  });

  test('a rule for one app leaves other apps alone; expiry follows the service clock', async () => {
    const [a, b] = [await newApp(s), await newApp(s)];
    await s.admin('POST', '/_aviary/clock', { mode: 'virtual' });
    try {
      await addRule({ action: 'error', status: 500, path_prefix: '/2/users', app_id: a.id, ttl_ms: 60_000 });
      assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${a.bearer_token}` })).status, 500);
      assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${b.bearer_token}` })).status, 200);
      await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
      assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${a.bearer_token}` })).status, 200);
    } finally {
      await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    }
  });

  test('a latency rule measurably delays the answer, which is otherwise unchanged', async () => {
    const app = await newApp(s);
    const auth = `Bearer ${app.bearer_token}`;
    await addRule({ action: 'latency', latency_ms: 400, app_id: app.id, method: 'get', count: 1 });
    const t0 = performance.now();
    const slow = await s.call('GET', '/2/users/12', { auth });
    const slowMs = performance.now() - t0;
    const t1 = performance.now();
    const fast = await s.call('GET', '/2/users/12', { auth });
    const fastMs = performance.now() - t1;
    assert.equal(slow.status, 200);
    assert.deepEqual(slow.body, fast.body);
    assert.ok(slowMs >= 400, `delayed ${slowMs} ms`);
    assert.ok(fastMs < 400, `not delayed ${fastMs} ms`);
  });

  test('a reset rule closes the connection without an answer', async () => {
    const app = await newApp(s);
    await addRule({ action: 'reset', app_id: app.id, count: 1 });
    await assert.rejects(
      fetch(`${s.url}/2/users/12`, { headers: { authorization: `Bearer ${app.bearer_token}` } }),
      /fetch failed/,
    );
    const res = await s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` });
    assert.equal(res.status, 200);
  });

  test('an error answers in the family of the path: v2 problem types, v1.1 codes, Ads codes with retry-after', async () => {
    const app = await newApp(s);
    const auth = `Bearer ${app.bearer_token}`;
    await addRule({
      action: 'error',
      status: 429,
      problem: 'usage-capped',
      fields: { period: 'Daily', scope: 'Account' },
      path: '/2/users/:id',
      app_id: app.id,
      count: 1,
    });
    const capped = await s.call('GET', '/2/users/12', { auth });
    assert.equal(capped.status, 429);
    assert.match(capped.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.deepEqual(capped.body, {
      title: 'UsageCapExceeded',
      type: 'https://api.twitter.com/2/problems/usage-capped',
      status: 429,
      detail: 'Usage cap exceeded: Daily account cap',
      period: 'Daily',
      scope: 'Account',
    });

    const who = await newAdvertiser(s);
    await addRule({ action: 'error', status: 503, code: 'OVER_CAPACITY', family: 'ads', user_id: who.id, count: 1 });
    const ads = await adsCall(s, who, 'GET', 'accounts');
    assert.equal(ads.status, 503);
    assert.equal(ads.headers.get('retry-after'), '30', 'the Python SDK reads retry-after on a 503 (notes §5)');
    assert.deepEqual(ads.body.errors, [{ code: 'OVER_CAPACITY', message: 'Service Unavailable' }]);
    assert.ok(ads.body.request, 'the Ads envelope echoes the request');
    assert.equal((await adsCall(s, who, 'GET', 'accounts')).status, 200);

    // v1.1: the token invalidation endpoint, signed with the token (notes §11.2); legacy code 130 on 503.
    const signed = () =>
      signRequest({
        method: 'POST',
        url: `${s.url}/1.1/oauth/invalidate_token`,
        timestamp: Math.floor(Date.now() / 1000),
        consumerKey: who.consumerKey,
        consumerSecret: who.consumerSecret,
        token: who.token,
        tokenSecret: who.tokenSecret,
      });
    await addRule({ action: 'error', status: 503, family: 'v1.1', user_id: who.id, count: 1 });
    const over = await s.call('POST', '/1.1/oauth/invalidate_token', { auth: signed() });
    assert.equal(over.status, 503);
    assert.deepEqual(over.body, { errors: [{ code: 130, message: 'Over capacity' }] });
    assert.equal((await s.call('POST', '/1.1/oauth/invalidate_token', { auth: signed() })).status, 200);
  });

  test('the control API refuses malformed rules and lists, reads and deletes them', async () => {
    const bad = async (body: unknown, pattern: RegExp) => {
      const res = await s.admin('POST', '/_aviary/faults', body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.match(JSON.stringify(res.body), pattern);
    };
    await bad({ action: 'error' }, /status is required/);
    await bad({ action: 'error', status: 503, code: 'NOT_FOUND' }, /not an Ads error code of status 503/);
    await bad({ action: 'disconnect' }, /action must be one of error, latency, reset/);
    await bad({ target: 'stream', action: 'disconnect', disconnect_type: 'Nope' }, /disconnect_type/);
    await bad({ action: 'error', status: 503, probability: 2 }, /probability must be a number from 0 to 1/);
    await bad({ action: 'latency' }, /latency_ms is required/);
    const rule = await addRule({ action: 'latency', latency_ms: 1, path: '/never' });
    const list = (await s.admin('GET', '/_aviary/faults')).body;
    assert.ok(list.data.some((r: any) => r.id === rule.id));
    assert.equal(rule.probability, 1);
    assert.equal(rule.count, null);
    assert.equal(rule.active, true);
    assert.equal((await s.admin('DELETE', `/_aviary/faults/${rule.id}`)).status, 200);
    assert.equal((await s.admin('DELETE', `/_aviary/faults/${rule.id}`)).status, 404);
    assert.equal((await s.call('GET', '/_aviary/faults')).status, 401);
  });
});

forEachStore('faults: search answers 503 beyond --search-concurrency', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, config: { searchConcurrency: 1 } });
  });
  after(async () => {
    await s.close();
  });

  test('concurrent searches past the limit answer 503 (v2 body, and ApiResponseError in twitter-api-v2); alone each answers 200', async () => {
    const app = await newApp(s);
    const client = twitterApiV2(s.url, app.bearer_token);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.v2.search('hello world').then(
          () => 200,
          (e) => {
            assert.ok(e instanceof ApiResponseError);
            assert.deepEqual(e.data, {
              title: 'Service Unavailable',
              type: 'about:blank',
              status: 503,
              detail: 'Service Unavailable',
            });
            return e.code;
          },
        ),
      ),
    );
    assert.ok(outcomes.includes(200), 'the first search is answered');
    assert.ok(outcomes.includes(503), `one search at a time: ${outcomes.join(' ')}`);
    assert.ok(outcomes.every((c) => c === 200 || c === 503));
    const counts = await s.call('GET', '/2/tweets/counts/recent?query=hello', { auth: `Bearer ${app.bearer_token}` });
    assert.equal(counts.status, 200, 'nothing left counted once every search ended');
  });
});
