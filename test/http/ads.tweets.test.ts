// Posts made through the Ads API (issue #18 item 4; seed "Creatives"; notes §9.3): POST tweet makes a
// real post (readable through /2/tweets/:id, promotable), promoted-only (nullcast) by default and then
// kept off the author's and followers' timelines; the v1.1-style answer; every parameter rule; PUT
// name; GET tweets with tweet_type, timeline_type, tweet_ids, user_id and name.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signRequest } from '../../src/auth/index.js';
import { adminPost, newUser, userToken } from '../support/actors.js';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser, type Params } from '../support/ads.js';
import { fixtureLineItem } from '../support/ads-fixtures.js';
import { addLibraryMedia, uploadMedia } from '../support/ads-media.js';
import { assertAdsError, grantUser, newCardUri } from '../support/ads-posts.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

forEachStore('Ads API: posts made through the Ads API', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const tweet = (params: Params, o: { form?: boolean; version?: string } = {}) =>
    adsCall(s, alice, 'POST', `accounts/${account.id}/tweet`, params, o);
  const list = (params: Params) => adsCall(s, alice, 'GET', `accounts/${account.id}/tweets`, params);
  const unique = (w = 'ad') => `${w} ${Math.random().toString(36).slice(2, 10)}`;

  test('POST tweet: the v1.1-style object; a real post, promoted-only by default, "Twitter for Advertisers"', async () => {
    const text = `${unique()} #launch @${alice.username}`;
    const res = await tweet({ as_user_id: alice.id, text, trim_user: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const t = res.body.data;
    assert.match(t.id_str, /^\d+$/);
    // `id` is a JSON number with the exact digits (the raw text keeps them)
    assert.equal(typeof t.id, 'number');
    assert.equal(res.body.request.params.as_user_id, alice.id);
    assert.match(t.created_at, /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{2}:\d{2}:\d{2} \+0000 \d{4}$/);
    assert.equal(t.text, text);
    assert.deepEqual(t.user, { id: t.user.id, id_str: alice.id });
    assert.deepEqual(t.scopes, { followers: false });
    assert.equal(t.entities.hashtags[0].text, 'launch');
    assert.equal(t.entities.user_mentions[0].id_str, alice.id);
    assert.deepEqual(Object.keys(t.entities).sort(), ['hashtags', 'symbols', 'urls', 'user_mentions']);
    assert.ok(!('conversation_settings' in t));

    const v2 = await s.call('GET', `/2/tweets/${t.id_str}?tweet.fields=source,author_id`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(v2.status, 200, JSON.stringify(v2.body));
    assert.equal(v2.body.data.text, text);
    assert.equal(v2.body.data.source, 'Twitter for Advertisers');
    assert.equal(v2.body.data.author_id, alice.id);

    // promotable like any post of a promotable user
    const li = await fixtureLineItem(s, account.id);
    const promoted = await adsCall(s, alice, 'POST', `accounts/${account.id}/promoted_tweets`, {
      line_item_id: li,
      tweet_ids: t.id_str,
    });
    assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
  });

  test('the id digits are exact in the raw body; tweet_mode=extended gives full_text; the user untrimmed', async () => {
    const url = `accounts/${account.id}/tweet`;
    const res = await adsCall(s, alice, 'POST', url, { as_user_id: alice.id, text: unique(), tweet_mode: 'extended' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok('full_text' in res.body.data && !('text' in res.body.data));
    assert.deepEqual(res.body.data.display_text_range, [0, [...res.body.data.full_text].length]);
    assert.equal(res.body.data.user.screen_name, alice.username);
    // the raw text carries the id's exact digits as a number
    const raw = await rawBody(url);
    assert.match(raw, /"id":\d{10,}/);
    const idStr = /"id_str":"(\d+)"/.exec(raw)![1]!;
    assert.ok(raw.includes(`"id":${idStr},`));
  });

  async function rawBody(url: string): Promise<string> {
    const qs = new URLSearchParams({ as_user_id: alice.id, text: unique('raw') }).toString();
    const full = `${s.url}/11/${url}?${qs}`;
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const authorization = signRequest({
      method: 'POST',
      url: full,
      consumerKey: alice.consumerKey,
      consumerSecret: alice.consumerSecret,
      token: alice.token,
      tokenSecret: alice.tokenSecret,
      timestamp: Math.floor(now / 1000),
    });
    return (await fetch(full, { method: 'POST', headers: { authorization } })).text();
  }

  test('nullcast posts stay off the author’s and followers’ timelines; organic ones do not', async () => {
    const bob = await newUser(s);
    const bobToken = await userToken(s, bob.id);
    const follow = await s.call('POST', `/2/users/${bob.id}/following`, {
      auth: bobToken,
      body: { target_user_id: alice.id },
    });
    assert.equal(follow.status, 200, JSON.stringify(follow.body));
    const hidden = (await tweet({ as_user_id: alice.id, text: unique('hidden') })).body.data.id_str;
    const shown = (await tweet({ as_user_id: alice.id, text: unique('shown'), nullcast: false })).body.data.id_str;
    const aliceToken = await userToken(s, alice.id);
    const own = await s.call('GET', `/2/users/${alice.id}/tweets?max_results=100`, { auth: aliceToken });
    const home = await s.call('GET', `/2/users/${bob.id}/timelines/reverse_chronological?max_results=100`, {
      auth: bobToken,
    });
    for (const page of [own, home]) {
      assert.equal(page.status, 200, JSON.stringify(page.body));
      const ids = page.body.data.map((p: any) => p.id);
      assert.ok(ids.includes(shown));
      assert.ok(!ids.includes(hidden));
    }
    // a lookup still finds it
    assert.equal((await s.call('GET', `/2/tweets/${hidden}`, { auth: aliceToken })).status, 200);
  });

  test('rules: as_user_id promotable, text or media, nullcast false only as oneself, card_uri, limits', async () => {
    const carol = await newUser(s);
    assertAdsError(await tweet({ text: 'x' }), 400, 'MISSING_PARAMETER', 'as_user_id');
    assertAdsError(await tweet({ as_user_id: carol.id, text: 'x' }), 400, 'INVALID_USER_ID', 'as_user_id');
    assertAdsError(await tweet({ as_user_id: alice.id }), 400, 'TWEET_CANNOT_BE_BLANK', 'text');
    assertAdsError(await tweet({ as_user_id: alice.id, text: '   ' }), 400, 'TWEET_CANNOT_BE_BLANK', 'text');
    assertAdsError(await tweet({ as_user_id: alice.id, text: 'x'.repeat(281) }), 400, 'INVALID_PARAMETER', 'text');
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', card_uri: 'https://x.com/card' }),
      400,
      'INVALID_PARAMETER',
      'card_uri',
    );
    // a card must be one of the account's: another account's card and an unknown one are not found
    const elsewhere = await newAdsAccount(s, alice);
    for (const card_uri of [await newCardUri(s, alice, elsewhere.id), 'card://1321554298900107264'])
      assertAdsError(await tweet({ as_user_id: alice.id, text: 'x', card_uri }), 404, 'CARD_NOT_FOUND', 'card_uri');
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', conversation_settings: 'NOBODY' }),
      400,
      'INVALID_PARAMETER',
      'conversation_settings',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', tweet_mode: 'full' }),
      400,
      'INVALID_PARAMETER',
      'tweet_mode',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', name: 'n'.repeat(81) }),
      400,
      'INVALID_PARAMETER',
      'name',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', media_keys: 'nonsense' }),
      400,
      'INVALID_PARAMETER',
      'media_keys',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', media_keys: ['3_1', '3_2', '3_3', '3_4', '3_5'] }),
      400,
      'INVALID_PARAMETER',
      'media_keys',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', media_keys: '3_1999999999' }),
      404,
      'MEDIA_NOT_FOUND',
      'media_keys',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', video_cta: 'WATCH_NOW' }),
      400,
      'INCLUSIVE_PARAMETERS',
      'video_cta_value',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', video_title: 't'.repeat(71) }),
      400,
      'INVALID_PARAMETER',
      'video_title',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', video_description: 'd'.repeat(201) }),
      400,
      'INVALID_PARAMETER',
      'video_description',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, text: 'x', video_title: 'a title' }),
      400,
      'INVALID_PARAMETER',
      'video_title',
    );
    // carol, a promotable user of the account: alice may post as her, promoted-only only
    await grantUser(s, account.id, carol.id, ['TWEET_COMPOSER'], 'FULL');
    assertAdsError(
      await tweet({ as_user_id: carol.id, text: 'x', nullcast: false }),
      400,
      'INVALID_PARAMETER',
      'nullcast',
    );
    const asCarol = await tweet({
      as_user_id: carol.id,
      text: unique('for carol'),
      card_uri: await newCardUri(s, alice, account.id),
    });
    assert.equal(asCarol.status, 200, JSON.stringify(asCarol.body));
    assert.equal(asCarol.body.data.user.id_str, carol.id);
    // a granted user without TWEET_COMPOSER may not post as the account's FULL promotable user (notes §2)
    const dave = await newAdvertiser(s, undefined);
    await grantUser(s, account.id, dave.id, ['CAMPAIGN_ANALYST']);
    const byDave = await adsCall(s, dave, 'POST', `accounts/${account.id}/tweet`, { as_user_id: alice.id, text: 'x' });
    assertAdsError(byDave, 403, 'ACTION_NOT_ALLOWED', 'as_user_id');
    // nothing was stored by any refusal
    const listed = await list({ tweet_type: 'PUBLISHED', timeline_type: 'ALL', user_id: carol.id });
    assert.equal(listed.body.data.length, 1);
  });

  test('conversation_settings sets who may reply; SDK shapes: form body, /12/, True', async () => {
    const res = await tweet(
      { as_user_id: alice.id, text: unique(), conversation_settings: 'FOLLOWING', trim_user: 'True' as never },
      { form: true },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.request.params.conversation_settings, 'FOLLOWING');
    const v2 = await s.call('GET', `/2/tweets/${res.body.data.id_str}?tweet.fields=reply_settings`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.equal(v2.body.data.reply_settings, 'following');
    const v12 = await tweet({ as_user_id: alice.id, text: unique() }, { version: '12' });
    assert.equal(v12.status, 200);
  });

  test('PUT tweets/:id/name and GET tweets: tweet_type, timeline_type, tweet_ids, user_id, name', async () => {
    const other = await newAdvertiser(s);
    const acct = await newAdsAccount(s, other);
    const mk = async (params: Params) =>
      (await adsCall(s, other, 'POST', `accounts/${acct.id}/tweet`, { as_user_id: other.id, ...params })).body.data
        .id_str as string;
    const a = await mk({ text: unique('a'), name: 'Spring sale' });
    const b = await mk({ text: unique('b'), nullcast: false });
    const organic = (await adminPost(s, other.id, { text: unique('organic') })).id;
    const get = (params: Params) => adsCall(s, other, 'GET', `accounts/${acct.id}/tweets`, params);
    const ids = (res: any) => res.body.data.map((x: any) => x.tweet_id);

    assertAdsError(await get({}), 400, 'MISSING_PARAMETER', 'tweet_type');
    assertAdsError(await get({ tweet_type: 'OTHER' }), 400, 'INVALID_PARAMETER', 'tweet_type');
    assertAdsError(
      await get({ tweet_type: 'PUBLISHED', timeline_type: 'X' }),
      400,
      'INVALID_PARAMETER',
      'timeline_type',
    );
    assertAdsError(await get({ tweet_type: 'PUBLISHED', user_id: alice.id }), 400, 'INVALID_USER_ID', 'user_id');
    // NULLCAST by default, newest first
    assert.deepEqual(ids(await get({ tweet_type: 'PUBLISHED' })), [a]);
    assert.deepEqual(ids(await get({ tweet_type: 'PUBLISHED', timeline_type: 'ORGANIC' })), [organic, b]);
    assert.deepEqual(ids(await get({ tweet_type: 'PUBLISHED', timeline_type: 'ALL' })), [organic, b, a]);
    assert.deepEqual(ids(await get({ tweet_type: 'PUBLISHED', timeline_type: 'ALL', tweet_ids: [a, organic] })), [
      organic,
      a,
    ]);
    const page1 = await get({ tweet_type: 'PUBLISHED', timeline_type: 'ALL', count: 2 });
    assert.deepEqual(ids(page1), [organic, b]);
    const page2 = await get({
      tweet_type: 'PUBLISHED',
      timeline_type: 'ALL',
      count: 2,
      cursor: page1.body.next_cursor,
    });
    assert.deepEqual(ids(page2), [a]);
    assert.equal(page2.body.next_cursor, null);

    const one = (await get({ tweet_type: 'PUBLISHED', tweet_ids: a })).body.data[0];
    assert.equal(one.tweet_type, 'PUBLISHED');
    assert.equal(one.name, 'Spring sale');
    assert.equal(one.nullcast, true);
    assert.equal(one.scheduled_at, null);
    assert.equal(typeof one.full_text, 'string');
    assert.equal(one.conversation_settings, 'EVERYONE');

    // PUT name
    const named = await adsCall(s, other, 'PUT', `accounts/${acct.id}/tweets/${b}/name`, { name: 'Summer' });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    assert.equal(named.body.data.name, 'Summer');
    assertAdsError(
      await adsCall(s, other, 'PUT', `accounts/${acct.id}/tweets/${b}/name`, { name: 'n'.repeat(81) }),
      400,
      'INVALID_PARAMETER',
      'name',
    );
    assertAdsError(
      await adsCall(s, other, 'PUT', `accounts/${acct.id}/tweets/${b}/name`, {}),
      400,
      'MISSING_PARAMETER',
      'name',
    );
    const foreign = (await adminPost(s, alice.id, { text: unique('foreign') })).id;
    assertAdsError(
      await adsCall(s, other, 'PUT', `accounts/${acct.id}/tweets/${foreign}/name`, { name: 'x' }),
      404,
      'TWEET_NOT_FOUND',
      'tweet_id',
    );
    assert.deepEqual(ids(await get({ tweet_type: 'PUBLISHED', timeline_type: 'ALL', name: 'summer' })), [b]);

    // drafts and scheduled posts are listed by their types
    const draft = await adsCall(s, other, 'POST', `accounts/${acct.id}/draft_tweets`, {
      as_user_id: other.id,
      text: 'a draft',
    });
    assert.deepEqual(ids(await get({ tweet_type: 'DRAFT' })), [draft.body.data.id]);
    assert.equal((await get({ tweet_type: 'DRAFT' })).body.data[0].tweet_type, 'DRAFT');
    assert.deepEqual(ids(await get({ tweet_type: 'SCHEDULED' })), []);
  });
  test('media_keys from the media library: up to 4 images, or 1 GIF, or 1 video; video fields need a video', async () => {
    const images = [];
    for (let i = 0; i < 5; i++) images.push(await addLibraryMedia(s, alice, account.id, 'image'));
    const gifKey = await addLibraryMedia(s, alice, account.id, 'gif');
    const video = await addLibraryMedia(s, alice, account.id, 'video');
    const four = await tweet({ as_user_id: alice.id, media_keys: images.slice(0, 4) });
    assert.equal(four.status, 200, JSON.stringify(four.body));
    const v2 = await s.call('GET', `/2/tweets/${four.body.data.id_str}?tweet.fields=attachments`, {
      auth: `Bearer ${s.bearer}`,
    });
    assert.deepEqual(v2.body.data.attachments.media_keys, images.slice(0, 4));
    const lib = await adsCall(s, alice, 'GET', `accounts/${account.id}/media_library/${images[0]}`);
    assert.equal(lib.body.data.tweeted, true);
    assertAdsError(
      await tweet({ as_user_id: alice.id, media_keys: [images[0]!, gifKey] }),
      400,
      'INVALID_MEDIA',
      'media_keys',
    );
    assertAdsError(
      await tweet({ as_user_id: alice.id, media_keys: [video, images[1]!] }),
      400,
      'INVALID_MEDIA',
      'media_keys',
    );
    // uploaded but not in the library
    const loose = await uploadMedia(s, alice, 'image');
    assertAdsError(await tweet({ as_user_id: alice.id, media_keys: loose }), 404, 'MEDIA_NOT_FOUND', 'media_keys');
    assertAdsError(
      await tweet({ as_user_id: alice.id, media_keys: images[4]!, video_title: 'A title' }),
      400,
      'INVALID_PARAMETER',
      'video_title',
    );
    const withVideo = await tweet({
      as_user_id: alice.id,
      text: unique('watch'),
      media_keys: video,
      video_cta: 'WATCH_NOW',
      video_cta_value: 'https://example.com',
      video_title: 'A title',
      video_description: 'A description',
    });
    assert.equal(withVideo.status, 200, JSON.stringify(withVideo.body));
    const gifOnly = await tweet({ as_user_id: alice.id, media_keys: gifKey });
    assert.equal(gifOnly.status, 200, JSON.stringify(gifOnly.body));
  });
});
