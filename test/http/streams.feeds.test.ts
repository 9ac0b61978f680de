// The sample, firehose and likes streams (issue #21): each carries the posts (likes) created over
// HTTP that fall in its sample, language and partition, framed as the filtered stream is, with the
// SDKs' consumers; backfill, the query each endpoint declares and the connection limit per partition.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ETwitterStreamEvent } from 'twitter-api-v2';
import { inSample, partitionOf } from '../../src/modules/stream/stream.sample.js';
import { newApp, newUser, userToken } from '../support/actors.js';
import { twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { openStream, poster, word, type RawStream } from './stream.client.js';

forEachStore('sample, firehose and likes streams', (store) => {
  let s: TestServer;
  let bearer: string;
  before(async () => {
    s = await startServer({ store });
    bearer = (await newApp(s, { tier: 'enterprise' })).bearer_token;
  });
  after(async () => {
    await s.close();
  });

  const openAll = (path: string, partitions: number, query = '') =>
    Promise.all(
      Array.from({ length: partitions }, (_, i) =>
        openStream(s, bearer, `partition=${i + 1}${query ? `&${query}` : ''}`, path),
      ),
    );
  const closeAll = (streams: RawStream[]) => Promise.all(streams.map((r) => r.close()));

  test('twitter-api-v2 sampleStream(): exactly the posts of the 1 % sample, in order, without matching_rules', async () => {
    const { post } = await poster(s);
    const client = twitterApiV2(s.url, bearer);
    const stream = await client.v2.sampleStream({ 'tweet.fields': ['author_id'] });
    const got: any[] = [];
    stream.on(ETwitterStreamEvent.Data, (d) => got.push(d));
    try {
      const sampled: string[] = [];
      for (let i = 0; sampled.length < 1 && i < 3000; i++) {
        const id = await post(`${word('sample')} number ${i}`);
        if (inSample(id, 1)) sampled.push(id);
      }
      assert.equal(sampled.length, 1);
      await poll(() => got.some((m) => m.data.id === sampled[0]));
      assert.deepEqual(
        got.map((m) => m.data.id),
        sampled,
      );
      assert.equal(got[0].matching_rules, undefined);
      assert.ok(got[0].data.author_id);
    } finally {
      stream.close();
    }
  });

  test('firehose: every post once, on the partition its id gives, across the 20 partitions', async () => {
    const streams = await openAll('/2/tweets/firehose/stream', 20);
    try {
      assert.ok(streams.every((r) => r.status === 200));
      const { post } = await poster(s);
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) ids.push(await post(`${word('fh')} firehose ${i}`));
      await poll(() => streams.reduce((n, r) => n + r.lines.length, 0) >= ids.length);
      for (const id of ids) {
        const where = streams.flatMap((r, i) => (r.lines.some((l) => l.data?.id === id) ? [i + 1] : []));
        assert.deepEqual(where, [partitionOf(id, 20)], `post ${id}`);
      }
      assert.equal(
        streams.reduce((n, r) => n + r.lines.length, 0),
        ids.length,
      );
    } finally {
      await closeAll(streams);
    }
  });

  test('language firehose: only posts in that language, with fields and expansions', async () => {
    const streams = await openAll('/2/tweets/firehose/stream/lang/ja', 8, 'tweet.fields=lang&expansions=author_id');
    try {
      const { user, post } = await poster(s);
      const ja: string[] = [];
      for (let i = 0; i < 6; i++) {
        await post(`This is an English sentence about the weather number ${i} ${word()}`);
        ja.push(await post(`今日はとても良い天気ですね、散歩に行きましょう ${i} ${word()}`));
      }
      await poll(() => streams.reduce((n, r) => n + r.lines.length, 0) >= ja.length);
      const lines = streams.flatMap((r) => r.lines);
      assert.deepEqual(lines.map((l) => l.data.id).sort(), [...ja].sort());
      assert.ok(lines.every((l) => l.data.lang === 'ja'));
      assert.equal(lines[0].includes.users[0].id, user.id);
      // Nothing else arrives after the last one.
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(streams.flatMap((r) => r.lines).length, ja.length);
    } finally {
      await closeAll(streams);
    }
  });

  test('@xdevplatform/xdk postsSample10(): backfill brings the sampled posts of the last minutes', async () => {
    const { post } = await poster(s);
    const sampled: string[] = [];
    for (let i = 0; sampled.length < 1 && i < 500; i++) {
      const id = await post(`${word('ten')} decahose ${i}`);
      if (inSample(id, 10)) sampled.push(id);
    }
    const id = sampled[0]!;
    const client = xdk(s.url, { bearerToken: bearer });
    const ac = new AbortController();
    const stream: any = await client.stream.postsSample10(partitionOf(id, 2), {
      backfillMinutes: 5,
      signal: ac.signal,
    } as never);
    const got: any[] = [];
    stream.on('data', (d: any) => {
      if (d.data) got.push(d);
    });
    try {
      await poll(() => got.some((m) => m.data.id === id));
    } finally {
      stream.close?.();
      ac.abort();
    }
  });

  test('each endpoint reads the query it declares; the limit counts per partition', async () => {
    const app = await newApp(s, { tier: 'pro' });
    const missing = await s.call('GET', '/2/tweets/firehose/stream', { auth: `Bearer ${app.bearer_token}` });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.errors[0].parameters.partition !== undefined, true);
    const high = await s.call('GET', '/2/tweets/sample10/stream?partition=3', { auth: `Bearer ${app.bearer_token}` });
    assert.equal(high.status, 400);
    const extra = await s.call('GET', '/2/tweets/sample/stream?partition=1', { auth: `Bearer ${app.bearer_token}` });
    assert.equal(extra.status, 400);
    const user = await s.call('GET', '/2/tweets/sample/stream', { auth: await userToken(s, (await newUser(s)).id) });
    assert.equal(user.status, 403);
    // No rules needed; one connection per partition at this tier.
    const one = await openStream(s, app.bearer_token, 'partition=1', '/2/tweets/firehose/stream');
    const other = await openStream(s, app.bearer_token, 'partition=2', '/2/tweets/firehose/stream');
    const again = await openStream(s, app.bearer_token, 'partition=1', '/2/tweets/firehose/stream');
    try {
      assert.equal(one.status, 200);
      assert.equal(other.status, 200);
      assert.equal(again.status, 429);
      assert.equal(again.body.connection_issue, 'TooManyConnections');
      const history = await s.call('GET', '/2/connections?endpoints=firehose_stream', {
        auth: `Bearer ${app.bearer_token}`,
      });
      assert.equal(history.body.meta.result_count, 2);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });

  test('likes firehose: a like over HTTP arrives once with its author and, expanded, the post', async () => {
    const streams = await openAll(
      '/2/likes/firehose/stream',
      20,
      'expansions=liked_tweet_id,liked_tweet_author_id&tweet.fields=author_id',
    );
    try {
      const { user: author, post } = await poster(s);
      const postId = await post(`like me ${word()}`);
      const liker = await newUser(s);
      const token = await userToken(s, liker.id);
      const res = await s.call('POST', `/2/users/${liker.id}/likes`, { auth: token, body: { tweet_id: postId } });
      assert.equal(res.status, 200);
      await poll(() => streams.some((r) => r.lines.length));
      const lines = streams.flatMap((r) => r.lines);
      assert.equal(lines.length, 1);
      const { data, includes } = lines[0];
      assert.equal(data.liked_tweet_id, postId);
      assert.equal(data.tweet_author_id, author.id);
      assert.match(data.id, /^[0-9a-f]{32}$/);
      assert.equal(typeof data.timestamp_ms, 'number');
      assert.equal(data.created_at, new Date(data.timestamp_ms).toISOString());
      assert.equal(includes.tweets[0].id, postId);
      assert.equal(includes.users[0].id, author.id);
    } finally {
      await closeAll(streams);
    }
  });
});
