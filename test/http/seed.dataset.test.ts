// The demo dataset: the same ids on every run, the accounts client test suites assume, ≥ 50 users
// following each other, ≥ 5,000 posts within the 7 days before the service clock's now, with
// replies, quotes, reposts, media, polls, places and several languages; counters that add up.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const DAY = 86_400_000;

forEachStore('the demo dataset', (store) => {
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    [a, b] = await Promise.all([startServer({ store, spec: true }), startServer({ store })]);
  });
  after(async () => {
    await Promise.all([a.close(), b.close()]);
  });
  const get = async (s: TestServer, path: string) => (await s.call('GET', path, { auth: `Bearer ${s.bearer}` })).body;

  test('post 20 by jack, users 12 and 2244994945', async () => {
    const res = await get(a, '/2/tweets/20?tweet.fields=created_at&expansions=author_id');
    // expansions=author_id adds author_id to the post, as the real service does (issue #21).
    assert.deepEqual(res.data, {
      id: '20',
      author_id: '12',
      text: 'just setting up my twttr',
      edit_history_tweet_ids: ['20'],
      created_at: '2006-03-21T20:50:14.000Z',
    });
    assert.equal(res.includes.users[0].username, 'jack');
    assert.equal((await get(a, '/2/users/2244994945')).data.username, 'XDevelopers');
  });

  test('the same ids on every run; posts within the last 7 days', async () => {
    const [x, y] = await Promise.all(
      [a, b].map((s) => get(s, '/2/users/2244994945/tweets?max_results=100&tweet.fields=created_at')),
    );
    assert.deepEqual(
      x.data.map((p: { id: string }) => p.id),
      y.data.map((p: { id: string }) => p.id),
    );
    const now = Date.parse((await a.admin('GET', '/_aviary/clock')).body.data.now);
    for (const p of x.data)
      assert.ok(Date.parse(p.created_at) > now - 7 * DAY && Date.parse(p.created_at) <= now, p.created_at);
  });

  test('≥ 50 users with profiles following each other, ≥ 5,000 posts, counters that add up', async () => {
    const followers = await get(
      a,
      '/2/users/12/followers?max_results=1000&user.fields=public_metrics,description,location',
    );
    assert.ok(followers.data.length >= 50, `${followers.data.length} followers`);
    assert.ok(followers.data.every((u: { description: string; location?: string }) => u.description && u.location));
    const posts = followers.data.reduce(
      (n: number, u: { public_metrics: { tweet_count: number } }) => n + u.public_metrics.tweet_count,
      0,
    );
    const fixed = await get(a, '/2/users?ids=12,2244994945,783214&user.fields=public_metrics');
    const total =
      posts +
      fixed.data.reduce(
        (n: number, u: { public_metrics: { tweet_count: number } }) => n + u.public_metrics.tweet_count,
        0,
      );
    assert.ok(total >= 5000, `${total} posts`);
    const jack = fixed.data[0].public_metrics;
    assert.equal(jack.followers_count, followers.data.length + (followers.meta.next_token ? 1000 : 0));
  });

  test('replies, quotes, reposts, media, polls, places and several languages', async () => {
    const seen = { replied_to: 0, quoted: 0, retweeted: 0, media: 0, poll: 0, place: 0, langs: new Set<string>() };
    let token = '';
    for (let page = 0; page < 6; page++) {
      const res = await get(
        a,
        `/2/users/2244994945/tweets?max_results=100&tweet.fields=referenced_tweets,attachments,geo,lang${token}`,
      );
      for (const p of res.data) {
        for (const r of p.referenced_tweets ?? []) seen[r.type as 'replied_to' | 'quoted' | 'retweeted']++;
        if (p.attachments?.media_keys) seen.media++;
        if (p.attachments?.poll_ids) seen.poll++;
        if (p.geo?.place_id) seen.place++;
        seen.langs.add(p.lang);
      }
      if (!res.meta.next_token) break;
      token = `&pagination_token=${res.meta.next_token}`;
    }
    for (const k of ['replied_to', 'quoted', 'retweeted', 'media', 'place'] as const) assert.ok(seen[k] > 0, k);
    assert.ok(
      ['en', 'es', 'fr', 'de', 'ja', 'pt'].filter((l) => seen.langs.has(l)).length >= 4,
      [...seen.langs].join(','),
    );
  });
});
