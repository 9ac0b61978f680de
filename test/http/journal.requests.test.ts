// The request journal (/_aviary/requests): every answered request with its app, user, status and
// error code; filters and paging; the live tail; stream connections beside requests; bodies only
// with --journal-bodies, secrets masked; a bounded ring.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp, newUser, userToken } from '../support/actors.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, word } from './stream.client.js';

forEachStore('journal: requests', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  const list = async (query: string) => {
    const res = await s.admin('GET', `/_aviary/requests?${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };

  test('lists a request with its app, user, status, auth scheme, route and latency; an error with its type', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const token = await userToken(s, user.id, { appId: app.id });
    assert.equal((await s.call('GET', '/2/users/me?user.fields=id', { auth: token })).status, 200);
    assert.equal((await s.call('GET', '/2/users/by/username/nobody_here_x', { auth: token })).status, 200);
    assert.equal((await s.call('GET', '/2/tweets/search/recent', { auth: token })).status, 400);
    const { data, meta } = await list(`app_id=${app.id}`);
    assert.equal(meta.result_count, 3);
    const [bad, , me] = data;
    assert.equal(me.kind, 'request');
    assert.equal(me.method, 'GET');
    assert.equal(me.path, '/2/users/me');
    assert.equal(me.route, '/2/users/me');
    assert.equal(me.query, 'user.fields=id');
    assert.equal(me.auth_scheme, 'bearer');
    assert.equal(me.caller, 'oauth2-user');
    assert.equal(me.app_id, app.id);
    assert.equal(me.user_id, user.id);
    assert.equal(me.status, 200);
    assert.equal(typeof me.latency_ms, 'number');
    assert.match(me.request_id, /^\d+$/);
    assert.match(me.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(bad.status, 400);
    assert.equal(bad.error, 'https://api.twitter.com/2/problems/invalid-request');
    assert.equal(me.request_body, undefined, 'no bodies without --journal-bodies');
  });

  test('filters by status, class, user, path (whole or prefix) and time; pages with next_token', async () => {
    const app = await newApp(s);
    const auth = `Bearer ${app.bearer_token}`;
    for (let i = 0; i < 5; i++) await s.call('GET', '/2/users/12', { auth });
    await s.call('GET', '/2/users/999999999', { auth });
    await s.call('GET', '/2/nothing/here', { auth });
    assert.equal((await list(`app_id=${app.id}&path=/2/users/:id`)).meta.result_count, 6);
    assert.equal((await list(`app_id=${app.id}&path=/2/users/12`)).meta.result_count, 5);
    assert.equal((await list(`app_id=${app.id}&path=/2/*`)).meta.result_count, 6);
    assert.equal((await list(`app_id=${app.id}&status=200`)).meta.result_count, 6);
    const page1 = await list(`app_id=${app.id}&max_results=4`);
    assert.equal(page1.data.length, 4);
    const page2 = await list(`app_id=${app.id}&max_results=4&pagination_token=${page1.meta.next_token}`);
    assert.equal(page2.data.length, 2);
    assert.equal(page2.meta.next_token, undefined);
    const ids = [...page1.data, ...page2.data].map((e: any) => Number(e.id));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    const later = new Date(Date.now() + 3_600_000).toISOString();
    assert.equal((await list(`app_id=${app.id}&since=${later}`)).meta.result_count, 0);
    assert.equal((await list(`app_id=${app.id}&until=${later}`)).meta.result_count, 6);
    // The unknown route (no caller resolved) is journaled too, without an app.
    assert.ok((await list('path=/2/nothing/here&status=4xx')).data.some((e: any) => e.status === 404));
    const bad = await s.admin('GET', '/_aviary/requests?status=6xx');
    assert.equal(bad.status, 400);
  });

  test('the tail streams a new request as a line of newline-delimited JSON', async () => {
    const app = await newApp(s);
    const ac = new AbortController();
    const res = await fetch(`${s.url}/_aviary/requests/tail?app_id=${app.id}`, {
      headers: { authorization: `Bearer ${s.adminToken}` },
      signal: ac.signal,
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/x-ndjson');
    const reader = res.body!.getReader();
    await s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` });
    let text = '';
    while (!text.includes('\n')) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
    }
    const entry = JSON.parse(text.split('\n')[0]!);
    assert.equal(entry.app_id, app.id);
    assert.equal(entry.path, '/2/users/12');
    assert.equal(entry.status, 200);
    ac.abort();
  });

  test('stream connections appear beside requests (kind stream, connected and closed)', async () => {
    const app = await appWithRules(s, [{ value: word('j') }]);
    const stream = await openStream(s, app.bearer);
    assert.equal(stream.status, 200);
    await poll(async () => (await list(`app_id=${app.id}&kind=stream`)).meta.result_count === 1);
    await stream.close();
    const { data } = await poll(async () => {
      const r = await list(`app_id=${app.id}&kind=stream`);
      return r.meta.result_count === 2 ? r : null;
    });
    assert.deepEqual(
      data.map((e: any) => [e.event, e.path, e.status]),
      [
        ['closed', '/2/tweets/search/stream', 200],
        ['connected', '/2/tweets/search/stream', 200],
      ],
    );
  });
});

forEachStore('journal: bodies and size', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store, config: { journalBodies: true, journalSize: 5 } });
  });
  after(async () => {
    await s.close();
  });

  test('with --journal-bodies, bodies and headers are kept with every secret masked', async () => {
    const app = await newApp(s);
    const user = await newUser(s);
    const minted = await s.admin('POST', `/_aviary/apps/${app.id}/oauth2-tokens`, {
      user_id: user.id,
      scopes: ['tweet.read', 'users.read'],
    });
    assert.equal(minted.status, 201);
    const entry = (await s.admin('GET', '/_aviary/requests?path=/_aviary/apps/*&max_results=1')).body.data[0];
    assert.equal(entry.request_headers.authorization, 'Bearer ***');
    assert.deepEqual(entry.request_body, { user_id: user.id, scopes: ['tweet.read', 'users.read'] });
    const sent = JSON.parse(entry.response_body);
    assert.equal(sent.data.access_token, '***');
    assert.ok(!JSON.stringify(entry).includes(minted.body.data.access_token));
    await s.call('GET', '/2/users/12?oauth_token=abc&next_token=keep', { auth: `Bearer ${app.bearer_token}` });
    const q = (await s.admin('GET', '/_aviary/requests?path=/2/users/12')).body.data[0];
    assert.equal(q.query, 'oauth_token=***&next_token=keep');
  });

  test('the ring keeps only the newest --journal-size entries', async () => {
    const app = await newApp(s);
    for (let i = 0; i < 8; i++) await s.call('GET', '/2/users/12', { auth: `Bearer ${app.bearer_token}` });
    const { data } = (await s.admin('GET', '/_aviary/requests?max_results=100')).body;
    assert.equal(data.length, 5);
  });
});
