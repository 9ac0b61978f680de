// Scheduled promoted posts (notes §8.5): POST ?line_item_id=&scheduled_tweet_id= answers a single
// object with tweet_id null; get, list filters, and DELETE only before scheduled_at (soft, with_deleted).
// Publishing fills tweet_id and promotes the post: ads.scheduled-tweets.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser } from '../support/ads.js';
import { fixtureDeleteLineItem, fixtureLineItem } from '../support/ads-fixtures.js';
import { advanceClock, assertAdsError } from '../support/ads-posts.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;

forEachStore('Ads API: scheduled promoted posts', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const path = () => `accounts/${account.id}/scheduled_promoted_tweets`;
  const scheduled = async (inMs = 2 * HOUR) => {
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const res = await adsCall(s, alice, 'POST', `accounts/${account.id}/scheduled_tweets`, {
      as_user_id: alice.id,
      text: `later ${Math.random()}`,
      scheduled_at: new Date(now + inMs).toISOString(),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.id as string;
  };

  test('POST answers one object (the docs’ keys); get; list filters', async () => {
    const li = await fixtureLineItem(s, account.id);
    const st = await scheduled();
    const res = await adsCall(s, alice, 'POST', path(), { line_item_id: li, scheduled_tweet_id: st });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const x = res.body.data;
    assert.ok(!Array.isArray(x));
    assert.deepEqual(Object.keys(x), [
      'line_item_id',
      'id',
      'created_at',
      'updated_at',
      'scheduled_tweet_id',
      'tweet_id',
      'deleted',
    ]);
    assert.equal(x.tweet_id, null);
    assert.equal(x.scheduled_tweet_id, st);
    assert.match(x.id, /^[0-9a-z]+$/);
    assert.deepEqual((await adsCall(s, alice, 'GET', `${path()}/${x.id}`)).body.data, x);
    const li2 = await fixtureLineItem(s, account.id);
    const y = (await adsCall(s, alice, 'POST', path(), { line_item_id: li2, scheduled_tweet_id: st })).body.data;
    const ids = async (params: Record<string, any>) =>
      (await adsCall(s, alice, 'GET', path(), params)).body.data.map((z: any) => z.id);
    assert.deepEqual(await ids({ line_item_ids: li2 }), [y.id]);
    assert.deepEqual(await ids({ scheduled_promoted_tweet_ids: [x.id, y.id], sort_by: 'created_at-desc' }), [
      y.id,
      x.id,
    ]);
  });

  test('rules: both required; the line item and scheduled post must be the account’s, live and waiting', async () => {
    const none = await adsCall(s, alice, 'POST', path(), {});
    assert.deepEqual(
      none.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'line_item_id'],
        ['MISSING_PARAMETER', 'scheduled_tweet_id'],
      ],
    );
    const li = await fixtureLineItem(s, account.id);
    const st = await scheduled();
    assertAdsError(
      await adsCall(s, alice, 'POST', path(), { line_item_id: li, scheduled_tweet_id: 'abc' }),
      400,
      'INVALID_PARAMETER',
      'scheduled_tweet_id',
    );
    assertAdsError(
      await adsCall(s, alice, 'POST', path(), { line_item_id: li, scheduled_tweet_id: '123' }),
      404,
      'NOT_FOUND',
      'scheduled_tweet_id',
    );
    const gone = await fixtureLineItem(s, account.id);
    await fixtureDeleteLineItem(s, gone);
    assertAdsError(
      await adsCall(s, alice, 'POST', path(), { line_item_id: gone, scheduled_tweet_id: st }),
      404,
      'NOT_FOUND',
      'line_item_id',
    );
    assertAdsError(
      await adsCall(s, alice, 'POST', path(), { line_item_id: 'zzzzz', scheduled_tweet_id: st }),
      404,
      'NOT_FOUND',
      'line_item_id',
    );
    // a published one is no longer scheduled
    const soon = await scheduled(60_000 * 5);
    await advanceClock(s, 10 * 60_000);
    assertAdsError(
      await adsCall(s, alice, 'POST', path(), { line_item_id: li, scheduled_tweet_id: soon }),
      400,
      'INVALID_PARAMETER',
      'scheduled_tweet_id',
    );
  });

  test('DELETE only before scheduled_at; soft: found again with with_deleted; repeated delete 404', async () => {
    const li = await fixtureLineItem(s, account.id);
    const early = (await adsCall(s, alice, 'POST', path(), { line_item_id: li, scheduled_tweet_id: await scheduled() }))
      .body.data;
    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${early.id}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal(removed.body.data.deleted, true);
    assertAdsError(
      await adsCall(s, alice, 'DELETE', `${path()}/${early.id}`),
      404,
      'NOT_FOUND',
      'scheduled_promoted_tweet_id',
    );
    assertAdsError(
      await adsCall(s, alice, 'GET', `${path()}/${early.id}`),
      404,
      'NOT_FOUND',
      'scheduled_promoted_tweet_id',
    );
    assert.equal(
      (await adsCall(s, alice, 'GET', `${path()}/${early.id}`, { with_deleted: 'True' })).body.data.deleted,
      true,
    );

    const late = (
      await adsCall(s, alice, 'POST', path(), { line_item_id: li, scheduled_tweet_id: await scheduled(HOUR) })
    ).body.data;
    await advanceClock(s, 2 * HOUR);
    const refused = await adsCall(s, alice, 'DELETE', `${path()}/${late.id}`);
    assertAdsError(refused, 400, 'INVALID_PARAMETER', 'scheduled_promoted_tweet_id');
    const now = (await adsCall(s, alice, 'GET', `${path()}/${late.id}`)).body.data;
    assert.equal(now.deleted, false);
    assert.match(now.tweet_id, /^\d+$/);
  });
});
