// Users and their relations: lookups with user expansions, follows (and follow requests to
// protected accounts), followers paging, blocks, mutes, likes and bookmarks, with the counters
// of public_metrics kept true by each action.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('users relations', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let token: string;
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s, {
      description: 'I like #sqlite and @jack https://example.com',
      url: 'https://alice.example',
    });
    token = await userToken(s, alice.id);
  });
  after(async () => {
    await s.close();
  });

  const metrics = async (id: string) =>
    (await s.call('GET', `/2/users/${id}?user.fields=public_metrics`, { auth: `Bearer ${s.bearer}` })).body.data
      .public_metrics;

  test('GET /2/users and /2/users/by: order, partial errors, entities, pinned_tweet_id expansion', async () => {
    const pinned = await adminPost(s, alice.id, { text: 'read this first' });
    await s.admin('PUT', `/_aviary/users/${alice.id}/pinned-tweet`, { tweet_id: pinned.id });
    const res = await s.call(
      'GET',
      `/2/users?ids=${alice.id},12,99999&user.fields=entities,pinned_tweet_id,url&expansions=pinned_tweet_id`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.deepEqual(
      res.body.data.map((u: { id: string }) => u.id),
      [alice.id, '12'],
    );
    assert.equal(res.body.data[0].pinned_tweet_id, pinned.id);
    assert.ok(res.body.includes.tweets.some((t: { id: string }) => t.id === pinned.id));
    assert.deepEqual(res.body.data[0].entities.description.hashtags, [{ start: 7, end: 14, tag: 'sqlite' }]);
    assert.equal(res.body.data[0].entities.url.urls[0].expanded_url, 'https://alice.example');
    assert.match(res.body.data[0].url, /^https:\/\/t\.co\//);
    assert.equal(res.body.errors[0].parameter, 'ids');
    const client = twitterApiV2(s.url, s.bearer);
    const by = await client.v2.usersByUsernames([alice.username, 'jack', 'nobody_here'], {
      'user.fields': ['most_recent_tweet_id'],
    });
    assert.deepEqual(
      by.data.map((u) => u.id),
      [alice.id, '12'],
    );
    assert.equal(by.data[0]!.most_recent_tweet_id, pinned.id);
    assert.equal(by.errors![0]!.detail, 'Could not find user with usernames: [nobody_here].');
  });

  test('follow and unfollow with twitter-api-v2; counters move; followers pages with tokens', async () => {
    const client = twitterApiV2(s.url, token.slice(7));
    const targets = [await newUser(s), await newUser(s), await newUser(s)];
    for (const t of targets)
      assert.deepEqual((await client.v2.follow(alice.id, t.id)).data, { following: true, pending_follow: false });
    assert.equal((await metrics(alice.id)).following_count, 3);
    assert.equal((await metrics(targets[0]!.id)).followers_count, 1);
    const page1 = await s.call('GET', `/2/users/${alice.id}/following?max_results=2`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      page1.body.data.map((u: { id: string }) => u.id),
      [targets[2]!.id, targets[1]!.id],
    );
    const page2 = await s.call(
      'GET',
      `/2/users/${alice.id}/following?max_results=2&pagination_token=${page1.body.meta.next_token}`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.deepEqual(
      page2.body.data.map((u: { id: string }) => u.id),
      [targets[0]!.id],
    );
    assert.equal(page2.body.meta.next_token, undefined);
    const followers = await twitterApiSdk(s.url, s.bearer).users.usersIdFollowers(targets[0]!.id);
    assert.deepEqual(
      followers.data!.map((u) => u.id),
      [alice.id],
    );
    assert.deepEqual((await client.v2.unfollow(alice.id, targets[0]!.id)).data, { following: false });
    assert.equal((await metrics(alice.id)).following_count, 2);
  });

  test('following a protected account makes a request: pending_follow, connection_status', async () => {
    const locked = await newUser(s, { protected: true });
    const res = await s.call('POST', `/2/users/${alice.id}/following`, {
      auth: token,
      body: { target_user_id: locked.id },
    });
    assert.deepEqual(res.body, { data: { following: false, pending_follow: true } });
    const status = await s.call('GET', `/2/users/${locked.id}?user.fields=connection_status,protected`, {
      auth: token,
    });
    assert.deepEqual(status.body.data.connection_status, ['follow_request_sent']);
  });

  test('blocks and mutes with @xdevplatform/xdk and twitter-api-sdk', async () => {
    const pest = await newUser(s);
    const blocked = await s.call('POST', `/2/users/${alice.id}/blocking`, {
      auth: token,
      body: { target_user_id: pest.id },
    });
    assert.deepEqual(blocked.body, { data: { blocking: true } });
    const list = await s.call('GET', `/2/users/${alice.id}/blocking`, { auth: token });
    assert.deepEqual(
      list.body.data.map((u: { id: string }) => u.id),
      [pest.id],
    );
    const other = await s.call('GET', `/2/users/${pest.id}/blocking`, { auth: token });
    assert.equal(other.status, 403);
    const x: any = xdk(s.url, { accessToken: token.slice(7) });
    assert.deepEqual((await x.users.muteUser(alice.id, { targetUserId: pest.id })).data, { muting: true });
    const muted: any = await x.users.getMuting(alice.id);
    assert.deepEqual(
      muted.data.map((u: { id: string }) => u.id),
      [pest.id],
    );
    assert.deepEqual((await x.users.unmuteUser(alice.id, pest.id)).data, { muting: false });
    const sdk = twitterApiSdk(s.url, token.slice(7));
    assert.deepEqual((await sdk.users.usersIdUnblock(alice.id, pest.id)).data, { blocking: false });
  });

  test('likes and bookmarks: counters, liked_tweets, liking_users, bookmarks are private', async () => {
    const bob = await newUser(s);
    const post = await adminPost(s, bob.id, { text: 'likeable' });
    const client = twitterApiV2(s.url, token.slice(7));
    await client.v2.like(alice.id, post.id);
    await client.v2.like(alice.id, post.id);
    const bobToken = await userToken(s, bob.id);
    await s.call('POST', `/2/users/${bob.id}/likes`, { auth: bobToken, body: { tweet_id: post.id } });
    const m = (await s.call('GET', `/2/tweets/${post.id}?tweet.fields=public_metrics`, { auth: `Bearer ${s.bearer}` }))
      .body.data.public_metrics;
    assert.equal(m.like_count, 2, 'liking twice counts once');
    assert.equal((await metrics(alice.id)).like_count, 1);
    const liked = await s.call('GET', `/2/users/${alice.id}/liked_tweets?max_results=5`, { auth: token });
    assert.deepEqual(
      liked.body.data.map((t: { id: string }) => t.id),
      [post.id],
    );
    const likers = await s.call('GET', `/2/tweets/${post.id}/liking_users`, { auth: token });
    assert.deepEqual(
      likers.body.data.map((u: { id: string }) => u.id),
      [bob.id, alice.id],
    );
    await client.v2.unlike(alice.id, post.id);
    const m2 = (await s.call('GET', `/2/tweets/${post.id}?tweet.fields=public_metrics`, { auth: `Bearer ${s.bearer}` }))
      .body.data.public_metrics;
    assert.equal(m2.like_count, 1);

    const bm = await s.call('POST', `/2/users/${alice.id}/bookmarks`, { auth: token, body: { tweet_id: post.id } });
    assert.deepEqual(bm.body, { data: { bookmarked: true } });
    const mine = await s.call('GET', `/2/users/${alice.id}/bookmarks?tweet.fields=public_metrics`, { auth: token });
    assert.equal(mine.body.data[0].public_metrics.bookmark_count, 1);
    const theirs = await s.call('GET', `/2/users/${alice.id}/bookmarks`, { auth: bobToken });
    assert.equal(theirs.status, 403);
    const gone = await s.call('DELETE', `/2/users/${alice.id}/bookmarks/${post.id}`, { auth: token });
    assert.deepEqual(gone.body, { data: { bookmarked: false } });
    const empty = await s.call('GET', `/2/users/${alice.id}/bookmarks`, { auth: token });
    assert.deepEqual(empty.body, { meta: { result_count: 0 } });
  });

  test("likes asked at once move each post's counter, an edited post's on every version", async () => {
    const bob = await newUser(s, { premium: true });
    const bobToken = await userToken(s, bob.id);
    const create = async (body: object) => {
      const res = await s.call('POST', '/2/tweets', { auth: bobToken, body });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data.id as string;
    };
    const first = await create({ text: 'draft one' });
    const latest = await create({ text: 'draft two', edit_options: { previous_post_id: first } });
    const other = await create({ text: 'another one' });
    const likers = await Promise.all(Array.from({ length: 4 }, () => newUser(s)));
    const tokens = await Promise.all(likers.map((u) => userToken(s, u.id)));
    // Asked together, so committed together: their counter moves are written in one statement.
    const targets = [first, latest, other, other];
    const res = await Promise.all(
      likers.map((u, i) =>
        s.call('POST', `/2/users/${u.id}/likes`, { auth: tokens[i]!, body: { tweet_id: targets[i] } }),
      ),
    );
    assert.deepEqual(
      res.map((r) => r.status),
      [200, 200, 200, 200],
    );
    const likes = async (id: string) =>
      (await s.call('GET', `/2/tweets/${id}?tweet.fields=public_metrics`, { auth: `Bearer ${s.bearer}` })).body.data
        .public_metrics.like_count;
    assert.equal(await likes(latest), 2, "the chain's two likes");
    assert.equal(await likes(first), 2, 'on every version');
    assert.equal(await likes(other), 2);
  });

  test("deleting a liked post undoes its likers' counters", async () => {
    const bob = await newUser(s);
    const bobToken = await userToken(s, bob.id);
    const post = await s.call('POST', '/2/tweets', { auth: bobToken, body: { text: 'here today' } });
    await s.call('POST', `/2/users/${alice.id}/likes`, { auth: token, body: { tweet_id: post.body.data.id } });
    const before = (await metrics(alice.id)).like_count;
    await s.call('DELETE', `/2/tweets/${post.body.data.id}`, { auth: bobToken });
    assert.equal((await metrics(alice.id)).like_count, before - 1);
    assert.equal((await metrics(bob.id)).tweet_count, 0);
  });
});
