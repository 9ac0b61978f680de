// Ads API video conversation cards (seed 001 "Creatives"; DOCS creatives/reference.mdx "Video
// Conversation Cards"): create with every rule of the seed refused one by one (code and parameter),
// a 16:9 video uploaded through /2/media/upload and added to the media library; list, get, and a hard
// delete.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { addLibraryMedia, uploadMedia } from '../support/ads-media.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const KEYS = [
  'card_type',
  'card_uri',
  'created_at',
  'deleted',
  'first_cta',
  'first_cta_tweet',
  'id',
  'media_key',
  'media_url',
  'name',
  'poster_media_url',
  'thank_you_text',
  'title',
  'updated_at',
  'video_height',
  'video_owner_id',
  'video_width',
];

forEachStore('Ads API: video conversation cards', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  let video: string;
  let base: Params;
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
    video = await addLibraryMedia(s, alice, account.id, 'video', { width: 1280, height: 720 });
    // the docs' example request
    base = {
      first_cta: '#APIs',
      first_cta_tweet: 'Ads API',
      name: 'video conversation card',
      thank_you_text: 'Build it',
      title: 'Developers',
      media_key: video,
    };
  });
  after(() => s.close());

  const path = (a = account) => `accounts/${a.id}/cards/video_conversation`;
  /** The account's cards among these uris, as `cards/all` finds them (cards/cards.finder.ts). */
  const cardsAll = async (accountId: string, uri: string) =>
    (await adsCall(s, alice, 'GET', `accounts/${accountId}/cards/all`, { card_uris: uri })).body.data;
  const create = (params: Params, o: { form?: boolean; version?: string; on?: { id: string } } = {}) =>
    adsCall(s, alice, 'POST', path(o.on), params, o);
  const listed = async (params: Params = {}, a = account) =>
    (await adsCall(s, alice, 'GET', path(a), params)).body.data.map((x: any) => x.id) as string[];
  const without = (name: string) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== name));

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('POST makes a VIDEO_CONVERSATION card from a library video: the docs’ object', async () => {
    const res = await create(base);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const card = res.body.data;
    assert.deepEqual(Object.keys(card).sort(), KEYS);
    assert.equal(card.card_type, 'VIDEO_CONVERSATION');
    assert.equal(card.first_cta, '#APIs');
    assert.equal(card.first_cta_tweet, 'Ads API');
    assert.equal(card.thank_you_text, 'Build it');
    assert.equal(card.title, 'Developers');
    assert.equal(card.media_key, video);
    assert.equal(card.video_width, '16');
    assert.equal(card.video_height, '9');
    assert.equal(card.video_owner_id, alice.id);
    assert.equal(card.media_url, `https://video.twimg.com/amplify_video/vmap/${video.split('_')[1]}.vmap`);
    assert.equal(card.deleted, false);
    assert.match(card.id, /^[0-9a-z]+$/);
    assert.match(card.card_uri, /^card:\/\/[0-9]+$/);
    assert.deepEqual(res.body.request.params, { account_id: account.id, ...base });
  });

  test('second to fourth CTAs with their texts, thank_you_url; poster and unlocked media write-only', async () => {
    const poster = await addLibraryMedia(s, alice, account.id, 'image');
    const unlockedImage = await addLibraryMedia(s, alice, account.id, 'image');
    const unlockedVideo = await addLibraryMedia(s, alice, account.id, 'video', { width: 640, height: 640 });
    const library = (await adsCall(s, alice, 'GET', `accounts/${account.id}/media_library/${poster}`)).body.data;
    const { title: _, ...noTitle } = base;
    const res = await create(
      {
        ...noTitle,
        second_cta: '#second',
        second_cta_tweet: 'two',
        third_cta: 'third',
        third_cta_tweet: 'three',
        fourth_cta: '#' + 'f'.repeat(20),
        fourth_cta_tweet: 'four',
        thank_you_url: 'https://example.com/thanks',
        poster_media_key: poster,
        unlocked_image_media_key: unlockedImage,
        unlocked_video_media_key: unlockedVideo,
      },
      { form: true, version: '12' },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const card = res.body.data;
    assert.deepEqual(
      Object.keys(card).sort(),
      [
        ...KEYS,
        'second_cta',
        'second_cta_tweet',
        'third_cta',
        'third_cta_tweet',
        'fourth_cta',
        'fourth_cta_tweet',
        'thank_you_url',
      ].sort(),
    );
    assert.equal(card.title, null);
    assert.equal(card.third_cta, 'third');
    assert.equal(card.poster_media_url, library.media_url);
  });

  test('required parameters, each named', async () => {
    for (const name of ['first_cta', 'first_cta_tweet', 'media_key', 'name', 'thank_you_text'])
      assertError(await create(without(name)), 400, 'MISSING_PARAMETER', name);
    const none = await create({});
    assert.deepEqual(none.body.errors.map((e: any) => e.parameter).sort(), [
      'first_cta',
      'first_cta_tweet',
      'media_key',
      'name',
      'thank_you_text',
    ]);
  });

  test('each rule refused with its code and parameter; nothing stored', async () => {
    const fresh = await newAdsAccount(s, alice);
    const own = await addLibraryMedia(s, alice, fresh.id, 'video');
    const b = { ...base, media_key: own };
    const on = { on: fresh };
    const cta21 = 'c'.repeat(21);
    const cases: Array<[Params, number, string, string]> = [
      [{ ...b, first_cta: cta21 }, 400, 'INVALID_PARAMETER', 'first_cta'],
      [{ ...b, first_cta: '#' + cta21 }, 400, 'INVALID_PARAMETER', 'first_cta'],
      [{ ...b, second_cta: cta21, second_cta_tweet: 't' }, 400, 'INVALID_PARAMETER', 'second_cta'],
      [{ ...b, third_cta: cta21, third_cta_tweet: 't' }, 400, 'INVALID_PARAMETER', 'third_cta'],
      [{ ...b, fourth_cta: cta21, fourth_cta_tweet: 't' }, 400, 'INVALID_PARAMETER', 'fourth_cta'],
      [{ ...b, thank_you_text: 't'.repeat(24) }, 400, 'INVALID_PARAMETER', 'thank_you_text'],
      [{ ...b, title: 't'.repeat(24) }, 400, 'INVALID_PARAMETER', 'title'],
      [{ ...b, name: 'n'.repeat(81) }, 400, 'INVALID_PARAMETER', 'name'],
      // title or second_cta
      [Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'title')), 400, 'MISSING_PARAMETER', 'title'],
      // each later CTA needs its _tweet text
      [{ ...b, second_cta: '#two' }, 400, 'MISSING_PARAMETER', 'second_cta_tweet'],
      [{ ...b, third_cta: '#three' }, 400, 'MISSING_PARAMETER', 'third_cta_tweet'],
      [{ ...b, fourth_cta: '#four' }, 400, 'MISSING_PARAMETER', 'fourth_cta_tweet'],
      // media: a 16:9 video of this account's library; poster and unlocked media of it too
      [{ ...b, media_key: 'nope' }, 400, 'INVALID_PARAMETER', 'media_key'],
      [{ ...b, media_key: await uploadMedia(s, alice, 'video') }, 404, 'MEDIA_NOT_FOUND', 'media_key'],
      [{ ...b, media_key: video }, 404, 'MEDIA_NOT_FOUND', 'media_key'], // another account's
      [{ ...b, media_key: await addLibraryMedia(s, alice, fresh.id, 'image') }, 400, 'INVALID_MEDIA', 'media_key'],
      [
        { ...b, media_key: await addLibraryMedia(s, alice, fresh.id, 'video', { width: 640, height: 480 }) },
        400,
        'INVALID_MEDIA',
        'media_key',
      ],
      [{ ...b, poster_media_key: own }, 400, 'INVALID_MEDIA', 'poster_media_key'],
      [{ ...b, poster_media_key: '3_1' }, 404, 'MEDIA_NOT_FOUND', 'poster_media_key'],
      [{ ...b, unlocked_image_media_key: own }, 400, 'INVALID_MEDIA', 'unlocked_image_media_key'],
      [
        { ...b, unlocked_video_media_key: await addLibraryMedia(s, alice, fresh.id, 'gif') },
        400,
        'INVALID_MEDIA',
        'unlocked_video_media_key',
      ],
    ];
    for (const [params, status, code, parameter] of cases)
      assertError(await create(params, on), status, code, parameter);
    assert.deepEqual(await listed({}, fresh), []);
    // a CTA of exactly 20 without its #, and several rules broken at once are all reported
    assert.equal((await create({ ...b, first_cta: '#' + 'c'.repeat(20) }, on)).status, 200);
    const noTitle = Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'title'));
    const many = await create({ ...noTitle, third_cta: '#x', media_key: '3_1' }, on);
    assert.deepEqual(
      many.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'title'],
        ['MISSING_PARAMETER', 'third_cta_tweet'],
        ['MEDIA_NOT_FOUND', 'media_key'],
      ],
    );
  });

  test('list, get and a hard delete; echo card_type video_conversation; cards/all’s lookup by uri', async () => {
    const a = (await create({ ...base, name: 'Night sky' })).body.data;
    const b = (await create({ ...base, name: 'night owls' })).body.data;
    const c = (await create({ ...base, name: 'day' })).body.data;
    assert.deepEqual(await listed({ card_ids: [a.id, b.id, c.id], sort_by: 'created_at-desc' }), [c.id, b.id, a.id]);
    assert.deepEqual(await listed({ card_ids: [a.id, b.id, c.id], sort_by: 'name-asc' }), [a.id, c.id, b.id]);
    assert.deepEqual((await listed({ q: 'NIGHT' })).sort(), [a.id, b.id].sort());
    const page = await adsCall(s, alice, 'GET', path(), { card_ids: a.id });
    assert.deepEqual(page.body.request.params, {
      account_id: account.id,
      card_type: 'video_conversation',
      card_ids: [a.id],
    });
    assert.deepEqual(page.body.data, [a]);

    const one = await adsCall(s, alice, 'GET', `${path()}/${a.id}`, { with_deleted: true });
    assert.deepEqual(one.body.data, a);
    assert.equal(one.body.request.params.card_type, 'video_conversation');
    assert.deepEqual(await cardsAll(account.id, a.card_uri), [a]);
    assert.deepEqual((await adsCall(s, alice, 'GET', `accounts/${account.id}/cards/all/${a.id}`)).body.data, a);

    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(Object.keys(removed.body.data).sort(), [
      'card_type',
      'created_at',
      'deleted',
      'id',
      'name',
      'updated_at',
    ]);
    assert.equal(removed.body.data.deleted, true);
    assert.equal(removed.body.data.card_type, 'VIDEO_CONVERSATION');
    assertError(await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`), 404, 'NOT_FOUND', 'card_id');
    assertError(
      await adsCall(s, alice, 'GET', `${path()}/${a.id}`, { with_deleted: true }),
      404,
      'NOT_FOUND',
      'card_id',
    );
    assert.ok(!(await listed({ with_deleted: true })).includes(a.id));
    assert.deepEqual(await cardsAll(account.id, a.card_uri), []);
  });

  test('the npm twitter-ads client creates and deletes a card', async () => {
    const ads = npmAds(s, alice);
    const made = await ads.post('accounts/:account_id/cards/video_conversation', { account_id: account.id, ...base });
    assert.equal(made.error, null, JSON.stringify(made.body));
    assert.equal(made.body.data.card_type, 'VIDEO_CONVERSATION');
    const removed = await ads.delete('accounts/:account_id/cards/video_conversation/:card_id', {
      account_id: account.id,
      card_id: made.body.data.id,
    });
    assert.equal(removed.error, null);
    assert.equal(removed.body.data.deleted, true);
  });
});
