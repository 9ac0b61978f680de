import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('control API: apps', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('POST /_aviary/apps creates an app with every credential, defaults applied', async () => {
    const name = uniqueName('app');
    const res = await s.admin('POST', '/_aviary/apps', { name, callback_urls: ['http://127.0.0.1:9/cb'] });
    assert.equal(res.status, 201);
    const a = res.body.data;
    assert.equal(a.name, name);
    assert.equal(a.permission, 'read-write-dm');
    assert.equal(a.tier, 'enterprise');
    assert.match(a.id, /^[0-9]{1,19}$/);
    assert.match(a.consumer_key, /^[A-Za-z0-9]{25}$/);
    assert.match(a.consumer_secret, /^[A-Za-z0-9]{50}$/);
    assert.match(a.bearer_token, /^AAAAAAAAAAAAAAAAAAAAA/);
    assert.ok(a.client_id && a.client_secret);
    assert.deepEqual(a.callback_urls, ['http://127.0.0.1:9/cb']);
    assert.match(a.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const one = await s.admin('GET', `/_aviary/apps/${a.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.data.consumer_key, a.consumer_key);
    assert.equal(one.body.data.bearer_token, undefined, 'the bearer token is shown once, as the portal does');
    const list = await s.admin('GET', '/_aviary/apps');
    assert.ok(list.body.data.some((x: { id: string }) => x.id === a.id));

    const me = await s.call('GET', '/2/users/12', { auth: `Bearer ${a.bearer_token}` });
    assert.equal(me.status, 200);
  });

  test('bad input gets 400 naming the field, and nothing is stored', async () => {
    const before = (await s.admin('GET', '/_aviary/apps')).body.data.length;
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: 'x', permission: 'admin' }, 'permission'],
      [{ name: 'x', tier: 'gold' }, 'tier'],
      [{ name: 'x', callback_urls: 'http://x' }, 'callback_urls'],
      [{ name: 'x', colour: 'red' }, 'colour'],
    ] as const) {
      const res = await s.admin('POST', '/_aviary/apps', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.type, 'https://api.twitter.com/2/problems/invalid-request');
      assert.ok(field in res.body.errors[0].parameters, `names ${field}: ${JSON.stringify(res.body)}`);
    }
    assert.equal((await s.admin('GET', '/_aviary/apps')).body.data.length, before);
  });

  test('an app name is 1 to 32 characters, and a refusal says so', async () => {
    const longest = uniqueName('len').padEnd(32, 'x');
    const ok = await s.admin('POST', '/_aviary/apps', { name: longest });
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.data.name, longest);
    // Characters, not UTF-16 units: 32 astral characters fit.
    const emoji = await s.admin('POST', '/_aviary/apps', { name: '🐦'.repeat(32) });
    assert.equal(emoji.status, 201, JSON.stringify(emoji.body));
    for (const name of [`${longest}y`, '', '   ']) {
      const res = await s.admin('POST', '/_aviary/apps', { name });
      assert.equal(res.status, 400, JSON.stringify(name));
      assert.ok('name' in res.body.errors[0].parameters, JSON.stringify(res.body));
      assert.equal(res.body.errors[0].message, 'name must be a non-empty string of at most 32 characters');
    }
  });

  test('an unknown app is a 404 problem', async () => {
    const res = await s.admin('GET', '/_aviary/apps/999');
    assert.equal(res.status, 404);
    assert.equal(res.body.type, 'https://api.twitter.com/2/problems/resource-not-found');
  });

  test('regenerating keys kills the old bearer and user tokens at once', async () => {
    const a = (await s.admin('POST', '/_aviary/apps', { name: uniqueName('regen') })).body.data;
    const o2 = (
      await s.admin('POST', `/_aviary/apps/${a.id}/oauth2-tokens`, {
        user_id: '12',
        scopes: ['tweet.read', 'users.read'],
      })
    ).body.data;
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${a.bearer_token}` })).status, 200);
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${o2.access_token}` })).status, 200);

    const fresh = await s.admin('POST', `/_aviary/apps/${a.id}/keys/regenerate`);
    assert.equal(fresh.status, 200);
    assert.notEqual(fresh.body.data.consumer_key, a.consumer_key);
    assert.notEqual(fresh.body.data.bearer_token, a.bearer_token);

    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${a.bearer_token}` })).status, 401);
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${o2.access_token}` })).status, 401);
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${fresh.body.data.bearer_token}` })).status, 200);
  });

  test('access tokens and OAuth 2.0 tokens for a user', async () => {
    const a = (await s.admin('POST', '/_aviary/apps', { name: uniqueName('tok'), permission: 'read' })).body.data;
    const at = await s.admin('POST', `/_aviary/apps/${a.id}/access-tokens`, { user_id: '12', access: 'read-write' });
    assert.equal(at.status, 201);
    assert.match(at.body.data.oauth_token, /^12-/);
    assert.ok(at.body.data.oauth_token_secret);
    assert.deepEqual([at.body.data.user_id, at.body.data.screen_name], ['12', 'jack']);

    const o2 = await s.admin('POST', `/_aviary/apps/${a.id}/oauth2-tokens`, {
      user_id: '12',
      scopes: ['tweet.read', 'offline.access'],
    });
    assert.equal(o2.status, 201);
    assert.equal(o2.body.data.expires_in, 7200);
    assert.equal(o2.body.data.scope, 'tweet.read offline.access');
    assert.ok(o2.body.data.refresh_token);
    const noRefresh = await s.admin('POST', `/_aviary/apps/${a.id}/oauth2-tokens`, {
      user_id: '12',
      scopes: ['tweet.read'],
    });
    assert.equal(noRefresh.body.data.refresh_token, undefined, 'refresh tokens only with offline.access');

    assert.equal(
      (await s.admin('POST', `/_aviary/apps/${a.id}/oauth2-tokens`, { user_id: '12', scopes: ['tweet.fly'] })).status,
      400,
    );
    assert.equal((await s.admin('POST', `/_aviary/apps/${a.id}/access-tokens`, { user_id: '404404' })).status, 404);
    assert.equal(
      (await s.admin('POST', `/_aviary/apps/${a.id}/access-tokens`, { user_id: '12', access: 'all' })).status,
      400,
    );
  });

  test('a wrong or missing admin token gets 401', async () => {
    assert.equal((await s.call('GET', '/_aviary/apps', { auth: 'Bearer nope' })).status, 401);
    const res = await s.call('GET', '/_aviary/apps');
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    assert.equal(
      (await s.call('GET', '/_aviary/clock', { auth: `Bearer ${s.bearer}` })).status,
      401,
      'an app bearer is no admin token',
    );
  });
});
