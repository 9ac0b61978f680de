// The OAuth 1.0a three-legged flow driven by the real SDKs, the sign-in page by plain HTTP.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { OAuth1 } from '@xdevplatform/xdk';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { twitterApiV2, xdk } from '../support/sdk.js';
import { Browser, CALLBACK, decide, formOf, localUrl, makeApp, makeUser } from '../support/oauth.js';
import { signRequest } from '../../src/auth/index.js';
import { userContext } from '../../src/http/auth.js';

forEachStore('OAuth 1.0a three-legged flow', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({
      store,
      beforeListen: (app) => {
        app.post('/2/__write', { config: { auth: userContext(['tweet.write'], { write: true }) } }, async () => ({
          data: { ok: true },
        }));
      },
    });
  });
  after(async () => {
    await s.close();
  });

  const consumer = (a: { consumer_key: string; consumer_secret: string }) =>
    twitterApiV2(s.url, { appKey: a.consumer_key, appSecret: a.consumer_secret });
  const withRequestToken = (
    a: { consumer_key: string; consumer_secret: string },
    t: { oauth_token: string; oauth_token_secret: string },
  ) =>
    twitterApiV2(s.url, {
      appKey: a.consumer_key,
      appSecret: a.consumer_secret,
      accessToken: t.oauth_token,
      accessSecret: t.oauth_token_secret,
    });

  test('twitter-api-v2: generateAuthLink → sign in and approve → login → v2.me()', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s, { password: 'correct horse' });
    const link = await consumer(a).generateAuthLink(CALLBACK, { linkMode: 'authorize' });
    assert.equal(link.oauth_callback_confirmed, 'true');

    const page = await new Browser().get(localUrl(s, link.url));
    assert.equal(page.status, 200);
    assert.match(page.html, new RegExp(a.name));
    assert.match(page.html, /Create and delete Posts/, 'shows the permissions asked for');

    const wrong = await decide(s, link.url, { username: u.username, password: 'wrong password' });
    assert.equal(wrong.status, 200);
    assert.match(wrong.html, /did not match our records/);

    const res = await decide(s, link.url, { username: u.username, password: 'correct horse' });
    assert.equal(res.status, 302);
    const back = new URL(res.location!);
    assert.equal(back.origin + back.pathname, CALLBACK);
    assert.equal(back.searchParams.get('oauth_token'), link.oauth_token);

    const login = await withRequestToken(a, link).login(back.searchParams.get('oauth_verifier')!);
    assert.equal(login.userId, u.id);
    assert.equal(login.screenName, u.username);
    assert.match(login.accessToken, new RegExp(`^${u.id}-`));
    const me = await login.client.v2.me({ 'user.fields': ['created_at'] });
    assert.equal(me.data.username, u.username);

    await assert.rejects(
      withRequestToken(a, link).login(back.searchParams.get('oauth_verifier')!),
      'a request token is spent once',
    );
  });

  test('PIN mode (oob) shows the PIN; XDK signs API calls with the token', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const link = await consumer(a).generateAuthLink('oob');
    const res = await decide(s, link.url, { username: u.username });
    assert.equal(res.status, 200);
    const pin = /id="oauth_pin">(\d{7})</.exec(res.html)?.[1];
    assert.ok(pin, res.html);
    const login = await withRequestToken(a, link).login(pin);

    const client = xdk(s.url, {
      oauth1: new OAuth1({
        apiKey: a.consumer_key,
        apiSecret: a.consumer_secret,
        accessToken: login.accessToken,
        accessTokenSecret: login.accessSecret,
        callback: 'oob',
      }),
    });
    const me: any = await client.users.getMe({ userFields: ['created_at', 'description'] } as never);
    assert.equal(me.data.id, u.id);
  });

  test('cancel redirects with denied=<token>; the token is then spent', async () => {
    const a = await makeApp(s);
    const link = await consumer(a).generateAuthLink(CALLBACK);
    const res = await decide(s, link.url, { action: 'deny' });
    assert.equal(res.status, 302);
    assert.equal(new URL(res.location!).searchParams.get('denied'), link.oauth_token);
    const again = await new Browser().get(localUrl(s, link.url));
    assert.equal(again.status, 401);
    assert.match(again.html, /no longer valid/);
  });

  test('authenticate skips approval for a signed-in user who granted access; force_login asks again', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s, { password: 'sesame sesame' });
    const first = await consumer(a).generateAuthLink(CALLBACK);
    const granted = await decide(s, first.url, { username: u.username, password: 'sesame sesame' });
    const token1 = (
      await withRequestToken(a, first).login(new URL(granted.location!).searchParams.get('oauth_verifier')!)
    ).accessToken;

    const second = await consumer(a).generateAuthLink(CALLBACK, { linkMode: 'authenticate' });
    const direct = await granted.browser.get(localUrl(s, second.url));
    assert.equal(direct.status, 302, 'no page: straight back to the app');
    const login2 = await withRequestToken(a, second).login(
      new URL(direct.location!).searchParams.get('oauth_verifier')!,
    );
    assert.equal(login2.accessToken, token1, 'the same grant gives the same token');

    const forced = await consumer(a).generateAuthLink(CALLBACK, {
      linkMode: 'authenticate',
      forceLogin: true,
      screenName: u.username,
    });
    const page = await granted.browser.get(localUrl(s, forced.url));
    assert.equal(page.status, 200);
    assert.match(
      page.html,
      new RegExp(`id="username" name="username" autocomplete="username" value="${u.username}"`),
      'screen_name prefills',
    );
    assert.equal(formOf(page.html).fields.force_login, 'true');
  });

  test('x_auth_access_type=read lowers the grant: a write is refused with oauth1-permissions', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const link = await consumer(a).generateAuthLink(CALLBACK, { authAccessType: 'read' });
    const page = await new Browser().get(localUrl(s, link.url));
    assert.doesNotMatch(page.html, /Create and delete Posts/);
    const res = await decide(s, link.url, { username: u.username });
    const { client } = await withRequestToken(a, link).login(
      new URL(res.location!).searchParams.get('oauth_verifier')!,
    );
    assert.equal((await client.v2.me()).data.id, u.id, 'reads still work');
    await assert.rejects(client.v2.post('__write', { text: 'hi' }), (e: any) => {
      assert.equal(e.code, 403);
      assert.deepEqual(e.data, {
        title: 'Forbidden',
        type: 'https://api.twitter.com/2/problems/oauth1-permissions',
        status: 403,
        detail: 'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
      });
      return true;
    });
  });

  // twitter-api-v2 parses /oauth/* replies as form data (forceParseMode), so the wire body is read raw.
  const signedPost = (
    path: string,
    a: { consumer_key: string; consumer_secret: string },
    form: Record<string, string>,
    token?: { oauth_token: string; oauth_token_secret: string },
  ) =>
    s.call('POST', path, {
      body: new URLSearchParams(form).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: signRequest({
          method: 'POST',
          url: s.url + path,
          consumerKey: a.consumer_key,
          consumerSecret: a.consumer_secret,
          form,
          token: token?.oauth_token,
          tokenSecret: token?.oauth_token_secret,
          timestamp: Math.floor(Date.now() / 1000),
        }),
      },
    });

  test('an unregistered callback is refused with code 415; a missing one with 215', async () => {
    const a = await makeApp(s);
    await assert.rejects(consumer(a).generateAuthLink('http://evil.example/cb'), (e: any) => e.code === 403);
    const evil = await signedPost('/oauth/request_token', a, { oauth_callback: 'http://evil.example/cb' });
    assert.equal(evil.status, 403);
    assert.equal(evil.body.errors[0].code, 415);
    const none = await signedPost('/oauth/request_token', a, {});
    assert.deepEqual([none.status, none.body], [400, { errors: [{ code: 215, message: 'Bad Authentication data.' }] }]);
    const ok = await signedPost('/oauth/request_token', a, { oauth_callback: CALLBACK + '?from=app' });
    assert.equal(ok.status, 200, 'a registered callback may carry its own query');
    assert.match(ok.headers.get('content-type')!, /^text\/html/);
    assert.match(ok.body, /^oauth_token=[A-Za-z0-9]+&oauth_token_secret=[A-Za-z0-9]+&oauth_callback_confirmed=true$/);
  });

  test('a wrong verifier is the real plain-text 401', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const link = await consumer(a).generateAuthLink(CALLBACK);
    await decide(s, link.url, { username: u.username });
    await assert.rejects(withRequestToken(a, link).login('not-the-verifier'), (e: any) => e.code === 401);
    const res = await signedPost('/oauth/access_token', a, { oauth_verifier: 'still-wrong' }, link);
    assert.equal(res.status, 401);
    assert.match(res.headers.get('content-type')!, /^text\/plain/);
    assert.equal(res.body, 'Error processing your OAuth request: Invalid oauth_verifier parameter');
  });

  test('a form without the CSRF cookie is refused and nothing is approved', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const link = await consumer(a).generateAuthLink(CALLBACK);
    const page = await new Browser().get(localUrl(s, link.url));
    const form = formOf(page.html);
    const forged = await new Browser().post(s.url + form.action, {
      ...form.fields,
      username: u.username,
      action: 'allow',
    });
    assert.equal(forged.status, 403);
    assert.equal(forged.location, null);
  });
});
