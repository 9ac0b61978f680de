// Post counts (recent and full-archive) through the three SDKs on both stores, every 2xx body
// checked against the OpenAPI document: buckets per minute/hour/day over the window, empty buckets
// listed, totals, the same matching as search, app-only auth and the real 400s.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { twitterApiSdk, twitterApiV2, xdk } from '../support/sdk.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

type Bucket = { start: string; end: string; tweet_count: number };
type Counts = { data: Bucket[]; meta: { total_tweet_count: number }; errors?: { message: string }[] };

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

forEachStore('counts recent and all', (store) => {
  let s: TestServer;
  let alice: TestUser;
  let word: string;
  let t0: number;
  const counts = (qs: string, path = 'recent', auth = `Bearer ${s.bearer}`) =>
    s.call<Counts>('GET', `/2/tweets/counts/${path}?${qs}`, { auth });

  before(async () => {
    s = await startServer({ store, spec: true });
    alice = await newUser(s);
    word = uniqueName('c');
    // An instant on a whole hour, so the buckets below are easy to name.
    t0 = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
    await s.admin('POST', '/_aviary/clock', { set: iso(t0) });
    for (const [i, at] of [0, 60_000, 61_000, HOUR + 5_000, HOUR + 6_000, HOUR + 7_000].entries()) {
      await s.admin('POST', '/_aviary/clock', { set: iso(t0 + at) });
      await adminPost(s, alice.id, { text: `${word} ${i} ${i % 2 ? 'odd' : 'even'}` });
    }
    await s.admin('POST', '/_aviary/clock', { set: iso(t0 + 3 * HOUR) });
  });
  after(async () => {
    await s.close();
  });

  test('hourly by default over the last 7 days, oldest bucket first, empty buckets listed', async () => {
    const res = await counts(`query=${word}`);
    assert.equal(res.status, 200);
    const b = res.body.data;
    const now = t0 + 3 * HOUR;
    assert.equal(b[0]!.start, iso(now - 7 * 24 * HOUR));
    assert.equal(b[b.length - 1]!.end, iso(now - 30_000));
    assert.equal(b.length, 7 * 24);
    for (let i = 1; i < b.length; i++) assert.equal(b[i]!.start, b[i - 1]!.end);
    assert.deepEqual(
      b.filter((x) => x.tweet_count > 0),
      [
        { end: iso(t0 + HOUR), start: iso(t0), tweet_count: 3 },
        { end: iso(t0 + 2 * HOUR), start: iso(t0 + HOUR), tweet_count: 3 },
      ],
    );
    assert.deepEqual(res.body.meta, { total_tweet_count: 6 });
  });

  test('minute and day granularity, start_time inclusive and end_time exclusive', async () => {
    const minute = (
      await counts(`query=${word}&granularity=minute&start_time=${iso(t0)}&end_time=${iso(t0 + 2 * 60_000)}`)
    ).body;
    assert.deepEqual(minute.data, [
      { end: iso(t0 + 60_000), start: iso(t0), tweet_count: 1 },
      { end: iso(t0 + 120_000), start: iso(t0 + 60_000), tweet_count: 2 },
    ]);
    const day = (await counts(`query=${word}&granularity=day`)).body;
    assert.ok(day.data.length >= 7 && day.data.length <= 8);
    assert.equal(day.meta.total_tweet_count, 6);
    const cut = (await counts(`query=${word}&start_time=${iso(t0 + 60_000)}&end_time=${iso(t0 + HOUR + 6_000)}`)).body;
    assert.equal(cut.meta.total_tweet_count, 3);
  });

  test('the query language is the search one: the same matches', async () => {
    assert.equal((await counts(`query=${encodeURIComponent(`${word} odd`)}`)).body.meta.total_tweet_count, 3);
    assert.equal((await counts(`query=${encodeURIComponent(`${word} -odd`)}`)).body.meta.total_tweet_count, 3);
    assert.equal((await counts(`query=${encodeURIComponent(`${word} (0 OR 5)`)}`)).body.meta.total_tweet_count, 2);
  });

  test('the three SDKs: twitter-api-v2, twitter-api-sdk, xdk', async () => {
    const v2 = await twitterApiV2(s.url, s.bearer).v2.tweetCountRecent(word, { granularity: 'day' });
    assert.equal(v2.meta.total_tweet_count, 6);
    const all = await twitterApiV2(s.url, s.bearer).v2.tweetCountAll(word, { granularity: 'day' });
    assert.equal(all.meta.total_tweet_count, 6);
    const tas = await twitterApiSdk(s.url, s.bearer).tweets.tweetCountsRecentSearch({
      query: word,
      'search_count.fields': ['tweet_count', 'start', 'end'],
    });
    assert.equal(tas.meta?.total_tweet_count, 6);
    // XDK hands back camelCase keys.
    const x = (await xdk(s.url, { bearerToken: s.bearer }).posts.getCountsRecent(word, {
      granularity: 'hour',
    })) as unknown as { data: { tweetCount: number }[] };
    assert.equal(
      x.data.reduce((n, b) => n + b.tweetCount, 0),
      6,
    );
  });

  test('full-archive counts default to the last 30 days', async () => {
    const res = (await counts(`query=${word}&granularity=day`, 'all')).body;
    assert.equal(res.data[0]!.start, iso(t0 + 3 * HOUR - 30_000 - 30 * 24 * HOUR));
    assert.equal(res.meta.total_tweet_count, 6);
  });

  test('app-only only; the real 400s', async () => {
    const user = await userToken(s, alice.id);
    assert.equal((await counts(`query=${word}`, 'recent', user)).status, 403);
    assert.equal((await counts(`query=${word}`, 'all', user)).status, 403);
    const message = async (qs: string) => {
      const res = await counts(qs);
      assert.equal(res.status, 400);
      return res.body.errors![0]!.message;
    };
    assert.equal(
      await message(`query=${word}&granularity=week`),
      'The `granularity` query parameter value [week] is not one of [minute,hour,day]',
    );
    assert.equal(
      await message(`query=${word}&search_count.fields=total`),
      'The `search_count.fields` query parameter value [total] is not one of [end,start,tweet_count]',
    );
    assert.equal(
      await message(`query=${word}&max_results=10`),
      'The query parameter [max_results] is not one of [query,start_time,end_time,since_id,until_id,next_token,pagination_token,granularity,search_count.fields]',
    );
    assert.equal(
      await message('query=lang:en'),
      'There were errors processing your request: is/has/lang cannot be used as a standalone operator (at position 1)',
    );
  });

  test('every 2xx answer matched the OpenAPI document', () => {
    assert.ok(s.specChecked() >= 8);
  });
});
