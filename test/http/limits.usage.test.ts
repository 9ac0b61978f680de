// GET /2/usage/tweets and the monthly Post cap (issue #20 part 2): usage follows the Posts an app
// really reads, per UTC day; a free-tier project is refused with the usage-capped problem once it has
// read 1,500 Posts this month, and reads again when the service clock reaches the next month. A Post
// read again the same UTC day counts once. Posts the
// filtered stream sends count too (DOCS x-api-v2/fundamentals/tweet-cap).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newApp, newUser } from '../support/actors.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, poster, word } from './stream.client.js';

forEachStore('usage and Post caps', (store) => {
  let s: TestServer;
  let ids: string[];
  before(async () => {
    s = await startServer({ store, config: { rateLimits: 'real' } });
    await s.admin('POST', '/_aviary/clock', { set: '2031-05-20T12:00:00.000Z' });
    const author = await newUser(s);
    ids = [];
    for (let i = 0; i < 100; i++) ids.push((await adminPost(s, author.id, { text: `post number ${i}` })).id);
  });
  after(async () => {
    await s.close();
  });

  const usage = (bearer: string, q = '') => s.call('GET', `/2/usage/tweets${q}`, { auth: `Bearer ${bearer}` });

  test('usage counts the Posts an app read, today and this month; other apps count apart', async () => {
    const app = await newApp(s, { tier: 'basic' });
    const auth = `Bearer ${app.bearer_token}`;
    assert.equal((await s.call('GET', `/2/tweets?ids=${ids.slice(0, 5).join(',')}`, { auth })).status, 200);
    assert.equal((await s.call('GET', `/2/tweets/${ids[7]}`, { auth })).status, 200);
    const notFound = await s.call('GET', '/2/tweets/1', { auth });
    assert.equal(notFound.status, 200, 'a lookup of a missing post answers errors[], no post');
    await s.call('GET', `/2/tweets?ids=${ids[0]}`, { auth: `Bearer ${s.bearer}` }); // another app
    // Read again the same day (and through search too): each Post counts once a day (DOCS tweet-cap).
    await s.call('GET', `/2/tweets?ids=${ids.slice(0, 5).join(',')}`, { auth });

    const res = await usage(app.bearer_token);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      data: { cap_reset_day: 12, project_cap: '500000', project_id: app.id, project_usage: '6' },
    });
    assert.equal(res.headers.get('x-rate-limit-limit'), '50');

    const daily = await usage(app.bearer_token, '?days=3&usage.fields=daily_project_usage,daily_client_app_usage');
    const days = [
      { date: '2031-05-18T00:00:00.000Z', usage: 0 },
      { date: '2031-05-19T00:00:00.000Z', usage: 0 },
      { date: '2031-05-20T00:00:00.000Z', usage: 6 },
    ];
    assert.deepEqual(daily.body.data.daily_project_usage, { project_id: app.id, usage: days });
    assert.deepEqual(daily.body.data.daily_client_app_usage, [
      { client_app_id: app.id, usage: days, usage_result_count: 3 },
    ]);

    await s.admin('POST', '/_aviary/clock', { advance_ms: 86_400_000 });
    await s.call('GET', `/2/tweets?ids=${ids.slice(0, 2).join(',')}`, { auth });
    const next = await usage(app.bearer_token, '?days=2&usage.fields=daily_project_usage');
    assert.equal(next.body.data.project_usage, '8');
    assert.deepEqual(
      next.body.data.daily_project_usage.usage.map((d: { usage: number }) => d.usage),
      [6, 2],
    );
  });

  test('usage: days is 1..90', async () => {
    const bad = await usage(s.bearer, '?days=91');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.type, 'https://api.twitter.com/2/problems/invalid-request');
  });

  test('a free-tier project reads 1,500 Posts a month, then 429 usage-capped (Monthly, Product); the next month it reads again', async () => {
    await s.admin('POST', '/_aviary/clock', { set: '2031-06-10T08:00:00.000Z' });
    const app = await newApp(s, { tier: 'free' });
    const auth = `Bearer ${app.bearer_token}`;
    const all = `/2/tweets?ids=${ids.join(',')}`;
    // The same Post read twice in a day counts once, so the 100 Posts are read on 15 days.
    for (let i = 0; i < 15; i++) {
      if (i) await s.admin('POST', '/_aviary/clock', { advance_ms: 86_400_000 });
      assert.equal((await s.call('GET', all, { auth })).status, 200, `read ${i + 1}`);
    }
    const capped = await s.call('GET', `/2/tweets/${ids[0]}`, { auth });
    assert.equal(capped.status, 429);
    assert.deepEqual(capped.body, {
      title: 'UsageCapExceeded',
      type: 'https://api.twitter.com/2/problems/usage-capped',
      status: 429,
      detail: 'Usage cap exceeded: Monthly product cap',
      period: 'Monthly',
      scope: 'Product',
    });
    const search = await s.call('GET', '/2/tweets/search/recent?query=post', { auth });
    assert.equal(search.status, 429, 'search counts towards the same cap');
    assert.equal((await usage(app.bearer_token)).body.data.project_usage, '1500');
    const users = await s.call('GET', `/2/users/${(await newUser(s)).id}`, { auth });
    assert.equal(users.status, 200, 'user lookups are not capped');

    await s.admin('POST', '/_aviary/clock', { set: '2031-07-01T00:00:00.000Z' });
    assert.equal((await s.call('GET', `/2/tweets/${ids[0]}`, { auth })).status, 200);
    const july = await usage(app.bearer_token);
    assert.equal(july.body.data.project_usage, '1');
    assert.equal(july.body.data.cap_reset_day, 31);
  });

  test('Posts sent on the filtered stream count towards usage; keep-alives and unmatched posts do not', async () => {
    const tag = word('u');
    const app = await appWithRules(s, [{ value: tag }], { tier: 'pro' });
    const before = Number((await usage(app.bearer)).body.data.project_usage);
    const stream = await openStream(s, app.bearer);
    try {
      const { post } = await poster(s);
      const first = await post(`one ${tag}`);
      await post('not matched by the rule');
      const second = await post(`two ${tag}`);
      await stream.waitFor((l) => l.data?.id === first);
      await stream.waitFor((l) => l.data?.id === second);
    } finally {
      await stream.close();
    }
    assert.equal(Number((await usage(app.bearer)).body.data.project_usage), before + 2);
  });
});
