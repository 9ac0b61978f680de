// Permission levels: writes need a read-write grant (OAuth 1.0a token or the app's permission for
// OAuth 2.0), direct messages the app's DM permission (v1.1 code 93); reads work with any grant.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newApp, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const DM_DENIED = 'This application is not allowed to access or delete your direct messages.';

forEachStore('posts grants', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
  });
  after(async () => {
    await s.close();
  });

  /** twitter-api-v2 signing with OAuth 1.0a for `userId` on an app of `permission`, token of `access`. */
  async function oauth1(permission: string, access?: string) {
    const app = await s.admin('POST', '/_aviary/apps', {
      name: `grants-${permission}-${access ?? 'app'}`.slice(0, 32),
      permission,
    });
    const token = await s.admin('POST', `/_aviary/apps/${app.body.data.id}/access-tokens`, {
      user_id: alice.id,
      ...(access ? { access } : {}),
    });
    return twitterApiV2(s.url, {
      appKey: app.body.data.consumer_key,
      appSecret: app.body.data.consumer_secret,
      accessToken: token.body.data.oauth_token,
      accessSecret: token.body.data.oauth_token_secret,
    });
  }

  test('a read-only OAuth 1.0a token reads posts but cannot post, like or follow', async () => {
    const client = await oauth1('read-write-dm', 'read');
    const post = await adminPost(s, bob.id, { text: 'readable by anyone' });
    assert.equal((await client.v2.singleTweet(post.id)).data.id, post.id);
    await assert.rejects(
      client.v2.tweet('not allowed'),
      (e: { code: number; data: { type: string; detail: string } }) => {
        assert.equal(e.code, 403);
        assert.equal(
          e.data.detail,
          'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
        );
        return true;
      },
    );
    await assert.rejects(client.v2.like(alice.id, post.id), (e: { code: number }) => e.code === 403);
  });

  test('a read-write OAuth 1.0a token posts; direct messages need the DM permission (code 93)', async () => {
    const client = await oauth1('read-write');
    const created = await client.v2.tweet('signed with OAuth 1.0a');
    assert.match(created.data.id, /^[0-9]+$/);
    await assert.rejects(
      client.v2.sendDmToParticipant(bob.id, { text: 'hi' }),
      (e: { code: number; data: { detail: string } }) => {
        assert.equal(e.code, 403);
        assert.equal(e.data.detail, DM_DENIED);
        return true;
      },
    );
    const dm = await oauth1('read-write-dm');
    const sent = (await dm.v2.sendDmToParticipant(bob.id, { text: 'hi bob' })) as unknown as {
      data: { dm_event_id: string };
    };
    assert.match(sent.data.dm_event_id, /^[0-9]+$/);
  });

  test("OAuth 2.0 user tokens follow their app's permission level", async () => {
    const readApp = await newApp(s, { permission: 'read' });
    const token = await userToken(s, alice.id, { appId: readApp.id });
    const res = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'read app' } });
    assert.equal(res.status, 403);
    const dm = await s.call('GET', '/2/dm_events', {
      auth: await userToken(s, alice.id, { permission: 'read-write' }),
    });
    assert.equal(dm.status, 403);
    assert.equal(dm.body.detail, DM_DENIED);
  });
});
