// Issue #21 parts 3 and 4: problem types where the real service produces them — a private metric of
// another user's post (`not-authorized-for-field`), a suspended account (`resource-unavailable`) —
// the `confirmed_email` user field with the `users.email` scope, and the document's media metadata body.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ALL_SCOPES, adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { png } from '../support/walk.js';

const FIELD = 'https://api.twitter.com/2/problems/not-authorized-for-field';
const UNAVAILABLE = 'https://api.twitter.com/2/problems/resource-unavailable';

forEachStore('problem types and email', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s, { email: 'alice@example.com' });
    bob = await newUser(s);
    aliceToken = await userToken(s, alice.id, { scopes: [...ALL_SCOPES, 'users.email'] });
  });
  after(async () => s.close());

  test("another user's private metrics: the post without them and a not-authorized-for-field entry each", async () => {
    const post = await adminPost(s, bob.id, { text: 'my metrics are mine' });
    const res = await s.call(
      'GET',
      `/2/tweets/${post.id}?tweet.fields=public_metrics,non_public_metrics,organic_metrics`,
      {
        auth: aliceToken,
      },
    );
    assert.equal(res.status, 200);
    assert.ok(res.body.data.public_metrics);
    assert.equal(res.body.data.non_public_metrics, undefined);
    assert.equal(res.body.data.organic_metrics, undefined);
    assert.deepEqual(
      res.body.errors.map((e: Record<string, string>) => [e.type, e.field, e.resource_type, e.section]),
      [
        [FIELD, 'non_public_metrics', 'tweet', 'data'],
        [FIELD, 'organic_metrics', 'tweet', 'data'],
      ],
    );
    // The author reads them, with no error; app-only reads nobody's.
    const own = await s.call('GET', `/2/tweets/${post.id}?tweet.fields=non_public_metrics`, {
      auth: await userToken(s, bob.id),
    });
    assert.ok(own.body.data.non_public_metrics);
    assert.equal(own.body.errors, undefined);
    const app = await s.call('GET', `/2/tweets/${post.id}?tweet.fields=promoted_metrics`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(app.body.errors[0].field, 'promoted_metrics');
  });

  test('a suspended account: lookups and its timeline answer resource-unavailable in a 200', async () => {
    const gone = await newUser(s, { suspended: true });
    const one = await s.call('GET', `/2/users/by/username/${gone.username}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(one.status, 200);
    assert.equal(one.body.data, undefined);
    assert.deepEqual(
      [one.body.errors[0].type, one.body.errors[0].resource_id, one.body.errors[0].parameter],
      [UNAVAILABLE, gone.username, 'username'],
    );
    assert.equal(one.body.errors[0].detail, `User has been suspended: [${gone.username}].`);
    const many = await s.call('GET', `/2/users?ids=${gone.id},${bob.id}`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      many.body.data.map((u: { id: string }) => u.id),
      [bob.id],
    );
    assert.equal(many.body.errors[0].type, UNAVAILABLE);
    const posts = await s.call('GET', `/2/users/${gone.id}/tweets`, { auth: `Bearer ${s.bearer}` });
    assert.equal(posts.status, 200);
    assert.equal(posts.body.errors[0].type, UNAVAILABLE);
  });

  test('confirmed_email: the signed-in user with users.email only', async () => {
    const q = `/2/users/me?user.fields=confirmed_email`;
    assert.equal((await s.call('GET', q, { auth: aliceToken })).body.data.confirmed_email, 'alice@example.com');
    const noScope = await userToken(s, alice.id);
    assert.equal((await s.call('GET', q, { auth: noScope })).body.data.confirmed_email, undefined);
    const other = await s.call('GET', `/2/users/${alice.id}?user.fields=confirmed_email`, {
      auth: await userToken(s, bob.id, { scopes: [...ALL_SCOPES, 'users.email'] }),
    });
    assert.equal(other.body.data.confirmed_email, undefined);
    const v1 = await s.call('GET', '/1.1/account/verify_credentials.json?include_email=true', { auth: aliceToken });
    assert.equal(v1.body.email, 'alice@example.com');
    const v1NoScope = await s.call('GET', '/1.1/account/verify_credentials.json?include_email=true', { auth: noScope });
    assert.equal(v1NoScope.body.email, undefined);
  });

  test('POST /2/media/metadata: metadata is optional; associated_metadata is what is now held', async () => {
    const up = await s.call('POST', '/2/media/upload', {
      auth: aliceToken,
      body: { media: png(3, 3).toString('base64'), media_category: 'tweet_image' },
    });
    const id = up.body.data.id;
    const alt = await s.call('POST', '/2/media/metadata', {
      auth: aliceToken,
      body: { id, metadata: { alt_text: { text: 'three by three' }, sensitive_media_warning: { other: true } } },
    });
    assert.equal(alt.status, 200);
    assert.deepEqual(alt.body, { data: { id, associated_metadata: { alt_text: { text: 'three by three' } } } });
    const read = await s.call('GET', `/2/media/${up.body.data.media_key}?media.fields=alt_text`, { auth: aliceToken });
    assert.equal(read.body.data.alt_text, 'three by three');
    const bare = await s.call('POST', '/2/media/metadata', { auth: aliceToken, body: { id } });
    assert.deepEqual(bare.body, { data: { id, associated_metadata: {} } });
  });
});
