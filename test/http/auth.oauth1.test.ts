// OAuth 1.0a verification under attack: replays, stale timestamps, tokens of another app, tampered
// parameters, invalidated tokens (also after a restart). Each is refused with the real error body.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signRequest } from '../../src/auth/index.js';
import { OAUTH1_USER_ONLY, userContext } from '../../src/http/auth.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { twitterApiV2 } from '../support/sdk.js';
import { makeApp, makeUser } from '../support/oauth.js';

type Creds = { consumer_key: string; consumer_secret: string; oauth_token?: string; oauth_token_secret?: string };

const now = () => Math.floor(Date.now() / 1000);
const V1_32 = { errors: [{ code: 32, message: 'Could not authenticate you.' }] };
const V1_89 = { errors: [{ code: 89, message: 'Invalid or expired token.' }] };

forEachStore('OAuth 1.0a verification', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({
      store,
      beforeListen: (app) => {
        app.get('/1.1/__me.json', { config: { auth: OAUTH1_USER_ONLY } }, async (req) => ({
          id: req.caller!.kind === 'oauth1-user' ? req.caller!.userId : null,
        }));
        app.post('/1.1/__echo.json', { config: { auth: OAUTH1_USER_ONLY } }, async (req) => ({ body: req.body }));
        app.post('/2/__write', { config: { auth: userContext(['tweet.write'], { write: true }) } }, async (req) => ({
          data: req.body,
        }));
      },
    });
  });
  after(async () => {
    await s.close();
  });

  async function userOf(appOpts: { permission?: string } = {}) {
    const a = await makeApp(s, appOpts);
    const u = await makeUser(s);
    const t = (await s.admin('POST', `/_aviary/apps/${a.id}/access-tokens`, { user_id: u.id })).body.data;
    return {
      a,
      u,
      creds: {
        consumer_key: a.consumer_key,
        consumer_secret: a.consumer_secret,
        oauth_token: t.oauth_token,
        oauth_token_secret: t.oauth_token_secret,
      },
    };
  }

  function header(
    method: string,
    path: string,
    c: Creds,
    o: { nonce?: string; timestamp?: number; form?: Record<string, string>; signedPath?: string } = {},
  ) {
    return signRequest({
      method,
      url: s.url + (o.signedPath ?? path),
      consumerKey: c.consumer_key,
      consumerSecret: c.consumer_secret,
      token: c.oauth_token,
      tokenSecret: c.oauth_token_secret,
      nonce: o.nonce,
      timestamp: o.timestamp ?? now(),
      form: o.form,
    });
  }
  const get = (path: string, authorization: string) => s.call('GET', path, { headers: { authorization } });

  test('a valid signature passes; the same nonce again is refused (replay)', async () => {
    const { u, creds } = await userOf();
    const h = header('GET', '/1.1/__me.json', creds, { nonce: 'replay-me-1' });
    const first = await get('/1.1/__me.json', h);
    assert.deepEqual([first.status, first.body], [200, { id: u.id }]);
    const replay = await get('/1.1/__me.json', h);
    assert.deepEqual([replay.status, replay.body], [401, V1_32]);
    assert.equal(replay.headers.get('www-authenticate'), 'OAuth realm="https://api.twitter.com", api_error_code=32');
    const ts = now();
    assert.equal(
      (
        await get(
          '/1.1/__me.json?a=1',
          header('GET', '/1.1/__me.json?a=1', creds, { nonce: 'replay-me-2', timestamp: ts }),
        )
      ).status,
      200,
    );
    const otherRequest = await get(
      '/1.1/__me.json?a=2',
      header('GET', '/1.1/__me.json?a=2', creds, { nonce: 'replay-me-2', timestamp: ts }),
    );
    assert.equal(otherRequest.status, 401, 'a nonce is unique per timestamp, client and token (RFC 5849 §3.3)');
  });

  test('requests like one already verified meet every rule: replay, forgery, window, invalidation', async () => {
    const { u, creds } = await userOf();
    const path = '/1.1/__me.json?again=1';
    const ok = (o: { nonce?: string; timestamp?: number } = {}) => header('GET', path, creds, o);
    assert.equal((await get(path, ok())).status, 200);
    const h = ok({ nonce: 'again-nonce-1' });
    assert.deepEqual((await get(path, h)).body, { id: u.id });
    assert.deepEqual([(await get(path, h)).status, (await get(path, h)).body], [401, V1_32], 'replay');
    const forged = ok().replace(/oauth_signature="[^"]+"/, 'oauth_signature="AAAAAAAAAAAAAAAAAAAAAAAAAAA%3D"');
    assert.deepEqual((await get(path, forged)).body, V1_32, 'forged signature');
    // The timestamp changed after signing: the signature was made for the other one.
    const other = ok({ nonce: 'again-nonce-2', timestamp: now() }).replace(
      /oauth_timestamp="(\d+)"/,
      (_, t: string) => `oauth_timestamp="${Number(t) + 1}"`,
    );
    assert.deepEqual((await get(path, other)).body, V1_32, 'timestamp changed after signing');
    const stale = await get(path, ok({ timestamp: now() - 400 }));
    assert.deepEqual(stale.body, { errors: [{ code: 135, message: 'Could not authenticate you.' }] });
    const inv = await s.call('POST', '/1.1/oauth/invalidate_token', {
      headers: { authorization: header('POST', '/1.1/oauth/invalidate_token', creds) },
    });
    assert.equal(inv.status, 200);
    assert.deepEqual((await get(path, ok())).body, V1_89, 'invalidated token');
  });

  test('users of one app calling one endpoint in turn are each answered as themselves', async () => {
    const first = await userOf();
    const others = await Promise.all(
      [1, 2, 3].map(async () => {
        const u = await makeUser(s);
        const t = (await s.admin('POST', `/_aviary/apps/${first.a.id}/access-tokens`, { user_id: u.id })).body.data;
        return { u, creds: { ...first.creds, oauth_token: t.oauth_token, oauth_token_secret: t.oauth_token_secret } };
      }),
    );
    const path = '/1.1/__me.json?turns=1';
    for (let round = 0; round < 3; round++) {
      for (const { u, creds } of [first, ...others])
        assert.deepEqual((await get(path, header('GET', path, creds))).body, { id: u.id });
    }
    // One user's token named in a request signed with another's token secret.
    const swapped = header('GET', path, others[0]!.creds).replace(
      others[0]!.creds.oauth_token,
      first.creds.oauth_token,
    );
    assert.deepEqual((await get(path, swapped)).body, V1_32);
  });

  test('a timestamp outside ±300 s of the service clock is code 135', async () => {
    const { creds } = await userOf();
    for (const skew of [-301, 301]) {
      const res = await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds, { timestamp: now() + skew }));
      assert.deepEqual(
        [res.status, res.body],
        [401, { errors: [{ code: 135, message: 'Could not authenticate you.' }] }],
        `skew ${skew}`,
      );
    }
    assert.equal(
      (await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds, { timestamp: now() - 250 }))).status,
      200,
    );
    // The window follows the service clock, not the wall clock.
    await s.admin('POST', '/_aviary/clock', { advance_ms: 10 * 60 * 1000 });
    try {
      assert.equal((await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds))).status, 401);
      assert.equal(
        (await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds, { timestamp: now() + 600 }))).status,
        200,
      );
    } finally {
      await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    }
  });

  test("a token of app A with app B's consumer key is code 89", async () => {
    const A = await userOf();
    const B = await makeApp(s);
    const res = await get(
      '/1.1/__me.json',
      header('GET', '/1.1/__me.json', { ...A.creds, consumer_key: B.consumer_key, consumer_secret: B.consumer_secret }),
    );
    assert.deepEqual([res.status, res.body], [401, V1_89]);
  });

  test('a tampered parameter, path or signature is code 32; on /2/ the 401 problem', async () => {
    const { creds } = await userOf();
    const signedFor = header('GET', '/1.1/__me.json?x=1', creds);
    assert.deepEqual((await get('/1.1/__me.json?x=2', signedFor)).body, V1_32);
    assert.deepEqual(
      (await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds, { signedPath: '/1.1/__other.json' }))).body,
      V1_32,
    );
    const forged = header('GET', '/1.1/__me.json', creds).replace(
      /oauth_signature="[^"]+"/,
      'oauth_signature="AAAAAAAAAAAAAAAAAAAAAAAAAAA%3D"',
    );
    assert.deepEqual((await get('/1.1/__me.json', forged)).body, V1_32);
    const tamperedForm = await s.call('POST', '/1.1/__echo.json', {
      body: 'status=goodbye',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: header('POST', '/1.1/__echo.json', creds, { form: { status: 'hello' } }),
      },
    });
    assert.deepEqual([tamperedForm.status, tamperedForm.body], [401, V1_32]);
    const v2 = await get('/2/users/me?user.fields=id', header('GET', '/2/users/me?user.fields=name', creds));
    assert.deepEqual(
      [v2.status, v2.body],
      [401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }],
    );
  });

  test('bad authentication data is code 215: no signature, another method, a non-ASCII nonce', async () => {
    const { creds } = await userOf();
    const h = header('GET', '/1.1/__me.json', creds);
    const V1_215 = { errors: [{ code: 215, message: 'Bad Authentication data.' }] };
    for (const bad of [
      h.replace(/, oauth_signature="[^"]+"/, ''),
      h.replace('HMAC-SHA1', 'PLAINTEXT'),
      header('GET', '/1.1/__me.json', creds, { nonce: 'caf\u00e9-nonce' }),
      'OAuth oauth_consumer_key=unquoted',
    ]) {
      const res = await get('/1.1/__me.json', bad);
      assert.deepEqual([res.status, res.body], [400, V1_215], bad);
    }
  });

  test('an invalidated token is code 89, also after a restart on the same data', async () => {
    const { creds } = await userOf();
    const inv = await s.call('POST', '/1.1/oauth/invalidate_token', {
      headers: { authorization: header('POST', '/1.1/oauth/invalidate_token', creds) },
    });
    assert.deepEqual([inv.status, inv.body], [200, { access_token: creds.oauth_token }]);
    const after1 = await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds));
    assert.deepEqual([after1.status, after1.body], [401, V1_89]);
    assert.match(after1.headers.get('www-authenticate')!, /api_error_code=89/);

    const restarted = await startServer({
      store,
      config: { dataDir: s.deps.config.dataDir, databaseSchema: s.deps.config.databaseSchema },
    });
    try {
      const res = await restarted.call('GET', '/2/users/me', {
        headers: {
          authorization: signRequest({
            method: 'GET',
            url: restarted.url + '/2/users/me',
            consumerKey: creds.consumer_key,
            consumerSecret: creds.consumer_secret,
            token: creds.oauth_token,
            tokenSecret: creds.oauth_token_secret,
            timestamp: now(),
          }),
        },
      });
      assert.equal(res.status, 401);
      const inv2 = await restarted.call('POST', '/1.1/oauth/invalidate_token.json', {
        headers: {
          authorization: signRequest({
            method: 'POST',
            url: restarted.url + '/1.1/oauth/invalidate_token.json',
            consumerKey: creds.consumer_key,
            consumerSecret: creds.consumer_secret,
            token: creds.oauth_token,
            tokenSecret: creds.oauth_token_secret,
            timestamp: now(),
          }),
        },
      });
      assert.deepEqual([inv2.status, inv2.body], [401, V1_89]);
    } finally {
      await restarted.close();
    }
  });

  test('a nonce seen before a restart is still refused after it', async () => {
    const first = await startServer({ store });
    const { app, user } = first.credentials!;
    const sign = (url: string) =>
      signRequest({
        method: 'GET',
        url,
        consumerKey: app.consumer_key,
        consumerSecret: app.consumer_secret,
        token: user.access_token,
        tokenSecret: user.access_token_secret,
        nonce: 'before-restart',
        timestamp: now(),
      });
    const signed = sign(first.url + '/2/users/me');
    assert.equal((await first.call('GET', '/2/users/me', { headers: { authorization: signed } })).status, 200);
    await first.stop();
    const restarted = await startServer({
      store,
      config: { dataDir: first.deps.config.dataDir, databaseSchema: first.deps.config.databaseSchema },
    });
    try {
      // The same signed request again (the base string names the host, so it is re-signed for the new port, same nonce
      // and timestamp).
      const ts = /oauth_timestamp="(\d+)"/.exec(signed)![1]!;
      const again = signRequest({
        method: 'GET',
        url: restarted.url + '/2/users/me',
        consumerKey: app.consumer_key,
        consumerSecret: app.consumer_secret,
        token: user.access_token,
        tokenSecret: user.access_token_secret,
        nonce: 'before-restart',
        timestamp: Number(ts),
      });
      const replay = await restarted.call('GET', '/2/users/me', { headers: { authorization: again } });
      assert.deepEqual(
        [replay.status, replay.body],
        [401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }],
      );
      const fresh = signRequest({
        method: 'GET',
        url: restarted.url + '/2/users/me',
        consumerKey: app.consumer_key,
        consumerSecret: app.consumer_secret,
        token: user.access_token,
        tokenSecret: user.access_token_secret,
        nonce: 'after-restart',
        timestamp: Number(ts),
      });
      const ok = await restarted.call('GET', '/2/users/me', { headers: { authorization: fresh } });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
    } finally {
      await restarted.close();
      await first.close();
    }
  });

  test('regenerating the access token or the app keys kills the old pair at once', async () => {
    const { a, u, creds } = await userOf();
    assert.equal((await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds))).status, 200);
    const fresh = (await s.admin('POST', `/_aviary/apps/${a.id}/access-tokens`, { user_id: u.id })).body.data;
    assert.deepEqual((await get('/1.1/__me.json', header('GET', '/1.1/__me.json', creds))).body, V1_89);
    const freshCreds = { ...creds, oauth_token: fresh.oauth_token, oauth_token_secret: fresh.oauth_token_secret };
    assert.equal((await get('/1.1/__me.json', header('GET', '/1.1/__me.json', freshCreds))).status, 200);
    await s.admin('POST', `/_aviary/apps/${a.id}/keys/regenerate`);
    assert.deepEqual(
      (await get('/1.1/__me.json', header('GET', '/1.1/__me.json', freshCreds))).body,
      V1_32,
      'the old consumer key is unknown now',
    );
  });

  test('what twitter-api-v2 signs: form bodies with + for spaces, JSON bodies left out, query strings', async () => {
    const { u, creds } = await userOf();
    const client = twitterApiV2(s.url, {
      appKey: creds.consumer_key,
      appSecret: creds.consumer_secret,
      accessToken: creds.oauth_token!,
      accessSecret: creds.oauth_token_secret!,
    });
    const status = 'Hello Ladies + Gentlemen, a signed OAuth request! ☃ ~*';
    assert.deepEqual(await client.v1.post('__echo.json', { status, include_entities: true }), {
      body: { status, include_entities: 'true' },
    });
    assert.deepEqual(await client.v2.post('__write', { text: 'json "quoted" body' }), {
      data: { text: 'json "quoted" body' },
    });
    const me = await client.v2.me({ 'user.fields': ['created_at', 'description'] });
    assert.equal(me.data.id, u.id);
  });
});
