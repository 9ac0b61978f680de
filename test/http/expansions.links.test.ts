// Issue #21 part 2, found by twitter-api-v2's own tests: an expansion adds its linking field to the
// primary object even when `*.fields` lacks it (DOCS x-api/fundamentals/expansions), the
// `referenced_tweets.id.*` expansions alone still include the referenced posts, and
// `GET /1.1/account/verify_credentials.json` answers the SDK's `currentUser()`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newApp, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('expansions add their link fields', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let root: { id: string };
  let reply: { id: string };
  let poll: { id: string };
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    root = await adminPost(s, alice.id, { text: `Hello @${bob.username}` });
    reply = await adminPost(s, bob.id, {
      text: `@${alice.username} thanks!`,
      reply: { in_reply_to_tweet_id: root.id },
      geo: { place_id: '09f6a7707f18e0b1' },
    });
    poll = await adminPost(s, alice.id, { text: 'Tabs?', poll: { options: ['tabs', 'spaces'], duration_minutes: 60 } });
  });
  after(async () => {
    assert.ok(s.specChecked() > 0);
    await s.close();
  });

  test('twitter-api-v2: expansions=author_id puts author_id in data (tweet.fields absent)', async () => {
    const client = twitterApiV2(s.url, s.bearer);
    const res = await client.v2.tweets([root.id], { expansions: ['author_id'] });
    assert.equal(res.data[0]!.author_id, alice.id);
    assert.equal(res.includes?.users?.[0]?.id, alice.id);
    // Without the expansion the field stays out: only what was asked for.
    const plain = await client.v2.tweets([root.id]);
    assert.equal(plain.data[0]!.author_id, undefined);
  });

  test('every tweet expansion adds its link field', async () => {
    const res = await s.call(
      'GET',
      `/2/tweets?ids=${reply.id},${poll.id}&expansions=in_reply_to_user_id,referenced_tweets.id,attachments.poll_ids,geo.place_id,entities.mentions.username`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.equal(res.status, 200);
    const [r, p] = res.body.data;
    assert.equal(r.in_reply_to_user_id, alice.id);
    assert.deepEqual(r.referenced_tweets, [{ type: 'replied_to', id: root.id }]);
    assert.equal(r.geo.place_id, '09f6a7707f18e0b1');
    assert.ok(r.entities.mentions.length);
    assert.equal(r.author_id, undefined, 'author_id was not asked for');
    assert.deepEqual(p.attachments.poll_ids.length, 1);
    assert.ok(res.body.includes.polls.length === 1 && res.body.includes.places.length === 1);
  });

  test('referenced_tweets.id.author_id alone includes the referenced posts and their authors', async () => {
    const client = twitterApiV2(s.url, s.bearer);
    const res = await client.v2.tweets([reply.id], { expansions: ['referenced_tweets.id.author_id'] });
    assert.deepEqual(res.data[0]!.referenced_tweets, [{ type: 'replied_to', id: root.id }]);
    assert.deepEqual(
      res.includes?.tweets?.map((t) => [t.id, t.author_id]),
      [[root.id, alice.id]],
    );
    assert.deepEqual(
      res.includes?.users?.map((u) => u.id),
      [alice.id],
    );
  });

  test('expansions=pinned_tweet_id puts pinned_tweet_id in the user', async () => {
    const carol = await newUser(s);
    const pinned = await adminPost(s, carol.id, { text: 'pin me' });
    const token = await userToken(s, carol.id);
    const pin = await s.admin('PUT', `/_aviary/users/${carol.id}/pinned-tweet`, { tweet_id: pinned.id });
    assert.equal(pin.status, 200);
    const res = await s.call('GET', `/2/users/${carol.id}?expansions=pinned_tweet_id`, { auth: token });
    assert.equal(res.body.data.pinned_tweet_id, pinned.id);
    assert.equal(res.body.includes.tweets[0].id, pinned.id);
  });

  test('expansions=owner_id puts owner_id in a list', async () => {
    const token = await userToken(s, alice.id);
    const created = await s.call('POST', '/2/lists', { auth: token, body: { name: 'links' } });
    assert.equal(created.status, 200);
    const res = await s.call('GET', `/2/lists/${created.body.data.id}?expansions=owner_id`, { auth: token });
    assert.equal(res.body.data.owner_id, alice.id);
    assert.equal(res.body.includes.users[0].id, alice.id);
  });

  test('twitter-api-v2 currentUser(): verify_credentials with OAuth 1.0a', async () => {
    const { app, user } = await oauth1Of(s, alice);
    const client = twitterApiV2(s.url, {
      appKey: app.consumer_key,
      appSecret: app.consumer_secret,
      accessToken: user.oauth_token,
      accessSecret: user.oauth_token_secret,
    });
    const me = await client.currentUser();
    assert.equal(me.id_str, alice.id);
    assert.equal(me.screen_name, alice.username);
    assert.equal(typeof me.followers_count, 'number');
    assert.match(me.created_at, /^\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2} \+0000 \d{4}$/);
    // The latest post is the embedded status unless skipped.
    const status = (me as unknown as { status?: { id_str: string } }).status;
    assert.equal(status?.id_str, poll.id);
    const skipped = await client.v1.verifyCredentials({ skip_status: true, include_entities: false });
    assert.equal((skipped as unknown as { status?: unknown }).status, undefined);
    assert.equal(skipped.entities, undefined);
  });

  test('verify_credentials: the raw id is an exact number; OAuth 2.0 user yes, app-only no', async () => {
    const token = await userToken(s, bob.id);
    const res = await fetch(`${s.url}/1.1/account/verify_credentials.json`, { headers: { authorization: token } });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.ok(text.includes(`"id":${bob.id},`), 'v1.1 id is a JSON number with every digit');
    assert.equal(JSON.parse(text).id_str, bob.id);
    const app = await s.call('GET', '/1.1/account/verify_credentials.json', { auth: `Bearer ${s.bearer}` });
    assert.equal(app.status, 403);
    assert.ok(Array.isArray(app.body.errors), 'the v1.1 error shape');
    const none = await s.call('GET', '/1.1/account/verify_credentials.json');
    assert.equal(none.status, 401);
  });
});

async function oauth1Of(s: TestServer, u: TestUser) {
  const app = await newApp(s);
  const full = (await s.admin('GET', `/_aviary/apps/${app.id}`)).body.data;
  const t = await s.admin('POST', `/_aviary/apps/${app.id}/access-tokens`, { user_id: u.id });
  return { app: full, user: t.body.data };
}
