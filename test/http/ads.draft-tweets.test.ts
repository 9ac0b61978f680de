// Draft posts (issue #18 item 5; notes §9.2): the docs' object, create/get/update/delete with the
// content rules of POST tweet, a hard delete answering status DELETED, and preview answering the
// notes' message with no data.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newUser } from '../support/actors.js';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { assertAdsError, grantUser, newCardUri } from '../support/ads-posts.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: draft posts', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const path = () => `accounts/${account.id}/draft_tweets`;
  const draft = (params: Params, o: { form?: boolean } = {}) =>
    adsCall(s, alice, 'POST', path(), { as_user_id: alice.id, ...params }, o);

  test('create: the docs’ object, nullcast true by default; get answers it', async () => {
    const res = await draft({ text: 'Just setting up my X.' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const d = res.body.data;
    assert.deepEqual(Object.keys(d), [
      'name',
      'text',
      'user_id',
      'id',
      'nullcast',
      'created_at',
      'card_uri',
      'updated_at',
      'media_keys',
    ]);
    assert.equal(d.nullcast, true);
    assert.equal(d.user_id, alice.id);
    assert.deepEqual(d.media_keys, []);
    assert.match(d.id, /^\d+$/);
    assert.deepEqual((await adsCall(s, alice, 'GET', `${path()}/${d.id}`)).body.data, d);
    const form = await draft({ text: 'by form', nullcast: 'False' as never, name: 'n1' }, { form: true });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(form.body.data.nullcast, false);
    assert.equal(form.body.data.name, 'n1');
  });

  test('rules: as_user_id, blank text, nullcast false only as oneself, card_uri, name, media keys', async () => {
    const carol = await newUser(s);
    assertAdsError(await adsCall(s, alice, 'POST', path(), { text: 'x' }), 400, 'MISSING_PARAMETER', 'as_user_id');
    assertAdsError(await draft({ as_user_id: carol.id, text: 'x' }), 400, 'INVALID_USER_ID', 'as_user_id');
    assertAdsError(await draft({ text: '' }), 400, 'TWEET_CANNOT_BE_BLANK', 'text');
    assertAdsError(await draft({ text: 'x', card_uri: 'card:/x' }), 400, 'INVALID_PARAMETER', 'card_uri');
    assertAdsError(await draft({ text: 'x', name: 'n'.repeat(81) }), 400, 'INVALID_PARAMETER', 'name');
    assertAdsError(await draft({ text: 'x', media_keys: '3_77' }), 404, 'MEDIA_NOT_FOUND', 'media_keys');
    await grantUser(s, account.id, carol.id, ['TWEET_COMPOSER'], 'FULL');
    assertAdsError(
      await draft({ as_user_id: carol.id, text: 'x', nullcast: false }),
      400,
      'INVALID_PARAMETER',
      'nullcast',
    );
    assert.equal((await draft({ as_user_id: carol.id, text: 'for carol' })).status, 200);
  });

  test('update changes only what is given; delete is hard and answers status DELETED', async () => {
    const d = (await draft({ text: 'first', card_uri: await newCardUri(s, alice, account.id), name: 'keep' })).body
      .data;
    const put = await adsCall(s, alice, 'PUT', `${path()}/${d.id}`, { text: 'second', card_uri: '' });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.data.text, 'second');
    assert.equal(put.body.data.card_uri, null);
    assert.equal(put.body.data.name, 'keep');
    assertAdsError(
      await adsCall(s, alice, 'PUT', `${path()}/${d.id}`, { text: ' ' }),
      400,
      'TWEET_CANNOT_BE_BLANK',
      'text',
    );
    assertAdsError(
      await adsCall(s, alice, 'PUT', `${path()}/${d.id}`, { nullcast: 'maybe' }),
      400,
      'INVALID_PARAMETER',
      'nullcast',
    );
    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${d.id}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.data.status, 'DELETED');
    assert.equal(removed.body.data.id, d.id);
    assertAdsError(await adsCall(s, alice, 'GET', `${path()}/${d.id}`), 404, 'NOT_FOUND', 'draft_tweet_id');
    assertAdsError(
      await adsCall(s, alice, 'PUT', `${path()}/${d.id}`, { text: 'x' }),
      404,
      'NOT_FOUND',
      'draft_tweet_id',
    );
    assertAdsError(await adsCall(s, alice, 'DELETE', `${path()}/${d.id}`), 404, 'NOT_FOUND', 'draft_tweet_id');
  });

  test('preview answers the notes’ message and no data', async () => {
    const d = (await draft({ text: 'preview me' })).body.data;
    const res = await adsCall(s, alice, 'POST', `accounts/${account.id}/draft_tweets/preview/${d.id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, `See @${alice.username}'s notifications in the X app to preview your Tweet.`);
    assert.ok(!('data' in res.body));
    assert.deepEqual(res.body.request.params, { account_id: account.id, draft_tweet_id: d.id });
    assertAdsError(
      await adsCall(s, alice, 'POST', `accounts/${account.id}/draft_tweets/preview/123`),
      404,
      'NOT_FOUND',
      'draft_tweet_id',
    );
  });

  test('list by user_id, with the npm client', async () => {
    const who = await newAdvertiser(s);
    const acct = await newAdsAccount(s, who);
    const ads = npmAds(s, who);
    const made = await ads.post('accounts/:account_id/draft_tweets', {
      account_id: acct.id,
      as_user_id: who.id,
      text: 'from npm',
    });
    assert.equal(made.error, null, JSON.stringify(made.body));
    const listed = await ads.get('accounts/:account_id/draft_tweets', { account_id: acct.id, user_id: who.id });
    assert.deepEqual(
      listed.body.data.map((x: any) => x.id),
      [made.body.data.id],
    );
    assert.equal(listed.body.next_cursor, null);
  });
});
