// OAuth 2.0 app-only: client credentials return the app's one bearer until it is invalidated
// (notes §12.1); twitter-api-v2's appLogin drives it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signRequest } from '../../src/auth/index.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { twitterApiSdk, twitterApiV2 } from '../support/sdk.js';
import { makeApp, makeUser } from '../support/oauth.js';

const basic = (key: string, secret: string) =>
  'Basic ' + Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString('base64');
const FORM = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' };

forEachStore('OAuth 2.0 app-only', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  test('appLogin returns the bearer issued with the app, the same one every time', async () => {
    const a = await makeApp(s);
    const consumer = twitterApiV2(s.url, { appKey: a.consumer_key, appSecret: a.consumer_secret });
    const app1 = await consumer.appLogin();
    const app2 = await consumer.appLogin();
    const raw = await s.call('POST', '/oauth2/token', {
      auth: basic(a.consumer_key, a.consumer_secret),
      headers: FORM,
      body: 'grant_type=client_credentials',
    });
    assert.deepEqual(raw.body, { token_type: 'bearer', access_token: a.bearer_token });
    assert.equal((await app1.v2.user('12')).data.username, 'jack');
    assert.equal((await app2.v2.userByUsername('jack')).data.id, '12');
    assert.equal((await twitterApiSdk(s.url, a.bearer_token).users.findUserById('12')).data?.username, 'jack');
  });

  test('bad credentials or a missing grant_type are 403 code 99', async () => {
    const a = await makeApp(s);
    await assert.rejects(
      twitterApiV2(s.url, { appKey: a.consumer_key, appSecret: 'wrong' }).appLogin(),
      (e: any) => e.code === 403,
    );
    for (const [auth, body] of [
      [basic(a.consumer_key, 'wrong'), 'grant_type=client_credentials'],
      [basic(a.consumer_key, a.consumer_secret), 'grant_type=password'],
      [undefined, 'grant_type=client_credentials'],
    ] as const) {
      const res = await s.call('POST', '/oauth2/token', { auth, headers: FORM, body });
      assert.deepEqual(
        [res.status, res.body],
        [403, { errors: [{ code: 99, message: 'Unable to verify your credentials' }] }],
      );
    }
  });

  test('invalidate_token (Basic) retires the bearer; the next client-credentials call mints a new one', async () => {
    const a = await makeApp(s);
    const inv = await s.call('POST', '/oauth2/invalidate_token', {
      auth: basic(a.consumer_key, a.consumer_secret),
      headers: FORM,
      body: new URLSearchParams({ access_token: a.bearer_token }).toString(),
    });
    assert.deepEqual([inv.status, inv.body], [200, { access_token: a.bearer_token }]);
    assert.equal((await s.call('GET', '/2/users/12', { auth: `Bearer ${a.bearer_token}` })).status, 401);
    const again = await s.call('POST', '/oauth2/invalidate_token', {
      auth: basic(a.consumer_key, a.consumer_secret),
      headers: FORM,
      body: new URLSearchParams({ access_token: a.bearer_token }).toString(),
    });
    assert.deepEqual(
      [again.status, again.body],
      [401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] }],
    );

    const fresh = await twitterApiV2(s.url, { appKey: a.consumer_key, appSecret: a.consumer_secret }).appLogin();
    assert.equal((await fresh.v2.user('12')).data.id, '12');
    const raw = await s.call('POST', '/oauth2/token', {
      auth: basic(a.consumer_key, a.consumer_secret),
      headers: FORM,
      body: 'grant_type=client_credentials',
    });
    assert.notEqual(raw.body.access_token, a.bearer_token);
  });

  test('invalidate_token also accepts an OAuth 1.0a signature of the app (api-reference)', async () => {
    const a = await makeApp(s);
    const form = { access_token: a.bearer_token };
    const authorization = signRequest({
      method: 'POST',
      url: s.url + '/oauth2/invalidate_token',
      consumerKey: a.consumer_key,
      consumerSecret: a.consumer_secret,
      form,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const res = await s.call('POST', '/oauth2/invalidate_token', {
      headers: { ...FORM, authorization },
      body: new URLSearchParams(form).toString(),
    });
    assert.deepEqual([res.status, res.body], [200, { access_token: a.bearer_token }]);
  });

  test('after regenerating keys, client credentials with the new keys return the new bearer', async () => {
    const a = await makeApp(s);
    const fresh = (await s.admin('POST', `/_aviary/apps/${a.id}/keys/regenerate`)).body.data;
    await assert.rejects(
      twitterApiV2(s.url, { appKey: a.consumer_key, appSecret: a.consumer_secret }).appLogin(),
      (e: any) => e.code === 403,
    );
    const raw = await s.call('POST', '/oauth2/token', {
      auth: basic(fresh.consumer_key, fresh.consumer_secret),
      headers: FORM,
      body: 'grant_type=client_credentials',
    });
    assert.equal(raw.body.access_token, fresh.bearer_token);
  });

  test('an app-only bearer on a user-context route is the real 403 unsupported-authentication', async () => {
    const a = await makeApp(s);
    await makeUser(s);
    const res = await s.call('GET', '/2/users/me', { auth: `Bearer ${a.bearer_token}` });
    assert.equal(res.status, 403);
    assert.deepEqual(res.body, {
      title: 'Unsupported Authentication',
      type: 'https://api.twitter.com/2/problems/unsupported-authentication',
      status: 403,
      detail:
        'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].',
    });
  });
});
