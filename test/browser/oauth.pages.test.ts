// The sign-in and consent pages in a real headless Chromium: sign in and approve on the OAuth 1.0a
// and the OAuth 2.0 pages, cancel once. Skips, saying so, where /usr/bin/chromium is not installed.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type TestServer } from '../support/server.js';
import { twitterApiV2 } from '../support/sdk.js';
import { localUrl, makeApp, makeUser } from '../support/oauth.js';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM)
  ? false
  : `skipped: ${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does)`;

describe('sign-in pages in headless Chromium', { skip }, () => {
  let s: TestServer;
  let browser: Browser;
  before(async () => {
    s = await startServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
    });
  });
  after(async () => {
    await browser?.close();
    await s?.close();
  });

  // The app's callback is a path on the test server itself (a redirect target cannot be intercepted,
  // and this one loads, so the final URL can be read); the server's 404 there does not matter.
  const callback = () => `${s.url}/app/callback`;
  const newApp = () => makeApp(s, { callback_urls: [callback()] });
  const pageWithCallback = async (): Promise<Page> => (await browser.newContext()).newPage();

  async function signInAndPress(
    page: Page,
    button: '#allow' | '#cancel',
    user?: { username: string; password: string },
  ) {
    if (user) {
      await page.fill('#username', user.username);
      await page.fill('#password', user.password);
    }
    await Promise.all([page.waitForURL((u) => u.href.startsWith(callback())), page.click(button)]);
    return new URL(page.url());
  }

  test('OAuth 1.0a: sign in, see the permissions, approve, and the app logs in', async () => {
    const a = await newApp();
    const u = { ...(await makeUser(s, { password: 'chromium-pass' })), password: 'chromium-pass' };
    const consumer = twitterApiV2(s.url, { appKey: a.consumer_key, appSecret: a.consumer_secret });
    const link = await consumer.generateAuthLink(callback(), { linkMode: 'authorize' });
    const page = await pageWithCallback();
    await page.goto(localUrl(s, link.url));
    assert.equal(await page.textContent('#app-name'), a.name);
    assert.match((await page.textContent('#permissions'))!, /Direct Messages/);

    const back = await signInAndPress(page, '#allow', u);
    assert.equal(back.searchParams.get('oauth_token'), link.oauth_token);
    const { client } = await twitterApiV2(s.url, {
      appKey: a.consumer_key,
      appSecret: a.consumer_secret,
      accessToken: link.oauth_token,
      accessSecret: link.oauth_token_secret,
    }).login(back.searchParams.get('oauth_verifier')!);
    assert.equal((await client.v2.me()).data.username, u.username);
  });

  test('OAuth 2.0: the consent page lists the scopes; approving returns a code that logs in', async () => {
    const a = await newApp();
    const u = { ...(await makeUser(s, { password: 'chromium-pass' })), password: 'chromium-pass' };
    const client = twitterApiV2(s.url, { clientId: a.client_id } as never);
    const link = client.generateOAuth2AuthLink(callback(), { scope: ['tweet.read', 'users.read', 'offline.access'] });
    const page = await pageWithCallback();
    await page.goto(localUrl(s, link.url));
    assert.match((await page.textContent('#permissions'))!, /offline\.access/);

    await page.fill('#username', u.username);
    await page.fill('#password', 'not the password');
    await page.click('#allow');
    assert.match((await page.textContent('#error'))!, /did not match/);

    const back = await signInAndPress(page, '#allow', u);
    assert.equal(back.searchParams.get('state'), link.state);
    const login = await client.loginWithOAuth2({
      code: back.searchParams.get('code')!,
      codeVerifier: link.codeVerifier,
      redirectUri: callback(),
    });
    assert.equal((await login.client.v2.me()).data.id, u.id);
  });

  test('cancel sends the user back with error=access_denied', async () => {
    const a = await newApp();
    const link = twitterApiV2(s.url, { clientId: a.client_id } as never).generateOAuth2AuthLink(callback(), {
      scope: ['tweet.read'],
    });
    const page = await pageWithCallback();
    await page.goto(localUrl(s, link.url));
    const back = await signInAndPress(page, '#cancel');
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), link.state);
  });
});
