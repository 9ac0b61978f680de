// Creating, editing and deleting posts through the three SDKs: the 201 bodies, the stored fields,
// counters kept true, the edit chain, and the outbox event written with every change.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { listOutbox } from '../../src/store/outbox.js';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('posts write', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let token: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s, { premium: true });
    token = await userToken(s, alice.id);
  });
  after(async () => {
    await s.close();
  });

  const bare = (t: string) => t.replace(/^Bearer /, '');
  const get = async (
    id: string,
    fields = 'public_metrics,edit_controls,referenced_tweets,attachments,reply_settings,paid_partnership,source',
  ) => (await s.call('GET', `/2/tweets/${id}?tweet.fields=${fields}`, { auth: `Bearer ${s.bearer}` })).body;

  test('twitter-api-v2 creates a post: 201 {id, text, edit_history_tweet_ids}, an outbox event, the author counter', async () => {
    const client = twitterApiV2(s.url, bare(token));
    const res = await client.v2.tweet({
      text: 'first post from the SDK https://example.org/x',
      paid_partnership: true,
      reply_settings: 'following',
    } as never);
    assert.match(res.data.id, /^[0-9]{19}$/);
    assert.match(res.data.text, /^first post from the SDK https:\/\/t\.co\/\w{10}$/);
    const post = (await get(res.data.id)).data;
    assert.equal(post.paid_partnership, true);
    assert.equal(post.reply_settings, 'following');
    assert.deepEqual(post.edit_controls.edits_remaining, 5);
    const events = await listOutbox(s.deps.db, 'post.create', 1000);
    assert.ok(
      events.some((e) => JSON.parse(e.payload).post_id === res.data.id && JSON.parse(e.payload).author_id === alice.id),
    );
    const me = await s.call('GET', `/2/users/${alice.id}?user.fields=public_metrics`, { auth: `Bearer ${s.bearer}` });
    assert.equal(me.body.data.public_metrics.tweet_count, 1);
  });

  test('twitter-api-sdk replies and quotes; reply_count and quote_count (distinct quoting accounts) follow', async () => {
    const bob = await newUser(s);
    const original = await adminPost(s, bob.id, { text: 'an original thought' });
    const client = twitterApiSdk(s.url, bare(token));
    const r = await client.tweets.createTweet({ text: 'a reply', reply: { in_reply_to_tweet_id: original.id } });
    const q1 = await client.tweets.createTweet({ text: 'quote one', quote_tweet_id: original.id });
    await client.tweets.createTweet({ text: 'quote two', quote_tweet_id: original.id });
    const m = (await get(original.id)).data.public_metrics;
    assert.equal(m.reply_count, 1);
    assert.equal(m.quote_count, 1, 'two quotes by one account count once');
    const reply = (await get(r.data!.id, 'conversation_id,in_reply_to_user_id,referenced_tweets')).data;
    assert.equal(reply.conversation_id, original.id);
    assert.equal(reply.in_reply_to_user_id, bob.id);
    assert.deepEqual((await get(q1.data!.id)).data.referenced_tweets, [{ type: 'quoted', id: original.id }]);
  });

  test('@xdevplatform/xdk creates and deletes; delete answers {deleted: true} and writes post.delete', async () => {
    const client = xdk(s.url, { accessToken: bare(token) });
    const created: any = await client.posts.create({ text: 'short-lived' } as never);
    const id = created.data.id;
    const deleted: any = await client.posts.delete(id);
    assert.deepEqual(deleted.data, { deleted: true });
    const after = await get(id);
    assert.equal(after.errors[0].type, 'https://api.twitter.com/2/problems/resource-not-found');
    const events = await listOutbox(s.deps.db, 'post.delete', 1000);
    assert.ok(events.some((e) => JSON.parse(e.payload).post_id === id));
  });

  test('editing: a new id, the chain oldest first on every version, edits_remaining, post.edit event', async () => {
    const v1 = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'tyop in here' } });
    const v2 = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'typo in here', edit_options: { previous_post_id: v1.body.data.id } },
    });
    assert.equal(v2.status, 201);
    assert.notEqual(v2.body.data.id, v1.body.data.id);
    assert.deepEqual(v2.body.data.edit_history_tweet_ids, [v1.body.data.id, v2.body.data.id]);
    const v3 = await s.call('POST', '/2/posts', {
      auth: token,
      body: { text: 'typo in here!', edit_options: { previous_post_id: v2.body.data.id } },
    });
    assert.equal(v3.status, 201);
    const chain = [v1.body.data.id, v2.body.data.id, v3.body.data.id];
    const res = await s.call(
      'GET',
      `/2/tweets?ids=${chain.join(',')}&tweet.fields=edit_controls&expansions=edit_history_tweet_ids`,
      { auth: `Bearer ${s.bearer}` },
    );
    for (const t of res.body.data) assert.deepEqual(t.edit_history_tweet_ids, chain);
    assert.equal(res.body.data[2].edit_controls.edits_remaining, 3);
    assert.equal(res.body.data[2].text, 'typo in here!');
    const events = await listOutbox(s.deps.db, 'post.edit', 1000);
    assert.ok(events.some((e) => JSON.parse(e.payload).post_id === v3.body.data.id));
    const timeline = await s.call('GET', `/2/users/${alice.id}/tweets?max_results=100`, { auth: `Bearer ${s.bearer}` });
    assert.ok(timeline.body.data.some((t: { id: string }) => t.id === v3.body.data.id));
    assert.ok(
      !timeline.body.data.some((t: { id: string }) => t.id === v1.body.data.id),
      'timelines show the latest version only',
    );
  });

  test('edits of one version sent at once: one is the next version, the others get the refusal they would get after it', async () => {
    const v1 = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'fix me at once' } });
    const edit = (text: string) =>
      s.call('POST', '/2/tweets', { auth: token, body: { text, edit_options: { previous_post_id: v1.body.data.id } } });
    const all = await Promise.all(['fixed 1', 'fixed 2', 'fixed 3', 'fixed 4'].map(edit));
    assert.deepEqual(all.map((r) => r.status).sort(), [201, 403, 403, 403]);
    const made = all.find((r) => r.status === 201)!.body.data;
    for (const r of all.filter((x) => x.status === 403))
      assert.equal(r.body.detail, `Post ${v1.body.data.id} has been edited; edit its latest version ${made.id}.`);
    const res = await s.call('GET', `/2/tweets/${v1.body.data.id}`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(res.body.data.edit_history_tweet_ids, [v1.body.data.id, made.id]);
  });

  test('polls, places and mutually exclusive attachments', async () => {
    const poll = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'which?', poll: { options: ['a', 'b', 'c'], duration_minutes: 120 } },
    });
    assert.equal(poll.status, 201);
    const both = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'x', poll: { options: ['a', 'b'], duration_minutes: 5 }, quote_tweet_id: poll.body.data.id },
    });
    assert.equal(both.status, 400);
    const place = await s.call('POST', '/2/tweets', {
      auth: token,
      body: { text: 'here', geo: { place_id: '5a110d312052166f' } },
    });
    const p = await s.call(
      'GET',
      `/2/tweets/${place.body.data.id}?expansions=geo.place_id&place.fields=country,place_type,name`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.deepEqual(p.body.includes.places, [
      {
        full_name: 'San Francisco, CA',
        id: '5a110d312052166f',
        country: 'United States',
        place_type: 'city',
        name: 'San Francisco',
      },
    ]);
  });

  test('bad bodies: the validator wording, unknown properties, too long, duplicates', async () => {
    const typed = await s.call('POST', '/2/tweets', { auth: token, body: { text: 5, colour: 'red' } });
    assert.equal(typed.status, 400);
    assert.deepEqual(
      typed.body.errors.map((e: { message: string }) => e.message),
      [
        '$.text: integer found, string expected',
        '$.colour: is not defined in the schema and the schema does not allow additional properties',
      ],
    );
    const plain = await newUser(s);
    const long = await s.call('POST', '/2/tweets', {
      auth: await userToken(s, plain.id),
      body: { text: 'x'.repeat(281) },
    });
    assert.equal(long.body.errors[0].message, 'Your Tweet text is too long.');
    await s.call('POST', '/2/tweets', { auth: token, body: { text: 'same words twice' } });
    const dup = await s.call('POST', '/2/tweets', { auth: token, body: { text: 'same words twice' } });
    assert.equal(dup.status, 403);
    assert.equal(dup.body.detail, 'You are not allowed to create a Tweet with duplicate content.');
  });

  test("deleting someone else's post is refused; app-only tokens cannot post", async () => {
    const bob = await newUser(s);
    const theirs = await adminPost(s, bob.id, { text: 'mine, not yours' });
    const res = await s.call('DELETE', `/2/tweets/${theirs.id}`, { auth: token });
    assert.equal(res.status, 403);
    const app = await s.call('POST', '/2/tweets', { auth: `Bearer ${s.bearer}`, body: { text: 'hi' } });
    assert.equal(app.status, 403);
    assert.equal(app.body.type, 'https://api.twitter.com/2/problems/unsupported-authentication');
  });
  test('the same delete, repost or undo sent twice at once changes the store once', async () => {
    const bob = await newUser(s);
    const bobToken = await userToken(s, bob.id);
    const metrics = async (path: string) =>
      (
        await s.call('GET', `${path}?${path.includes('users') ? 'user' : 'tweet'}.fields=public_metrics`, {
          auth: `Bearer ${s.bearer}`,
        })
      ).body.data.public_metrics;
    const twice = (method: string, path: string, auth: string, body?: unknown) =>
      Promise.all([s.call(method, path, { auth, body }), s.call(method, path, { auth, body })]);

    // Deleted twice: one 200, then the 404 a second delete gets; the author's count moves once.
    const own = await adminPost(s, bob.id, { text: 'about to go' });
    const before = (await metrics(`/2/users/${bob.id}`)).tweet_count;
    const deletes = await twice('DELETE', `/2/tweets/${own.id}`, bobToken);
    assert.deepEqual(deletes.map((r) => r.status).sort(), [200, 404]);
    assert.equal((await metrics(`/2/users/${bob.id}`)).tweet_count, before - 1);
    const deleted = (await listOutbox(s.deps.db, 'post.delete', 10_000)).filter(
      (e) => JSON.parse(e.payload).post_id === own.id,
    );
    assert.equal(deleted.length, 1);

    // Reposted twice: both answer retweeted, one repost exists.
    const original = await adminPost(s, alice.id, { text: 'worth sharing twice?' });
    const reposts = await twice('POST', `/2/users/${bob.id}/retweets`, bobToken, { tweet_id: original.id });
    assert.deepEqual(
      reposts.map((r) => [r.status, r.body.data.retweeted]),
      [
        [200, true],
        [200, true],
      ],
    );
    assert.equal((await metrics(`/2/tweets/${original.id}`)).retweet_count, 1);
    assert.equal((await metrics(`/2/users/${bob.id}`)).tweet_count, before);

    // Undone twice: both answer not retweeted, the counts move once.
    const undos = await twice('DELETE', `/2/users/${bob.id}/retweets/${original.id}`, bobToken);
    assert.deepEqual(
      undos.map((r) => [r.status, r.body.data.retweeted]),
      [
        [200, false],
        [200, false],
      ],
    );
    assert.equal((await metrics(`/2/tweets/${original.id}`)).retweet_count, 0);
    assert.equal((await metrics(`/2/users/${bob.id}`)).tweet_count, before - 1);
  });

  test('posts sent at once: a repeated text passes once, quotes count by account, counters true', async () => {
    // The duplicate check compares a post with its author's latest: only bursts whose outcome does not
    // depend on the order they are written in.
    const [carol, dave, erin, bob] = [await newUser(s), await newUser(s), await newUser(s), await newUser(s)];
    const tokens = new Map<string, string>();
    for (const u of [carol, dave, erin, bob]) tokens.set(u.id, await userToken(s, u.id));
    const post = (u: TestUser, body: Record<string, unknown>) =>
      s.call('POST', '/2/tweets', { auth: tokens.get(u.id)!, body });
    const original = await adminPost(s, bob.id, { text: 'quoted by a burst' });
    assert.equal((await post(dave, { text: 'said before the burst' })).status, 201);
    const burst = await Promise.all([
      post(carol, { text: 'a burst of the same' }),
      post(dave, { text: 'said before the burst' }),
      post(carol, { text: 'a burst of the same' }),
      post(erin, { text: 'a first quote', quote_tweet_id: original.id }),
      post(erin, { text: 'a second quote', quote_tweet_id: original.id }),
      post(bob, { text: 'a burst of the same' }),
      post(carol, { text: 'a burst of the same' }),
      post(dave, { text: 'said before the burst' }),
    ]);
    const statuses = burst.map((r) => r.status);
    assert.deepEqual([statuses[0], statuses[2], statuses[6]].sort(), [201, 403, 403], 'one of three identical posts');
    assert.deepEqual([statuses[1], statuses[7]], [403, 403], 'a repeat of the latest post before the burst');
    assert.deepEqual([statuses[3], statuses[4], statuses[5]], [201, 201, 201]);
    for (const r of burst.filter((r) => r.status === 403))
      assert.equal(r.body.detail, 'You are not allowed to create a Tweet with duplicate content.');
    const metrics = async (path: string) =>
      (
        await s.call('GET', `${path}?${path.includes('users') ? 'user' : 'tweet'}.fields=public_metrics`, {
          auth: `Bearer ${s.bearer}`,
        })
      ).body.data.public_metrics;
    assert.deepEqual(
      await Promise.all([carol, dave, erin].map(async (u) => (await metrics(`/2/users/${u.id}`)).tweet_count)),
      [1, 1, 2],
    );
    assert.equal((await metrics(`/2/tweets/${original.id}`)).quote_count, 1, 'two quotes by one account count once');
    // Every post answered 201 is there to read.
    const ids = burst.filter((r) => r.status === 201).map((r) => r.body.data.id as string);
    const found = await s.call('GET', `/2/tweets?ids=${ids.join(',')}`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(found.body.data.map((p: { id: string }) => p.id).sort(), ids.sort());
    // After the burst, carol's text is her latest: sent again, a repeat.
    assert.equal((await post(carol, { text: 'a burst of the same' })).status, 403);
  });

  test('a deletion removes every version with its mentions, poll, likes, bookmarks and pin; a pin of another post stays', async () => {
    const dan = await newUser(s, { premium: true });
    const danToken = await userToken(s, dan.id);
    const bob = await newUser(s);
    const send = (body: unknown) => s.call('POST', '/2/tweets', { auth: danToken, body });
    const v1 = (await send({ text: `hello @${bob.username}` })).body.data.id as string;
    const v2 = (await send({ text: `hello again @${bob.username}`, edit_options: { previous_post_id: v1 } })).body.data
      .id as string;
    const poll = (await send({ text: 'which?', poll: { options: ['a', 'b'], duration_minutes: 60 } })).body.data
      .id as string;
    const kept = (await send({ text: 'to be pinned instead' })).body.data.id as string;
    assert.equal((await s.admin('PUT', `/_aviary/users/${dan.id}/pinned-tweet`, { tweet_id: v2 })).status, 200);
    const rows = async (table: string, column: string, ids: string[]) =>
      (
        await s.deps.db.all<{ n: number }>(
          `SELECT COUNT(*) AS n FROM ${table} WHERE ${column} IN (${ids.map(() => '?').join(', ')})`,
          ids,
        )
      )[0]!.n;
    assert.equal(Number(await rows('post_mentions', 'post_id', [v1, v2])), 2);
    assert.equal(Number(await rows('polls', 'post_id', [poll])), 1);
    // Bob likes the first version and bookmarks the poll: both go with the posts, and his count with them.
    const bobToken = await userToken(s, bob.id);
    const bobs = `/2/users/${bob.id}`;
    assert.equal((await s.call('POST', `${bobs}/likes`, { auth: bobToken, body: { tweet_id: v1 } })).status, 200);
    assert.equal((await s.call('POST', `${bobs}/bookmarks`, { auth: bobToken, body: { tweet_id: poll } })).status, 200);
    const likeCount = async () =>
      (await s.call('GET', `${bobs}?user.fields=public_metrics`, { auth: `Bearer ${s.bearer}` })).body.data
        .public_metrics.like_count;
    assert.equal(await likeCount(), 1);
    // Sent at once (one group where they meet): the deletions, and the pin moved to another post.
    const [a, b, pin] = await Promise.all([
      s.call('DELETE', `/2/tweets/${v2}`, { auth: danToken }),
      s.call('DELETE', `/2/tweets/${poll}`, { auth: danToken }),
      s.admin('PUT', `/_aviary/users/${dan.id}/pinned-tweet`, { tweet_id: kept }),
    ]);
    assert.deepEqual([a.status, b.status, pin.status], [200, 200, 200]);
    const found = await s.call('GET', `/2/tweets?ids=${[v1, v2, poll, kept].join(',')}`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(
      found.body.data.map((p: { id: string }) => p.id),
      [kept],
    );
    assert.equal(Number(await rows('post_mentions', 'post_id', [v1, v2])), 0);
    assert.equal(Number(await rows('polls', 'post_id', [poll])), 0);
    assert.equal(Number(await rows('likes', 'target_id', [v1, v2])), 0);
    assert.equal(Number(await rows('bookmarks', 'target_id', [poll])), 0);
    assert.equal(await likeCount(), 0);
    const user = async () =>
      (await s.call('GET', `/2/users/${dan.id}?user.fields=pinned_tweet_id`, { auth: `Bearer ${s.bearer}` })).body.data;
    assert.equal((await user()).pinned_tweet_id, kept);
    // Deleting the pinned post unpins it, and a cached profile shows it at once.
    assert.equal((await s.call('DELETE', `/2/tweets/${kept}`, { auth: danToken })).status, 200);
    assert.equal((await user()).pinned_tweet_id, undefined);
  });

  test('a mention resolves to the account holding the name when the post is made, before and after it exists', async () => {
    const name = `later${Date.now().toString(36)}`;
    const mentions = async () => {
      const res = await s.call('POST', '/2/tweets', { auth: token, body: { text: `hello @${name} ${Math.random()}` } });
      const post = await s.call('GET', `/2/tweets/${res.body.data.id}?tweet.fields=entities`, {
        auth: `Bearer ${s.bearer}`,
      });
      return post.body.data.entities.mentions.map((m: { username: string; id?: string }) => m.id ?? null);
    };
    assert.deepEqual(await mentions(), [null]);
    assert.deepEqual(await mentions(), [null], 'asked again, still no one');
    const later = await newUser(s, { username: name });
    assert.deepEqual(await mentions(), [later.id]);
    assert.deepEqual(await mentions(), [later.id]);
  });
});
