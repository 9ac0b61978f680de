// Who may call what: each route's declared schemes, OAuth 2.0 scopes, the write permission and the
// direct-message permission (code 93), answered with the real bodies.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signRequest } from '../../src/auth/index.js';
import { APP_ONLY, userContext } from '../../src/http/auth.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { makeApp, makeUser } from '../support/oauth.js';

const DM_TEXT = 'This application is not allowed to access or delete your direct messages.';

forEachStore('auth rules', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({
      store,
      beforeListen: (app) => {
        const ok = async () => ({ data: { ok: true } });
        app.get('/2/__app_only', { config: { auth: APP_ONLY } }, ok);
        app.post('/2/__write', { config: { auth: userContext(['tweet.read', 'tweet.write'], { write: true }) } }, ok);
        app.post('/2/__dm', { config: { auth: userContext(['dm.write'], { write: true, dm: true }) } }, ok);
        app.post('/1.1/__dm.json', { config: { auth: userContext(['dm.write'], { write: true, dm: true }) } }, ok);
      },
    });
  });
  after(async () => {
    await s.close();
  });

  async function oauth1(permission: string, access?: string) {
    const a = await makeApp(s, { permission });
    const u = await makeUser(s);
    const t = (
      await s.admin('POST', `/_aviary/apps/${a.id}/access-tokens`, { user_id: u.id, ...(access ? { access } : {}) })
    ).body.data;
    return (method: string, path: string) =>
      s.call(method, path, {
        headers: {
          authorization: signRequest({
            method,
            url: s.url + path,
            consumerKey: a.consumer_key,
            consumerSecret: a.consumer_secret,
            token: t.oauth_token,
            tokenSecret: t.oauth_token_secret,
            timestamp: Math.floor(Date.now() / 1000),
          }),
        },
      });
  }

  async function oauth2(scopes: string[], permission = 'read-write-dm') {
    const a = await makeApp(s, { permission });
    const u = await makeUser(s);
    const t = (await s.admin('POST', `/_aviary/apps/${a.id}/oauth2-tokens`, { user_id: u.id, scopes })).body.data;
    return (method: string, path: string) => s.call(method, path, { auth: `Bearer ${t.access_token}` });
  }

  test('GET /2/users/me answers for both user-context schemes', async () => {
    assert.equal((await (await oauth1('read'))('GET', '/2/users/me')).status, 200);
    assert.equal((await (await oauth2(['tweet.read', 'users.read']))('GET', '/2/users/me')).status, 200);
  });

  test('a user token on an app-only route is 403 unsupported-authentication', async () => {
    const res = await (await oauth1('read-write'))('GET', '/2/__app_only');
    assert.equal(res.status, 403);
    assert.equal(res.body.type, 'https://api.twitter.com/2/problems/unsupported-authentication');
    assert.equal(
      res.body.detail,
      'Authenticating with OAuth 1.0a User Context is forbidden for this endpoint.  Supported authentication types are [OAuth 2.0 Application-Only].',
    );
  });

  test('an OAuth 2.0 token without a required scope is 403 Forbidden', async () => {
    const call = await oauth2(['users.read']);
    const res = await call('GET', '/2/users/me');
    assert.deepEqual(
      [res.status, res.body],
      [403, { title: 'Forbidden', type: 'about:blank', status: 403, detail: 'Forbidden' }],
    );
    assert.equal((await call('POST', '/2/__write')).status, 403);
    assert.equal((await (await oauth2(['tweet.read', 'tweet.write']))('POST', '/2/__write')).status, 200);
  });

  test('a read-only grant or app on a write is 403 oauth1-permissions', async () => {
    const body = {
      title: 'Forbidden',
      type: 'https://api.twitter.com/2/problems/oauth1-permissions',
      status: 403,
      detail: 'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
    };
    for (const call of [
      await oauth1('read'),
      await oauth1('read-write-dm', 'read'),
      await oauth2(['tweet.read', 'tweet.write'], 'read'),
    ]) {
      const res = await call('POST', '/2/__write');
      assert.deepEqual([res.status, res.body], [403, body]);
    }
    assert.equal((await (await oauth1('read-write'))('POST', '/2/__write')).status, 200);
  });

  test('direct messages without the direct-message permission are 403 with code 93', async () => {
    const rw = await oauth1('read-write');
    const v1 = await rw('POST', '/1.1/__dm.json');
    assert.deepEqual([v1.status, v1.body], [403, { errors: [{ code: 93, message: DM_TEXT }] }]);
    const v2 = await rw('POST', '/2/__dm');
    assert.deepEqual(
      [v2.status, v2.body.type, v2.body.detail],
      [403, 'https://api.twitter.com/2/problems/oauth1-permissions', DM_TEXT],
    );
    assert.equal(
      (await (await oauth1('read-write-dm', 'read-write'))('POST', '/2/__dm')).status,
      403,
      'a grant without DMs on a DM app',
    );
    assert.equal(
      (await (await oauth2(['dm.write'], 'read-write'))('POST', '/2/__dm')).status,
      403,
      'OAuth 1.0a app permissions override scopes',
    );
    assert.equal((await (await oauth1('read-write-dm'))('POST', '/2/__dm')).status, 200);
    assert.equal((await (await oauth2(['dm.write']))('POST', '/2/__dm')).status, 200);
  });
});
