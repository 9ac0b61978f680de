// Ads API poll cards (notes §9.5; seed 001 "Creatives"; DOCS creatives/reference.mdx "Poll Cards"):
// create with every rule refused one by one (code and parameter), numbers as strings on the wire,
// TEXT_POLLS / IMAGE_POLLS / VIDEO_POLLS with media keys uploaded through /2/media/upload and added to
// the media library, media polls only with PROMOTED_MEDIA_POLLS; list, get, and a hard delete.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { addLibraryMedia, uploadMedia } from '../support/ads-media.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const TEXT_KEYS = [
  'card_type',
  'card_uri',
  'created_at',
  'deleted',
  'duration_in_minutes',
  'end_time',
  'first_choice',
  'id',
  'name',
  'second_choice',
  'start_time',
  'updated_at',
];
const VIDEO_KEYS = [
  'content_duration_seconds',
  'video_height',
  'video_hls_url',
  'video_poster_height',
  'video_poster_url',
  'video_poster_width',
  'video_url',
  'video_width',
];

forEachStore('Ads API: poll cards', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  let media: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
    media = await newAdsAccount(s, alice);
    const grant = await s.admin('POST', `/_aviary/ads/accounts/${media.id}/features`, {
      feature_keys: ['PROMOTED_MEDIA_POLLS'],
    });
    assert.equal(grant.status, 200, JSON.stringify(grant.body));
  });
  after(() => s.close());

  const path = (a = account) => `accounts/${a.id}/cards/poll`;
  /** The account's cards among these uris, as `cards/all` finds them (cards/cards.finder.ts). */
  const cardsAll = async (accountId: string, uri: string) =>
    (await adsCall(s, alice, 'GET', `accounts/${accountId}/cards/all`, { card_uris: uri })).body.data;
  const BASE = { name: 'best coast poll', duration_in_minutes: 10080, first_choice: 'East', second_choice: 'West' };
  const create = (params: Params, o: { form?: boolean; version?: string; on?: { id: string } } = {}) =>
    adsCall(s, alice, 'POST', path(o.on), params, o);
  const listed = async (params: Params = {}, a = account) =>
    (await adsCall(s, alice, 'GET', path(a), params)).body.data.map((x: any) => x.id) as string[];

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('POST makes a TEXT_POLLS card: the docs’ object, numbers as strings, the poll runs from now', async () => {
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const res = await create(BASE);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const card = res.body.data;
    assert.deepEqual(Object.keys(card).sort(), TEXT_KEYS);
    assert.equal(card.card_type, 'TEXT_POLLS');
    assert.equal(card.duration_in_minutes, '10080');
    assert.equal(card.first_choice, 'East');
    assert.equal(card.second_choice, 'West');
    assert.equal(card.deleted, false);
    assert.match(card.id, /^[0-9a-z]+$/);
    assert.match(card.card_uri, /^card:\/\/[0-9]+$/);
    assert.match(card.start_time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(Math.abs(Date.parse(card.start_time) - now) < 2000);
    assert.equal(Date.parse(card.end_time) - Date.parse(card.start_time), 10080 * 60_000);
    assert.equal(card.created_at, card.start_time);
    assert.deepEqual(res.body.request.params, { account_id: account.id, ...BASE });

    const four = await create(
      { ...BASE, name: 'four', duration_in_minutes: 5, third_choice: 'North', fourth_choice: 'South' },
      { form: true, version: '12' },
    );
    assert.equal(four.status, 200, JSON.stringify(four.body));
    assert.equal(four.body.data.third_choice, 'North');
    assert.equal(four.body.data.fourth_choice, 'South');
    assert.equal(four.body.data.duration_in_minutes, '5');
    assert.equal(Date.parse(four.body.data.end_time) - Date.parse(four.body.data.start_time), 5 * 60_000);
  });

  test('required parameters, each named', async () => {
    const none = await create({});
    assert.equal(none.status, 400);
    assert.deepEqual(none.body.errors.map((e: any) => [e.code, e.parameter]).sort(), [
      ['MISSING_PARAMETER', 'duration_in_minutes'],
      ['MISSING_PARAMETER', 'first_choice'],
      ['MISSING_PARAMETER', 'name'],
      ['MISSING_PARAMETER', 'second_choice'],
    ]);
    for (const name of Object.keys(BASE)) {
      const { [name]: _, ...rest } = BASE as Record<string, string | number>;
      assertError(await create(rest), 400, 'MISSING_PARAMETER', name);
    }
  });

  test('each rule refused with its code and parameter; nothing stored', async () => {
    const fresh = await newAdsAccount(s, alice);
    const on = { on: fresh };
    const long = 'x'.repeat(26);
    const cases: Array<[Params, number, string, string]> = [
      [{ ...BASE, duration_in_minutes: 4 }, 400, 'INVALID_PARAMETER', 'duration_in_minutes'],
      [{ ...BASE, duration_in_minutes: 10081 }, 400, 'INVALID_PARAMETER', 'duration_in_minutes'],
      [{ ...BASE, duration_in_minutes: 'soon' }, 400, 'INVALID_PARAMETER', 'duration_in_minutes'],
      [{ ...BASE, first_choice: long }, 400, 'INVALID_PARAMETER', 'first_choice'],
      [{ ...BASE, second_choice: long }, 400, 'INVALID_PARAMETER', 'second_choice'],
      [{ ...BASE, third_choice: long }, 400, 'INVALID_PARAMETER', 'third_choice'],
      [{ ...BASE, third_choice: 'c', fourth_choice: long }, 400, 'INVALID_PARAMETER', 'fourth_choice'],
      [{ ...BASE, name: 'n'.repeat(81) }, 400, 'INVALID_PARAMETER', 'name'],
      // the third needs the first two, the fourth the first three
      [
        { name: 'p', duration_in_minutes: 60, second_choice: 'b', third_choice: 'c' },
        400,
        'MISSING_PARAMETER',
        'first_choice',
      ],
      [{ ...BASE, fourth_choice: 'd' }, 400, 'INCLUSIVE_PARAMETERS', 'fourth_choice'],
      [{ ...BASE, media_key: 'not-a-key' }, 400, 'INVALID_PARAMETER', 'media_key'],
      // media polls need PROMOTED_MEDIA_POLLS, which `fresh` does not have
      [{ ...BASE, media_key: '13_1' }, 400, 'FEATURE_NOT_AVAILABLE', 'media_key'],
    ];
    for (const [params, status, code, parameter] of cases)
      assertError(await create(params, on), status, code, parameter);
    const exact = await create({ ...BASE, first_choice: 'x'.repeat(25), duration_in_minutes: 5 }, on);
    assert.equal(exact.status, 200, JSON.stringify(exact.body));
    assert.deepEqual(await listed({}, fresh), [exact.body.data.id]);
  });

  test('a media key from /2/media/upload in the library: VIDEO_POLLS and IMAGE_POLLS', async () => {
    const video = await addLibraryMedia(s, alice, media.id, 'video', { durationMs: 7_967 });
    const res = await create({ ...BASE, media_key: video }, { on: media });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const card = res.body.data;
    assert.equal(card.card_type, 'VIDEO_POLLS');
    assert.deepEqual(Object.keys(card).sort(), [...TEXT_KEYS, ...VIDEO_KEYS].sort());
    assert.equal(card.video_width, '16');
    assert.equal(card.video_height, '9');
    assert.equal(card.video_poster_width, '16');
    assert.equal(card.video_poster_height, '9');
    assert.equal(card.content_duration_seconds, '8');
    assert.equal(card.video_url, `https://video.twimg.com/amplify_video/vmap/${video.split('_')[1]}.vmap`);
    assert.ok(!('media_key' in card), 'media_key is write-only');
    assert.equal(res.body.request.params.media_key, video);

    const image = await addLibraryMedia(s, alice, media.id, 'image', { width: 1200, height: 628 });
    const pic = await create({ ...BASE, media_key: image }, { on: media });
    assert.equal(pic.status, 200, JSON.stringify(pic.body));
    assert.equal(pic.body.data.card_type, 'IMAGE_POLLS');
    assert.equal(pic.body.data.image_display_width, '1200');
    assert.equal(pic.body.data.image_display_height, '628');
    assert.equal(typeof pic.body.data.media_url, 'string');
  });

  test('media rules: in this account’s library, an image ≥800px wide at 1.91:1 or a video, no GIF', async () => {
    const before = await listed({}, media);
    const bad: Array<[string, number, string]> = [
      [await uploadMedia(s, alice, 'video'), 404, 'MEDIA_NOT_FOUND'], // uploaded, never added
      [await addLibraryMedia(s, alice, account.id, 'video'), 404, 'MEDIA_NOT_FOUND'], // another account's
      [await addLibraryMedia(s, alice, media.id, 'gif'), 400, 'INVALID_MEDIA'],
      [await addLibraryMedia(s, alice, media.id, 'image', { width: 764, height: 400 }), 400, 'INVALID_IMAGE'],
      [await addLibraryMedia(s, alice, media.id, 'image', { width: 1200, height: 1200 }), 400, 'INVALID_IMAGE'],
    ];
    for (const [key, status, code] of bad)
      assertError(await create({ ...BASE, media_key: key }, { on: media }), status, code, 'media_key');
    assert.deepEqual(await listed({}, media), before);
  });

  test('list, get and a hard delete; echo card_type poll; cards/all’s lookup by uri', async () => {
    const a = (await create({ ...BASE, name: 'Zebra poll' })).body.data;
    const b = (await create({ ...BASE, name: 'apple poll' })).body.data;
    const c = (await create({ ...BASE, name: 'Apple pie poll' })).body.data;
    assert.deepEqual(await listed({ card_ids: [a.id, b.id, c.id], sort_by: 'created_at-desc' }), [c.id, b.id, a.id]);
    assert.deepEqual((await listed({ q: 'APPLE' })).sort(), [b.id, c.id].sort());
    assert.deepEqual(await listed({ q: 'zeb' }), [a.id]);
    assertError(await adsCall(s, alice, 'GET', path(), { q: 'q'.repeat(81) }), 400, 'INVALID_PARAMETER', 'q');
    const page = await adsCall(s, alice, 'GET', path(), { card_ids: `${a.id},${b.id}` });
    assert.deepEqual(page.body.request.params, { account_id: account.id, card_type: 'poll', card_ids: [a.id, b.id] });
    assert.deepEqual(
      page.body.data.find((x: any) => x.id === a.id),
      a,
    );

    const one = await adsCall(s, alice, 'GET', `${path()}/${a.id}`);
    assert.deepEqual(one.body.data, a);
    assert.deepEqual(one.body.request.params, { account_id: account.id, card_id: a.id, card_type: 'poll' });
    assert.deepEqual(await cardsAll(account.id, a.card_uri), [a]);
    assert.deepEqual((await adsCall(s, alice, 'GET', `accounts/${account.id}/cards/all/${a.id}`)).body.data, a);
    assert.deepEqual(await cardsAll(media.id, a.card_uri), []);

    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(Object.keys(removed.body.data).sort(), [
      'card_type',
      'created_at',
      'deleted',
      'id',
      'name',
      'start_time',
      'updated_at',
    ]);
    assert.equal(removed.body.data.deleted, true);
    assert.equal(removed.body.data.card_type, 'TEXT_POLLS');
    assert.equal(removed.body.request.params.card_type, 'poll');
    // hard: gone even with with_deleted, and a repeated delete is 404
    assertError(await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`), 404, 'NOT_FOUND', 'card_id');
    assertError(
      await adsCall(s, alice, 'GET', `${path()}/${a.id}`, { with_deleted: true }),
      404,
      'NOT_FOUND',
      'card_id',
    );
    assert.ok(!(await listed({ with_deleted: 'True' })).includes(a.id));
    assert.deepEqual(await cardsAll(account.id, a.card_uri), []);

    // another account's card is not found on this one
    const other = (await create(BASE, { on: media })).body.data;
    assertError(await adsCall(s, alice, 'GET', `${path()}/${other.id}`), 404, 'NOT_FOUND', 'card_id');
    assertError(await adsCall(s, alice, 'DELETE', `${path()}/${other.id}`), 404, 'NOT_FOUND', 'card_id');
    const stranger = await newAdvertiser(s);
    assert.equal((await adsCall(s, stranger, 'GET', path())).status, 404);
  });

  test('the npm twitter-ads client creates, reads and deletes a poll', async () => {
    const ads = npmAds(s, alice);
    const made = await ads.post('accounts/:account_id/cards/poll', {
      account_id: account.id,
      ...BASE,
      name: 'npm poll',
    });
    assert.equal(made.error, null, JSON.stringify(made.body));
    assert.equal(made.body.data.card_type, 'TEXT_POLLS');
    const one = await ads.get('accounts/:account_id/cards/poll/:card_id', {
      account_id: account.id,
      card_id: made.body.data.id,
    });
    assert.equal(one.error, null);
    assert.equal(one.body.data.name, 'npm poll');
    const removed = await ads.delete('accounts/:account_id/cards/poll/:card_id', {
      account_id: account.id,
      card_id: made.body.data.id,
    });
    assert.equal(removed.error, null);
    assert.equal(removed.body.data.deleted, true);
  });
});
