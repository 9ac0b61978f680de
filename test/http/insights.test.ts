// Insights and post analytics (issue #21; SPEC getInsights28Hr, getInsightsHistorical,
// getPostsAnalytics): computed from the stored public metrics and the post's age on the service clock
// (model in src/modules/insights/insights.model.ts: counts accrue evenly over the first 48 hours;
// impressions = 25 per engagement). Only the caller's own posts; others are partial errors.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost, newUser, userToken, type TestUser } from '../support/actors.js';
import { mp4 } from '../support/ads-media.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;

forEachStore('insights', (store) => {
  let s: TestServer;
  let a: TestUser;
  let asA: string;
  let mine: string;
  let theirs: string;
  let t0: number;
  before(async () => {
    s = await startServer({ store, spec: true });
    t0 = Date.parse('2026-03-02T00:00:00.000Z');
    await s.admin('POST', '/_aviary/clock', { set: new Date(t0).toISOString() });
    a = await newUser(s);
    const b = await newUser(s);
    const c = await newUser(s);
    mine = (await adminPost(s, a.id, { text: 'measured post' })).id;
    theirs = (await adminPost(s, b.id, { text: 'not yours' })).id;
    for (const u of [b, c]) {
      const res = await s.call('POST', `/2/users/${u.id}/likes`, {
        auth: await userToken(s, u.id),
        body: { tweet_id: mine },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    await s.admin('POST', '/_aviary/clock', { set: new Date(t0 + 24 * HOUR).toISOString() });
    // OAuth 2.0 tokens expire after two hours of service time: take one after the clock moves.
    asA = await userToken(s, a.id);
  });
  after(async () => {
    await s.close();
  });

  const iso = (ms: number) => new Date(ms).toISOString();

  test('tweets/analytics: daily buckets follow the post age; likes and impressions from the store', async () => {
    const q = `ids=${mine}&start_time=${iso(t0)}&end_time=${iso(t0 + 48 * HOUR)}&granularity=daily&analytics.fields=likes,impressions,engagements,timestamp`;
    const res = await s.call('GET', `/2/tweets/analytics?${q}`, { auth: asA });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, {
      data: [
        {
          id: mine,
          timestamped_metrics: [
            { timestamp: iso(t0), metrics: { likes: 1, impressions: 25, engagements: 1 } },
            { timestamp: iso(t0 + 24 * HOUR), metrics: { likes: 0, impressions: 0, engagements: 0 } },
          ],
        },
      ],
    });
    // A day later the second half has been earned.
    await s.admin('POST', '/_aviary/clock', { set: iso(t0 + 72 * HOUR) });
    asA = await userToken(s, a.id);
    const later = await s.call('GET', `/2/tweets/analytics?${q.replace('daily', 'total')}`, { auth: asA });
    assert.deepEqual(later.body.data[0].timestamped_metrics, [
      { timestamp: iso(t0), metrics: { likes: 2, impressions: 50, engagements: 2 } },
    ]);
  });

  test("tweets/analytics: another author's post and an unknown one are partial errors", async () => {
    const q = `ids=${mine},${theirs},9999999999&start_time=${iso(t0)}&end_time=${iso(t0 + HOUR)}&analytics.fields=likes`;
    const res = await s.call('GET', `/2/tweets/analytics?${q}`, { auth: asA });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((d: { id: string }) => d.id),
      [mine],
    );
    assert.deepEqual(
      res.body.errors.map((e: { value: string; type: string }) => [e.value, e.type.split('/').pop()]),
      [
        [theirs, 'not-authorized-for-resource'],
        ['9999999999', 'resource-not-found'],
      ],
    );
  });

  test('tweets/analytics: a window that ends before it starts, a missing parameter, app-only', async () => {
    const bad = await s.call(
      'GET',
      `/2/tweets/analytics?ids=${mine}&start_time=${iso(t0 + HOUR)}&end_time=${iso(t0)}`,
      { auth: asA },
    );
    assert.equal(bad.status, 400);
    assert.equal(bad.body.title, 'Invalid Request');
    const missing = await s.call('GET', `/2/tweets/analytics?ids=${mine}`, { auth: asA });
    assert.equal(missing.status, 400);
    const app = await s.call(
      'GET',
      `/2/tweets/analytics?ids=${mine}&start_time=${iso(t0)}&end_time=${iso(t0 + HOUR)}`,
      {
        auth: `Bearer ${s.bearer}`,
      },
    );
    assert.equal(app.status, 403);
  });

  test('insights/historical and 28hr: Engagement measurement with totals and a time series', async () => {
    const q = `tweet_ids=${mine},${theirs}&granularity=Daily&requested_metrics=Likes,Impressions,Follows&engagement.fields=measurement,errors`;
    const hist = await s.call(
      'GET',
      `/2/insights/historical?${q}&start_time=${iso(t0)}&end_time=${iso(t0 + 48 * HOUR)}`,
      { auth: asA },
    );
    assert.equal(hist.status, 200, JSON.stringify(hist.body));
    const m = hist.body.data[0].measurement;
    assert.deepEqual(m.metrics_total, [
      {
        tweet_id: mine,
        value: [
          { metric_type: 'Likes', metric_value: 2 },
          { metric_type: 'Impressions', metric_value: 50 },
          { metric_type: 'Follows', metric_value: 0 },
        ],
      },
    ]);
    assert.deepEqual(
      m.metrics_time_series.map(
        (v: { value: { timestamp: { iso8601_time: string } } }) => v.value.timestamp.iso8601_time,
      ),
      [iso(t0), iso(t0 + 24 * HOUR)],
    );
    assert.deepEqual(hist.body.data[0].errors[0].tweets, [theirs]);
    assert.equal(hist.body.errors[0].value, theirs);
    // 28hr: [t0 + 44h, t0 + 72h); only its first 4 hours are inside the 48-hour ramp:
    // likes 2 - floor(2 * 44/48) = 1, impressions 50 - floor(50 * 44/48) = 5.
    const recent = await s.call('GET', `/2/insights/28hr?${q}`, { auth: asA });
    assert.equal(recent.status, 200);
    assert.deepEqual(
      recent.body.data[0].measurement.metrics_total[0].value.map((v: { metric_value: number }) => v.metric_value),
      [1, 5, 0],
    );
  });

  test('media/analytics: plays of an own video come from the posts carrying it; others are partial errors', async () => {
    const upload = await s.call('POST', '/2/media/upload', {
      auth: asA,
      body: { media: mp4(640, 360, 4000).toString('base64'), media_category: 'tweet_video', media_type: 'video/mp4' },
    });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    const key = upload.body.data.media_key as string;
    const now = t0 + 72 * HOUR;
    const post = await s.call('POST', '/2/tweets', {
      auth: asA,
      body: { text: 'a clip', media: { media_ids: [upload.body.data.id] } },
    });
    assert.equal(post.status, 201, JSON.stringify(post.body));
    const b = await newUser(s);
    const liked = await s.call('POST', `/2/users/${b.id}/likes`, {
      auth: await userToken(s, b.id),
      body: { tweet_id: post.body.data.id },
    });
    assert.equal(liked.status, 200);
    // Two days on, the whole ramp is earned: 1 like, 25 impressions = 25 starts.
    await s.admin('POST', '/_aviary/clock', { set: iso(now + 48 * HOUR) });
    asA = await userToken(s, a.id);
    const fields = 'media_analytics.fields=video_views,playback25,playback_complete,play_from_tap,watch_time_ms';
    const q = `media_keys=${key},3_1&start_time=${iso(now)}&end_time=${iso(now + 48 * HOUR)}&granularity=total&${fields}`;
    const res = await s.call('GET', `/2/media/analytics?${q}`, { auth: asA });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, [
      {
        media_key: key,
        timestamped_metrics: [
          {
            timestamp: iso(now),
            // quarters: 18 + 12 + 6 + 3 = 39 quarter-views of 1000 ms.
            metrics: { video_views: 25, playback25: 18, playback_complete: 3, play_from_tap: 1, watch_time_ms: 39_000 },
          },
        ],
      },
    ]);
    assert.equal(res.body.errors[0].value, '3_1');
    assert.equal(res.body.errors[0].type.split('/').pop(), 'resource-not-found');
    const other = await s.call('GET', `/2/media/analytics?${q}`, { auth: await userToken(s, b.id) });
    assert.equal(other.status, 200);
    assert.equal(other.body.data, undefined);
    assert.equal(other.body.errors[0].type.split('/').pop(), 'not-authorized-for-resource');
  });
});
