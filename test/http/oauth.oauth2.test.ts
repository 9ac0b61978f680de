// OAuth 2.0 Authorization Code with PKCE, driven by twitter-api-v2 and twitter-api-sdk; the consent
// page by plain HTTP; the token endpoint in the three encodings the SDKs use (notes §12.2).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { auth, Client } from 'twitter-api-sdk';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { twitterApiV2 } from '../support/sdk.js';
import { Browser, CALLBACK, decide, localUrl, makeApp, makeUser } from '../support/oauth.js';

const b64url = (b: Buffer) => b.toString('base64url');

forEachStore('OAuth 2.0 authorization code with PKCE', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(async () => {
    await s.close();
  });

  const codeOf = (location: string | null) => new URL(location!).searchParams.get('code')!;

  test('twitter-api-v2: consent → loginWithOAuth2 → me → refresh (rotation) → revoke', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s, { password: 'open sesame' });
    const client = twitterApiV2(s.url, { clientId: a.client_id } as never);
    const link = client.generateOAuth2AuthLink(CALLBACK, { scope: ['tweet.read', 'users.read', 'offline.access'] });

    const page = await new Browser().get(localUrl(s, link.url));
    assert.equal(page.status, 200);
    assert.match(page.html, new RegExp(a.name));
    assert.match(page.html, /offline\.access/);
    const res = await decide(s, link.url, { username: u.username, password: 'open sesame' });
    assert.equal(res.status, 302);
    const back = new URL(res.location!);
    assert.equal(back.origin + back.pathname, CALLBACK);
    assert.equal(back.searchParams.get('state'), link.state);

    const login = await client.loginWithOAuth2({
      code: codeOf(res.location),
      codeVerifier: link.codeVerifier,
      redirectUri: CALLBACK,
    });
    assert.deepEqual(login.scope.sort(), ['offline.access', 'tweet.read', 'users.read']);
    assert.equal(login.expiresIn, 7200);
    assert.ok(login.refreshToken);
    assert.equal((await login.client.v2.me()).data.id, u.id);

    const refreshed = await client.refreshOAuth2Token(login.refreshToken!);
    assert.notEqual(refreshed.refreshToken, login.refreshToken, 'refresh tokens rotate');
    assert.equal((await refreshed.client.v2.me()).data.id, u.id);
    await assert.rejects(
      client.refreshOAuth2Token(login.refreshToken!),
      (e: any) => e.code === 400,
      'a spent refresh token is refused',
    );
    await assert.rejects(
      refreshed.client.v2.me(),
      (e: any) => e.code === 401,
      'and reusing it revokes the whole grant',
    );

    const again = await decide(
      s,
      client.generateOAuth2AuthLink(CALLBACK, { scope: ['tweet.read', 'users.read'] }).url,
      { browser: res.browser },
    );
    assert.equal(again.status, 302, 'signed in already: approving needs no password');
    const link2 = client.generateOAuth2AuthLink(CALLBACK, { scope: ['tweet.read', 'users.read'] });
    const second = await decide(s, link2.url, { browser: res.browser });
    const login2 = await client.loginWithOAuth2({
      code: codeOf(second.location),
      codeVerifier: link2.codeVerifier,
      redirectUri: CALLBACK,
    });
    assert.equal(login2.refreshToken, undefined, 'no refresh token without offline.access');
    assert.deepEqual(await client.revokeOAuth2Token(login2.accessToken, 'access_token'), { revoked: true });
    await assert.rejects(login2.client.v2.me(), (e: any) => e.code === 401);
  });

  test('twitter-api-sdk: OAuth2User with base_url, confidential client (Basic), query-string token calls', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const user = new auth.OAuth2User({
      client_id: a.client_id,
      client_secret: a.client_secret,
      callback: CALLBACK,
      scopes: ['tweet.read', 'users.read', 'offline.access'],
      request_options: { base_url: s.url },
    } as never);
    const url = user.generateAuthURL({ state: 'st-1', code_challenge_method: 's256' });
    const res = await decide(s, url, { username: u.username });
    assert.equal(res.status, 302);
    await user.requestAccessToken(codeOf(res.location));
    const client = new Client(user, { base_url: s.url } as never);
    assert.equal((await client.users.findMyUser()).data?.id, u.id);
    const before = user.token!.access_token;
    await user.refreshAccessToken();
    assert.notEqual(user.token!.access_token, before);
    assert.deepEqual(await user.revokeAccessToken(), { revoked: true });
    await assert.rejects(client.users.findMyUser(), (e: any) => e.status === 401);
  });

  test('plain challenge, form body and Basic (the XDK way); a code is single use and lives 30 s', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const verifier = b64url(createHash('sha256').update(String(Math.random())).digest());
    const authorize = (method: string, challenge: string) =>
      `${s.url}/2/oauth2/authorize?response_type=code&client_id=${a.client_id}&redirect_uri=${encodeURIComponent(CALLBACK)}` +
      `&scope=tweet.read%20users.read&state=xyz&code_challenge=${challenge}&code_challenge_method=${method}`;
    const basic = 'Basic ' + Buffer.from(`${a.client_id}:${a.client_secret}`).toString('base64');
    const exchange = (code: string, v = verifier) =>
      s.call('POST', '/2/oauth2/token', {
        auth: basic,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          grant_type: 'authorization_code',
          redirect_uri: CALLBACK,
          code_verifier: v,
        }).toString(),
      });

    const code = codeOf((await decide(s, authorize('plain', verifier), { username: u.username })).location);
    assert.equal((await exchange(code, 'wrong-verifier')).status, 400, 'the verifier must match');
    const code2 = codeOf((await decide(s, authorize('PLAIN', verifier), { username: u.username })).location);
    const ok = await exchange(code2);
    assert.equal(ok.status, 200);
    assert.deepEqual(Object.keys(ok.body).sort(), ['access_token', 'expires_in', 'scope', 'token_type']);
    assert.equal(ok.body.scope, 'tweet.read users.read');
    const reused = await exchange(code2);
    assert.deepEqual(
      [reused.status, reused.body],
      [400, { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' }],
    );
    assert.equal(
      (await s.call('GET', '/2/users/me', { auth: `Bearer ${ok.body.access_token}` })).status,
      401,
      'a reused code revokes its tokens',
    );

    const code3 = codeOf(
      (
        await decide(s, authorize('S256', b64url(createHash('sha256').update(verifier).digest())), {
          username: u.username,
        })
      ).location,
    );
    await s.admin('POST', '/_aviary/clock', { advance_ms: 31_000 });
    assert.equal((await exchange(code3)).status, 400, 'codes expire after 30 s');
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });

    const wrongSecret = await s.call('POST', '/2/oauth2/token', {
      auth: 'Basic ' + Buffer.from(`${a.client_id}:nope`).toString('base64'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x&redirect_uri=x&code_verifier=x',
    });
    assert.deepEqual(
      [wrongSecret.status, wrongSecret.body],
      [401, { error: 'unauthorized_client', error_description: 'Missing valid authorization header' }],
    );
  });

  test('access tokens live two hours on the service clock', async () => {
    const a = await makeApp(s);
    const u = await makeUser(s);
    const client = twitterApiV2(s.url, { clientId: a.client_id } as never);
    const link = client.generateOAuth2AuthLink(CALLBACK, { scope: ['tweet.read', 'users.read'] });
    const res = await decide(s, link.url, { username: u.username });
    const login = await client.loginWithOAuth2({
      code: codeOf(res.location),
      codeVerifier: link.codeVerifier,
      redirectUri: CALLBACK,
    });
    try {
      await s.admin('POST', '/_aviary/clock', { advance_ms: 2 * 60 * 60 * 1000 - 1000 });
      assert.equal((await s.call('GET', '/2/users/me', { auth: `Bearer ${login.accessToken}` })).status, 200);
      await s.admin('POST', '/_aviary/clock', { advance_ms: 1000 });
      assert.equal((await s.call('GET', '/2/users/me', { auth: `Bearer ${login.accessToken}` })).status, 401);
    } finally {
      await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    }
  });

  test('cancel redirects with error=access_denied and the state', async () => {
    const a = await makeApp(s);
    const link = twitterApiV2(s.url, { clientId: a.client_id } as never).generateOAuth2AuthLink(CALLBACK, {
      scope: ['tweet.read'],
      state: 'keep-me',
    });
    const res = await decide(s, link.url, { action: 'deny' });
    assert.equal(res.status, 302);
    const back = new URL(res.location!);
    assert.deepEqual([back.searchParams.get('error'), back.searchParams.get('state')], ['access_denied', 'keep-me']);
  });

  test('no open redirects: an unregistered redirect_uri or client is shown, never followed', async () => {
    const a = await makeApp(s);
    const client = twitterApiV2(s.url, { clientId: a.client_id } as never);
    for (const url of [
      client.generateOAuth2AuthLink('http://evil.example/cb', { scope: ['tweet.read'] }).url,
      client.generateOAuth2AuthLink(CALLBACK + '/more', { scope: ['tweet.read'] }).url,
      twitterApiV2(s.url, { clientId: 'no-such-client' } as never).generateOAuth2AuthLink(CALLBACK, {
        scope: ['tweet.read'],
      }).url,
    ]) {
      const page = await new Browser().get(localUrl(s, url));
      assert.equal(page.status, 400, url);
      assert.equal(page.location, null);
      assert.match(page.html, /Something went wrong/);
    }
    const badScope = await new Browser().get(
      localUrl(s, client.generateOAuth2AuthLink(CALLBACK, { scope: ['tweet.fly'] as never }).url),
    );
    assert.equal(badScope.status, 302, 'with a good redirect_uri, other errors go back to the client');
    assert.equal(new URL(badScope.location!).searchParams.get('error'), 'invalid_scope');
  });
});
