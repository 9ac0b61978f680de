// News stories built from the stored posts (XDK): clustered by topic, searched by query within
// max_age_hours on the service clock, looked up by id with news.fields.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { xdk } from '../support/sdk.js';
import { forEachStore, startServer, uniqueName, type TestServer } from '../support/server.js';

forEachStore('news', (store) => {
  let s: TestServer;
  let a: TestUser;
  let b: TestUser;
  let tag: string;
  let posts: string[];
  before(async () => {
    s = await startServer({ store, spec: true });
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    a = await newUser(s);
    b = await newUser(s);
    tag = uniqueName('Storm').replace(/[^A-Za-z0-9]/g, '');
    posts = [];
    posts.push((await adminPost(s, a.id, { text: `Harbour flooded overnight after the storm #${tag} $ZQXW` })).id);
    posts.push((await adminPost(s, b.id, { text: `Ferries cancelled as the harbour closes #${tag}` })).id);
    posts.push((await adminPost(s, a.id, { text: `Harbour cleanup expected to take a week #${tag}` })).id);
    await adminPost(s, b.id, { text: `A lonely post #${tag}lonely` });
  });
  after(async () => {
    await s.close();
  });

  test('search finds the story of a topic with its posts; fields as asked', async () => {
    const client: any = xdk(s.url, { bearerToken: s.bearer });
    const res = await client.news.search(tag, {
      newsFields: ['category', 'cluster_posts_results', 'contexts', 'keywords', 'summary', 'hook', 'updated_at'],
    });
    assert.equal(res.data.length, 1);
    const story = res.data[0];
    assert.match(story.restId, /^\d+$/);
    assert.ok(story.name.startsWith(`#${tag}: `), story.name);
    assert.deepEqual(story.clusterPostsResults.map((p: { postId: string }) => p.postId).sort(), [...posts].sort());
    assert.ok(story.keywords.includes(tag.toLowerCase()));
    assert.ok(story.keywords.includes('harbour'));
    assert.deepEqual(story.contexts.finance.tickers, ['ZQXW']);
    assert.match(story.summary, /^3 posts from 2 accounts/);
    assert.match(story.lastUpdatedAtMs, /^\d{4}-\d\d-\d\dT/);
    const plain = await s.call('GET', `/2/news/search?query=${tag}`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(Object.keys(plain.body.data[0]).sort(), ['name', 'rest_id']);
    assert.equal(plain.body.meta.result_count, 1);
    const lonely = await s.call('GET', `/2/news/search?query=${tag}lonely`, { auth: `Bearer ${s.bearer}` });
    assert.deepEqual(lonely.body, { meta: { result_count: 0 } }, 'one post is not a story');
  });

  test('lookup by id; a story ages out of max_age_hours on the clock', async () => {
    const found = await s.call('GET', `/2/news/search?query=${tag}`, { auth: `Bearer ${s.bearer}` });
    const id = found.body.data[0].rest_id;
    const token = await userToken(s, a.id);
    const one = await s.call('GET', `/2/news/${id}?news.fields=category,disclaimer`, { auth: token });
    assert.equal(one.body.data.rest_id, id);
    assert.equal(typeof one.body.data.disclaimer, 'string');
    assert.equal(typeof one.body.data.category, 'string');
    const missing = await s.call('GET', '/2/news/123', { auth: `Bearer ${s.bearer}` });
    assert.equal(missing.body.errors[0].resource_type, 'news');
    await s.admin('POST', '/_aviary/clock', { advance_ms: 3 * 3_600_000 });
    const recent = await s.call('GET', `/2/news/search?query=${tag}&max_age_hours=2`, { auth: `Bearer ${s.bearer}` });
    assert.equal(recent.body.meta.result_count, 0);
    const week = await s.call('GET', `/2/news/search?query=${tag}`, { auth: `Bearer ${s.bearer}` });
    assert.equal(week.body.data[0].rest_id, id, 'the same topic keeps its id');
    const bad = await s.call('GET', `/2/news/search?query=${tag}&max_age_hours=721`, { auth: `Bearer ${s.bearer}` });
    assert.equal(bad.status, 400);
    const noQuery = await s.call('GET', '/2/news/search', { auth: `Bearer ${s.bearer}` });
    assert.equal(noQuery.status, 400);
    assert.ok(s.specChecked() > 0);
  });
});
