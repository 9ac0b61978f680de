// The demo dataset's Ads part: @jack's account answers the banner's credentials with no set-up
// (issue #17), and survives a reset and reseed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, type Advertiser } from '../support/ads.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: the demo account', (store) => {
  let s: TestServer;
  let jack: Advertiser;
  before(async () => {
    s = await startServer({ store });
    const c = s.credentials!;
    jack = {
      id: c.user.id,
      username: c.user.username,
      name: 'jack',
      consumerKey: c.app.consumer_key,
      consumerSecret: c.app.consumer_secret,
      token: c.user.access_token,
      tokenSecret: c.user.access_token_secret,
    };
  });
  after(() => s.close());

  test('the banner’s account, with a funding instrument, a campaign, line items, targeting and a promoted post', async () => {
    const account = s.credentials!.ads_account_id;
    assert.match(account, /^[0-9a-z]+$/);
    const accounts = await adsCall(s, jack, 'GET', 'accounts');
    assert.deepEqual(
      accounts.body.data.map((a: any) => a.id),
      [account],
    );
    const path = (p: string) => `accounts/${account}/${p}`;
    assert.equal((await adsCall(s, jack, 'GET', path('funding_instruments'))).body.data.length, 1);
    assert.equal((await adsCall(s, jack, 'GET', path('campaigns'))).body.data.length, 1);
    const lineItems = (await adsCall(s, jack, 'GET', path('line_items'))).body.data;
    assert.equal(lineItems.length, 2);
    const criteria = await adsCall(s, jack, 'GET', path('targeting_criteria'), {
      line_item_ids: lineItems.map((l: any) => l.id),
    });
    assert.equal(criteria.body.data.length, 3);
    const promoted = (await adsCall(s, jack, 'GET', path('promoted_tweets'))).body.data;
    assert.deepEqual(
      promoted.map((p: any) => p.tweet_id),
      ['20'],
    );
  });

  test('a reset and reseed make it again', async () => {
    assert.equal((await s.admin('POST', '/_aviary/reset')).status, 200);
    const seeded = await s.admin('POST', '/_aviary/seed', { dataset: 'demo' });
    assert.equal(seeded.status, 200, JSON.stringify(seeded.body));
    const id = seeded.body.data.credentials.ads_account_id;
    const res = await adsCall(s, jack, 'GET', `accounts/${id}/line_items`);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.length, 2);
  });
});
