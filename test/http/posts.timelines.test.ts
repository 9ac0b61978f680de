// Timelines: a user's posts, mentions and the home timeline, paged with opaque, stable tokens
// through the SDK paginators; meta newest/oldest ids; empty pages omit data; quotes and reposts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2 } from '../support/sdk.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('posts timelines', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const ids: string[] = [];
  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    bob = await newUser(s);
    for (let i = 0; i < 23; i++)
      ids.push((await adminPost(s, alice.id, { text: `post number ${i} for @${bob.username}` })).id);
    ids.reverse(); // newest first
  });
  after(async () => {
    await s.close();
  });

  test('twitter-api-v2 paginator walks a user timeline newest first, each post once', async () => {
    const client = twitterApiV2(s.url, s.bearer);
    const paginator = await client.v2.userTimeline(alice.id, { max_results: 5 });
    await paginator.fetchLast(100);
    assert.deepEqual(
      paginator.tweets.map((t) => t.id),
      ids,
    );
    assert.equal(paginator.done, true);
  });

  test('meta: result_count, newest_id, oldest_id, next_token; previous_token goes back', async () => {
    const first = await s.call('GET', `/2/users/${alice.id}/tweets?max_results=10`, { auth: `Bearer ${s.bearer}` });
    assert.equal(first.body.meta.result_count, 10);
    assert.equal(first.body.meta.newest_id, ids[0]);
    assert.equal(first.body.meta.oldest_id, ids[9]);
    assert.equal(first.body.meta.previous_token, undefined);
    assert.ok(first.body.meta.next_token.length >= 16);
    const second = await s.call(
      'GET',
      `/2/users/${alice.id}/tweets?max_results=10&pagination_token=${first.body.meta.next_token}`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.deepEqual(
      second.body.data.map((t: { id: string }) => t.id),
      ids.slice(10, 20),
    );
    // A post added meanwhile does not shift the pages (tokens name positions, not offsets).
    await adminPost(s, alice.id, { text: 'a late arrival' });
    const again = await s.call(
      'GET',
      `/2/users/${alice.id}/tweets?max_results=10&pagination_token=${first.body.meta.next_token}`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.deepEqual(
      again.body.data.map((t: { id: string }) => t.id),
      ids.slice(10, 20),
    );
    const back = await s.call(
      'GET',
      `/2/users/${alice.id}/tweets?max_results=10&pagination_token=${second.body.meta.previous_token}`,
      { auth: `Bearer ${s.bearer}` },
    );
    assert.deepEqual(
      back.body.data.map((t: { id: string }) => t.id),
      ids.slice(0, 10),
    );
  });

  test('since_id, until_id, exclude and the max_results range', async () => {
    const since = await s.call('GET', `/2/users/${alice.id}/tweets?since_id=${ids[3]}&until_id=${ids[0]}`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(
      since.body.data.map((t: { id: string }) => t.id),
      [ids[1], ids[2]],
    );
    const bad = await s.call('GET', `/2/users/${alice.id}/tweets?max_results=3`, { auth: `Bearer ${s.bearer}` });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].message, 'The `max_results` query parameter value [3] is not between 5 and 100');
    const token = await s.call('GET', `/2/users/${alice.id}/tweets?pagination_token=garbage`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(token.status, 400);
  });

  test('an empty timeline omits data: {meta: {result_count: 0}}', async () => {
    const quiet = await newUser(s);
    const res = await s.call('GET', `/2/users/${quiet.id}/tweets`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(res.body, { meta: { result_count: 0 } });
  });

  test('twitter-api-sdk reads mentions with expansions', async () => {
    const client = twitterApiSdk(s.url, s.bearer);
    const res = await client.tweets.usersIdMentions(bob.id, { max_results: 5, expansions: ['author_id'] });
    assert.equal(res.data!.length, 5);
    assert.deepEqual(
      res.includes!.users!.map((u) => u.id),
      [alice.id],
    );
  });

  test('home timeline: own posts and followed accounts, only for the signed-in user', async () => {
    const reader = await newUser(s);
    await s.admin('POST', '/_aviary/follows', { source_id: reader.id, target_id: bob.id });
    const own = await adminPost(s, reader.id, { text: 'my own words' });
    const followed = await adminPost(s, bob.id, { text: 'bob speaks' });
    const token = await userToken(s, reader.id);
    const res = await s.call('GET', `/2/users/${reader.id}/timelines/reverse_chronological`, { auth: token });
    assert.deepEqual(
      res.body.data.map((t: { id: string }) => t.id),
      [followed.id, own.id],
    );
    const other = await s.call('GET', `/2/users/${bob.id}/timelines/reverse_chronological`, { auth: token });
    assert.equal(other.status, 403);
  });

  test('quote_tweets and retweets of a post; retweeted_by lists the reposters', async () => {
    const target = await adminPost(s, bob.id, { text: 'quote me, repost me' });
    const quote = await adminPost(s, alice.id, { text: 'good one', quote_tweet_id: target.id });
    const reposter = await newUser(s);
    const token = await userToken(s, reposter.id);
    const rt = await s.call('POST', `/2/users/${reposter.id}/retweets`, { auth: token, body: { tweet_id: target.id } });
    assert.deepEqual(rt.body, { data: { retweeted: true } });
    const quotes = await s.call('GET', `/2/tweets/${target.id}/quote_tweets`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      quotes.body.data.map((t: { id: string }) => t.id),
      [quote.id],
    );
    const reposts = await s.call('GET', `/2/tweets/${target.id}/retweets?tweet.fields=referenced_tweets`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(reposts.body.data[0].text, `RT @${bob.username}: quote me, repost me`);
    assert.deepEqual(reposts.body.data[0].referenced_tweets, [{ type: 'retweeted', id: target.id }]);
    const by = await s.call('GET', `/2/tweets/${target.id}/retweeted_by`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(
      by.body.data.map((u: { id: string }) => u.id),
      [reposter.id],
    );
    const metrics = (
      await s.call('GET', `/2/tweets/${target.id}?tweet.fields=public_metrics`, { auth: `Bearer ${s.bearer}` })
    ).body.data.public_metrics;
    assert.equal(metrics.retweet_count, 1);
    assert.equal(metrics.quote_count, 1);
    const undo = await s.call('DELETE', `/2/users/${reposter.id}/retweets/${target.id}`, { auth: token });
    assert.deepEqual(undo.body, { data: { retweeted: false } });
    const after = (
      await s.call('GET', `/2/tweets/${target.id}?tweet.fields=public_metrics`, { auth: `Bearer ${s.bearer}` })
    ).body.data.public_metrics;
    assert.equal(after.retweet_count, 0);
  });
});
