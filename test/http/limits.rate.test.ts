// Rate limits as the real service counts them (issue #20, notes §10, ads notes §5): the headers the
// SDKs read, the 429 of each wire family after the documented number of calls, the 15-minute window on
// the virtual clock, the two pools, the 24-hour headers, streams, the control API, and counters shared
// by two servers on one PostgreSQL database.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { TwitterApi, ApiResponseError, type TwitterRateLimit } from 'twitter-api-v2';
import { newUser, userToken } from '../support/actors.js';
import { adsCall, newAdsAccount, newAdvertiser } from '../support/ads.js';
import { twitterApiSdk } from '../support/sdk.js';
import { forEachStore, PG_URL, startServer, type TestServer } from '../support/server.js';

const MIN15 = 15 * 60_000;

/**
 * twitter-api-v2 with what @twitter-api-v2/plugin-rate-limit does (not installed): it keeps the
 * `rateLimit` the library parses from each answer's headers, by endpoint.
 */
function rateLimitedClient(base: string, token: string) {
  const seen = new Map<string, TwitterRateLimit>();
  const rewrite = ({ params }: { params: { url: string } }) => {
    const u = new URL(params.url);
    params.url = base + u.pathname + u.search;
  };
  const keep = (args: { url: URL; response?: { rateLimit?: TwitterRateLimit }; error?: ApiResponseError }) => {
    const rl = args.response?.rateLimit ?? args.error?.rateLimit;
    if (rl) seen.set(args.url.pathname, rl);
  };
  const client = new TwitterApi(token, {
    plugins: [{ onBeforeRequestConfig: rewrite as any, onAfterRequest: keep as any, onResponseError: keep as any }],
    httpAgent: new http.Agent(),
  } as any);
  return { client, rateLimit: (path: string) => seen.get(path) };
}

const setClock = (s: TestServer, iso: string) => s.admin('POST', '/_aviary/clock', { set: iso });

forEachStore('rate limits', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, config: { rateLimits: 'real' } });
  });
  after(async () => {
    await s.close();
  });

  test('GET /2/users/me: twitter-api-v2 reads 75 per 15 minutes, then a 429 v2 problem; 15 virtual minutes later it answers again', async () => {
    await setClock(s, '2031-03-01T10:00:00.000Z');
    const me = await newUser(s);
    const token = (await userToken(s, me.id)).slice('Bearer '.length);
    const { client, rateLimit } = rateLimitedClient(s.url, token);
    const reset = Math.ceil((Date.parse('2031-03-01T10:00:00.000Z') + MIN15) / 1000);
    for (let i = 1; i <= 75; i++) {
      await client.v2.me();
      assert.deepEqual(rateLimit('/2/users/me'), { limit: 75, remaining: 75 - i, reset });
    }
    const err = await client.v2.me().then(
      () => assert.fail('the 76th call succeeded'),
      (e: ApiResponseError) => e,
    );
    assert.ok(err instanceof ApiResponseError);
    assert.equal(err.code, 429);
    assert.equal(err.rateLimitError, true);
    assert.deepEqual(err.data, {
      title: 'Too Many Requests',
      detail: 'Too Many Requests',
      type: 'about:blank',
      status: 429,
    });
    assert.deepEqual(err.rateLimit, { limit: 75, remaining: 0, reset });

    await s.admin('POST', '/_aviary/clock', { advance_ms: MIN15 - 1000 });
    const still = await s.call('GET', '/2/users/me', { auth: `Bearer ${token}` });
    assert.equal(still.status, 429, 'the window has not ended yet');
    await s.admin('POST', '/_aviary/clock', { advance_ms: 1000 });
    await client.v2.me();
    assert.deepEqual(rateLimit('/2/users/me'), { limit: 75, remaining: 74, reset: reset + 15 * 60 });
  });

  test('two pools: app-only per app, user context per user token and app; each counts alone', async () => {
    const u = await newUser(s);
    const asUser = await userToken(s, u.id);
    const app = await s.call('GET', `/2/users/${u.id}`, { auth: `Bearer ${s.bearer}` });
    const user = await s.call('GET', `/2/users/${u.id}`, { auth: asUser });
    assert.equal(app.headers.get('x-rate-limit-limit'), '300');
    assert.equal(user.headers.get('x-rate-limit-limit'), '900');
    const again = await s.call('GET', `/2/users/${u.id}`, { auth: asUser });
    assert.equal(
      Number(again.headers.get('x-rate-limit-remaining')),
      Number(user.headers.get('x-rate-limit-remaining')) - 1,
    );
    const other = await userToken(s, (await newUser(s)).id);
    const fresh = await s.call('GET', `/2/users/${u.id}`, { auth: other });
    assert.equal(fresh.headers.get('x-rate-limit-remaining'), '899', "another user's token has its own window");
  });

  test('POST /2/tweets: 100 per user per 15 minutes, and the app 10,000 per 24 hours with x-app-limit-24hour-*', async () => {
    const u = await newUser(s);
    const auth = await userToken(s, u.id);
    const res = await s.call('POST', '/2/tweets', { auth, body: { text: 'counted once' } });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('x-rate-limit-limit'), '100');
    assert.equal(res.headers.get('x-rate-limit-remaining'), '99');
    assert.equal(res.headers.get('x-app-limit-24hour-limit'), '10000');
    assert.equal(res.headers.get('x-app-limit-24hour-remaining'), '9999');
    const clock = await s.admin('GET', '/_aviary/clock');
    const day = Math.ceil((Date.parse(clock.body.data.now) + 86_400_000) / 1000);
    assert.ok(Math.abs(Number(res.headers.get('x-app-limit-24hour-reset')) - day) <= 1);
  });

  test('headers on errors and on streams too', async () => {
    const bad = await s.call('GET', '/2/users/me?user.fields=nope', {
      auth: await userToken(s, (await newUser(s)).id),
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('x-rate-limit-limit'), '75');
    const ac = new AbortController();
    const res = await fetch(`${s.url}/2/tweets/search/stream`, {
      headers: { authorization: `Bearer ${s.bearer}` },
      signal: ac.signal,
    });
    assert.equal(res.headers.get('x-rate-limit-limit'), '50');
    assert.equal(res.headers.get('x-rate-limit-remaining'), '49');
    ac.abort();
  });

  test('v1.1 and OAuth endpoints answer code 88; the control API overrides one endpoint and resets its counters', async () => {
    const put = await s.admin('PUT', '/_aviary/rate-limits', {
      endpoint: 'POST /oauth2/token',
      limits: { app: { limit: 1, window_seconds: 900 } },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.data.overridden, true);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await s.call('POST', '/oauth2/token', { body: 'grant_type=client_credentials', headers: form });
    assert.notEqual(first.status, 429);
    assert.equal(first.headers.get('x-rate-limit-remaining'), '0');
    const second = await s.call('POST', '/oauth2/token', { body: 'grant_type=client_credentials', headers: form });
    assert.equal(second.status, 429);
    assert.deepEqual(second.body, { errors: [{ code: 88, message: 'Rate limit exceeded' }] });

    const reset = await s.admin('PUT', '/_aviary/rate-limits', { endpoint: 'POST /oauth2/token', reset: true });
    assert.equal(reset.body.data.counters_cleared, 1);
    const third = await s.call('POST', '/oauth2/token', { body: 'grant_type=client_credentials', headers: form });
    assert.notEqual(third.status, 429);
    const back = await s.admin('PUT', '/_aviary/rate-limits', {
      endpoint: 'POST /oauth2/token',
      default: true,
      reset: true,
    });
    assert.deepEqual(back.body.data.app, { limit: 450, window_seconds: 900 });
    assert.equal(back.body.data.overridden, false);

    const listed = await s.admin('GET', '/_aviary/rate-limits');
    assert.equal(listed.body.data.mode, 'real');
    const me = listed.body.data.endpoints.find((e: any) => e.endpoint === 'GET /2/users/me');
    assert.deepEqual(me.user, { limit: 75, window_seconds: 900 });
    const unknown = await s.admin('PUT', '/_aviary/rate-limits', { endpoint: 'GET /2/nothing', reset: true });
    assert.equal(unknown.status, 400);
  });

  test('Ads: with_total_count 200 per 15 minutes, then 429 TOO_MANY_REQUESTS with both reset headers; account headers on core reads', async () => {
    const who = await newAdvertiser(s);
    const account = await newAdsAccount(s, who);
    const path = `accounts/${account.id}/campaigns`;
    const plain = await adsCall(s, who, 'GET', path);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('x-account-rate-limit-limit'), '10000');
    assert.equal(plain.headers.get('x-rate-limit-limit'), '10000');
    for (let i = 0; i < 200; i++) {
      const r = await adsCall(s, who, 'GET', path, { with_total_count: 'true' });
      assert.equal(r.status, 200, `call ${i + 1}`);
    }
    const refused = await adsCall(s, who, 'GET', path, { with_total_count: 'True' });
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body.errors, [
      { code: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded', parameter: 'with_total_count' },
    ]);
    assert.ok(Number(refused.headers.get('x-rate-limit-reset')) > 0);
    assert.equal(refused.headers.get('x-account-rate-limit-reset'), refused.headers.get('x-rate-limit-reset'));
    const without = await adsCall(s, who, 'GET', path);
    assert.equal(without.status, 200, 'requests without with_total_count are not held by its limit');
  });
});

forEachStore('rate limits: twitter-api-sdk retries a 429 at x-rate-limit-reset', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, config: { rateLimits: 'real' } });
  });
  after(async () => {
    await s.close();
  });

  test('max_retries: the SDK waits for the reset header (real clock, a 2-second window) and then succeeds', async () => {
    const put = await s.admin('PUT', '/_aviary/rate-limits', {
      endpoint: 'GET /2/users/:id',
      limits: { app: { limit: 1, window_seconds: 2 } },
    });
    assert.equal(put.status, 200);
    const u = await newUser(s);
    const sdk = twitterApiSdk(s.url, s.bearer);
    await sdk.users.findUserById(u.id);
    const t0 = performance.now();
    const again = await sdk.users.findUserById(u.id, {}, { max_retries: 1 });
    assert.equal(again.data?.id, u.id);
    assert.ok(performance.now() - t0 > 200, 'the retry waited for the window to reset');
    await assert.rejects(
      async () => {
        await sdk.users.findUserById(u.id);
        await sdk.users.findUserById(u.id);
      },
      (e: any) => e.status === 429,
    );
  });
});

forEachStore('rate limits off', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, config: { rateLimits: 'off' } });
  });
  after(async () => {
    await s.close();
  });

  test('--rate-limits off: no headers and no 429', async () => {
    const auth = await userToken(s, (await newUser(s)).id);
    for (let i = 0; i < 80; i++) {
      const r = await s.call('GET', '/2/users/me', { auth });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('x-rate-limit-limit'), null);
    }
    assert.equal((await s.admin('GET', '/_aviary/rate-limits')).body.data.mode, 'off');
  });
});

// Several processes share a counter only on PostgreSQL (one process owns an embedded store).
describe(
  'rate limits: two servers on one database count together [postgres]',
  { skip: PG_URL ? false : 'skipped: AVIARY_TEST_DATABASE_URL is not set (CI sets it; see .ci/run)' },
  () => {
    let a: TestServer;
    let b: TestServer;
    before(async () => {
      a = await startServer({ store: 'postgres', config: { rateLimits: 'real' } });
      b = await startServer({
        store: 'postgres',
        config: { rateLimits: 'real', databaseSchema: a.deps.config.databaseSchema },
      });
    });
    after(async () => {
      await b?.close();
      await a?.close();
    });

    test('75 calls to GET /2/users/me spread over two processes, then both refuse', async () => {
      const auth = await userToken(a, (await newUser(a)).id);
      let ok = 0;
      for (let i = 0; i < 80; i++) {
        const r = await (i % 2 ? b : a).call('GET', '/2/users/me', { auth });
        if (r.status === 200) ok++;
        else assert.equal(r.status, 429);
      }
      assert.equal(ok, 75);
      assert.equal((await a.call('GET', '/2/users/me', { auth })).status, 429);
      assert.equal((await b.call('GET', '/2/users/me', { auth })).status, 429);
    });

    test('calls sent at once to both processes: exactly 75 allowed', async () => {
      const auth = await userToken(a, (await newUser(a)).id);
      const answers = await Promise.all(
        Array.from({ length: 90 }, (_, i) => (i % 2 ? b : a).call('GET', '/2/users/me', { auth })),
      );
      assert.equal(answers.filter((r) => r.status === 200).length, 75);
      assert.equal(answers.filter((r) => r.status === 429).length, 15);
    });
  },
);
