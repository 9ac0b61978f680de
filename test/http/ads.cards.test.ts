// Ads API v12 cards (seed 001 "Creatives", "Card components"; notes §9.4): JSON-only create and PUT
// as the Python SDK sends them (`/11/`, `Content-Type: application/json`), every component rule
// refused with its code and parameter (the JSON path of the field), media keys of the account's media
// library (uploaded through /2/media/upload), card_type derived, objects for get/PUT/DELETE, list
// filters, the legacy typed delete, and cards/all.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser, type Params } from '../support/ads.js';
import { addLibraryMedia } from '../support/ads-media.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

type Body = Record<string, any>;

forEachStore('Ads API: cards', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  let img: string;
  let img2: string;
  let vid: string;
  let gif: string;
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
    img = await addLibraryMedia(s, alice, account.id, 'image');
    img2 = await addLibraryMedia(s, alice, account.id, 'image');
    vid = await addLibraryMedia(s, alice, account.id, 'video', { width: 1280, height: 720, durationMs: 7967 });
    gif = await addLibraryMedia(s, alice, account.id, 'gif');
  });
  after(() => s.close());

  const path = () => `accounts/${account.id}/cards`;
  const create = (json: unknown, o: { version?: string } = {}) => adsCall(s, alice, 'POST', path(), {}, { json, ...o });
  const put = (id: string, json: unknown) => adsCall(s, alice, 'PUT', `${path()}/${id}`, {}, { json });
  const listed = async (params: Params) =>
    (await adsCall(s, alice, 'GET', path(), params)).body.data.map((x: any) => x.id) as string[];

  const media = (key = img) => ({ type: 'MEDIA', media_key: key });
  const details = (url = 'https://example.com/shop') => ({
    type: 'DETAILS',
    title: 'Shop now',
    destination: { type: 'WEBSITE', url },
  });
  const app = { type: 'APP', country_code: 'US', googleplay_app_id: 'com.example.app' };
  const button = (destination: unknown = app) => ({
    type: 'BUTTON',
    label: { type: 'ENUM', value: 'INSTALL' },
    destination,
  });
  const card = (...components: unknown[]): Body => ({ name: 'my card', components });

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('POST (JSON, /11/): the card object with card_type, card_uri, media_metadata and tco_url', async () => {
    const res = await create(card(media(vid), details('HTTPS://Example.COM')));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(res.body.request, { params: { account_id: account.id } });
    const c = res.body.data;
    assert.ok(!Array.isArray(c));
    assert.deepEqual(Object.keys(c).sort(), [
      'card_type',
      'card_uri',
      'components',
      'created_at',
      'deleted',
      'id',
      'name',
      'updated_at',
    ]);
    assert.match(c.id, /^[0-9]+$/);
    assert.equal(c.card_uri, `card://${c.id}`);
    assert.equal(c.card_type, 'VIDEO_WEBSITE');
    assert.equal(c.deleted, false);
    assert.equal(c.name, 'my card');
    assert.match(c.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const [m, d] = c.components;
    assert.equal(m.type, 'MEDIA');
    assert.equal(m.media_key, vid);
    const meta = m.media_metadata[vid];
    assert.equal(meta.type, 'VIDEO');
    assert.equal(meta.width, 1280);
    assert.equal(meta.height, 720);
    assert.equal(meta.video_duration, 7967);
    assert.equal(meta.video_aspect_ratio, '16:9');
    assert.equal(typeof meta.url, 'string');
    assert.equal(d.type, 'DETAILS');
    assert.equal(d.title, 'Shop now');
    assert.equal(d.destination.type, 'WEBSITE');
    assert.equal(d.destination.url, 'https://example.com/');
    assert.match(d.destination.tco_url, /^https:\/\/t\.co\/[0-9A-Za-z]{10}$/);

    const v12 = await create(card(media(img), details()), { version: '12' });
    assert.equal(v12.status, 200);
    assert.equal(v12.body.data.card_type, 'IMAGE_WEBSITE');
  });

  test('card_type is derived from the components, to the seed enum', async () => {
    const typeOf = async (body: Body) => {
      const res = await create(body);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.card_type;
    };
    const swipe = (...keys: string[]) => ({ type: 'SWIPEABLE_MEDIA', media_keys: keys });
    assert.equal(await typeOf(card(media(img), button())), 'IMAGE_APP');
    assert.equal(await typeOf(card(button(), media(vid))), 'VIDEO_APP');
    assert.equal(await typeOf(card(swipe(img, img2), details())), 'IMAGE_CAROUSEL_WEBSITE');
    assert.equal(await typeOf(card(swipe(vid, vid), details())), 'VIDEO_CAROUSEL_WEBSITE');
    assert.equal(await typeOf(card(swipe(img, vid), details())), 'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE');
    assert.equal(await typeOf(card(swipe(img, img2), button())), 'IMAGE_CAROUSEL_APP');
    assert.equal(await typeOf(card(swipe(vid, vid), button())), 'VIDEO_CAROUSEL_APP');
    assert.equal(await typeOf(card(swipe(vid, img), button())), 'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP');
    const slides = (...keys: string[]) => ({
      name: 'multi',
      slides: keys.map((k, i) => [media(k), details(`https://x.com/${i}`)]),
    });
    assert.equal(await typeOf(slides(img, img2)), 'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE');
    assert.equal(await typeOf(slides(vid, vid)), 'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE');
    assert.equal(await typeOf(slides(img, vid, img2)), 'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE');
    const multi = await create(slides(img, vid));
    assert.equal(multi.body.data.slides.length, 2);
    assert.ok(!('components' in multi.body.data));
    assert.equal(multi.body.data.slides[1][0].media_metadata[vid].type, 'VIDEO');
  });

  test('JSON only: a form body or query-string create is refused, nothing stored', async () => {
    const before = await listed({ count: 200 });
    const form = await adsCall(s, alice, 'POST', path(), { name: 'x', components: '[]' }, { form: true });
    assertError(form, 400, 'INVALID_PARAMETER', 'Content-Type');
    const query = await adsCall(s, alice, 'POST', path(), { name: 'x' });
    assertError(query, 400, 'INVALID_PARAMETER', 'Content-Type');
    const text = await adsCall(s, alice, 'POST', path(), {}, { headers: { 'content-type': 'text/plain' } });
    assert.equal(text.status, 400);
    assert.deepEqual(await listed({ count: 200 }), before);
  });

  test('every component rule, one by one: its code and the JSON path of its parameter', async () => {
    const before = await listed({ count: 200 });
    const appWith = (over: Record<string, unknown>) => button({ ...app, ...over });
    const cases: Array<[string, unknown, string, string]> = [
      ['body not an object', [card(media(), details())], 'INVALID_PARAMETER', 'body'],
      ['name missing', { components: [media(), details()] }, 'MISSING_PARAMETER', 'name'],
      ['name over 80', { ...card(media(), details()), name: 'n'.repeat(81) }, 'INVALID_PARAMETER', 'name'],
      ['no components or slides', { name: 'x' }, 'MISSING_PARAMETER', 'components'],
      ['both', { ...card(media(), details()), slides: [] }, 'EXCLUSIVE_PARAMETERS', 'slides'],
      ['type missing', card(media(), { title: 't' }), 'MISSING_PARAMETER', 'components[1].type'],
      ['type unknown', card(media(), { type: 'POLL' }), 'INVALID_PARAMETER', 'components[1].type'],
      ['MEDIA key missing', card({ type: 'MEDIA' }, details()), 'MISSING_PARAMETER', 'components[0].media_key'],
      [
        'SWIPEABLE_MEDIA one key',
        card({ type: 'SWIPEABLE_MEDIA', media_keys: [img] }, details()),
        'INVALID_PARAMETER',
        'components[0].media_keys',
      ],
      [
        'SWIPEABLE_MEDIA seven keys',
        card({ type: 'SWIPEABLE_MEDIA', media_keys: Array(7).fill(img) }, details()),
        'INVALID_PARAMETER',
        'components[0].media_keys',
      ],
      [
        'DETAILS title missing',
        card(media(), { type: 'DETAILS', destination: details().destination }),
        'MISSING_PARAMETER',
        'components[1].title',
      ],
      [
        'DETAILS destination missing',
        card(media(), { type: 'DETAILS', title: 't' }),
        'MISSING_PARAMETER',
        'components[1].destination',
      ],
      [
        'BUTTON label missing',
        card(media(), { type: 'BUTTON', destination: app }),
        'MISSING_PARAMETER',
        'components[1].label',
      ],
      [
        'BUTTON label type not ENUM',
        card(media(), { ...button(), label: { type: 'TEXT', value: 'SHOP' } }),
        'INVALID_PARAMETER',
        'components[1].label.type',
      ],
      [
        'BUTTON label value unknown',
        card(media(), { ...button(), label: { type: 'ENUM', value: 'BUY' } }),
        'INVALID_PARAMETER',
        'components[1].label.value',
      ],
      [
        'BUTTON destination missing',
        card(media(), { type: 'BUTTON', label: { type: 'ENUM', value: 'SHOP' } }),
        'MISSING_PARAMETER',
        'components[1].destination',
      ],
      [
        'WEBSITE destination in a BUTTON',
        card(media(), button(details().destination)),
        'INVALID_PARAMETER',
        'components[1].destination.type',
      ],
      [
        'APP destination in DETAILS',
        card(media(), { ...details(), destination: app }),
        'INVALID_PARAMETER',
        'components[1].destination.type',
      ],
      [
        'WEBSITE url missing',
        card(media(), { ...details(), destination: { type: 'WEBSITE' } }),
        'MISSING_PARAMETER',
        'components[1].destination.url',
      ],
      [
        'WEBSITE url not a URL',
        card(media(), details('example dot com')),
        'INVALID_PARAMETER',
        'components[1].destination.url',
      ],
      [
        'APP country_code missing',
        card(media(), button({ type: 'APP', googleplay_app_id: 'a' })),
        'MISSING_PARAMETER',
        'components[1].destination.country_code',
      ],
      [
        'APP country_code not ISO 3166-1 alpha-2',
        card(media(), appWith({ country_code: 'XX' })),
        'INVALID_PARAMETER',
        'components[1].destination.country_code',
      ],
      [
        'APP without an app id',
        card(media(), button({ type: 'APP', country_code: 'US' })),
        'INVALID_PARAMETER',
        'components[1].destination',
      ],
      [
        'googleplay deep link without its app id',
        card(
          media(),
          button({ type: 'APP', country_code: 'US', ios_app_store_identifier: '1', googleplay_deep_link: 'x://' }),
        ),
        'INCLUSIVE_PARAMETERS',
        'components[1].destination.googleplay_deep_link',
      ],
      [
        'ios deep link without its app id',
        card(media(), appWith({ ios_deep_link: 'x://' })),
        'INCLUSIVE_PARAMETERS',
        'components[1].destination.ios_deep_link',
      ],
      ['no media component', card(details()), 'INVALID_PARAMETER', 'components'],
      ['no DETAILS or BUTTON', card(media()), 'INVALID_PARAMETER', 'components'],
      ['two media components', card(media(), details(), media(img2)), 'INVALID_PARAMETER', 'components[2]'],
      ['DETAILS and BUTTON', card(media(), details(), button()), 'INVALID_PARAMETER', 'components[2]'],
      ['one slide', { name: 'x', slides: [[media(), details()]] }, 'INVALID_PARAMETER', 'slides'],
      [
        'a BUTTON in a slide',
        {
          name: 'x',
          slides: [
            [media(), details()],
            [media(), button()],
          ],
        },
        'INVALID_PARAMETER',
        'slides[1][1].type',
      ],
    ];
    for (const [why, body, code, parameter] of cases) {
      const res = await create(body);
      assert.equal(res.status, 400, `${why}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.errors.length, 1, `${why}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.errors[0].code, code, why);
      assert.equal(res.body.errors[0].parameter, parameter, why);
      assert.equal(typeof res.body.errors[0].message, 'string');
    }
    assert.deepEqual(await listed({ count: 200 }), before);
  });

  test('media keys: the account’s library only, images and videos only', async () => {
    const bob = await newAdvertiser(s);
    const bobs = await newAdsAccount(s, bob);
    const foreign = await addLibraryMedia(s, bob, bobs.id, 'image');
    assertError(await create(card(media('3_999'), details())), 404, 'MEDIA_NOT_FOUND', 'components[0].media_key');
    assertError(await create(card(media(foreign), details())), 404, 'MEDIA_NOT_FOUND', 'components[0].media_key');
    assertError(await create(card(media(gif), details())), 400, 'INVALID_MEDIA', 'components[0].media_key');
    const swipe = { type: 'SWIPEABLE_MEDIA', media_keys: [img, foreign] };
    assertError(await create(card(swipe, details())), 404, 'MEDIA_NOT_FOUND', 'components[0].media_keys[1]');
    // removed from the library: no longer usable
    const gone = await addLibraryMedia(s, alice, account.id, 'image');
    assert.equal((await adsCall(s, alice, 'DELETE', `accounts/${account.id}/media_library/${gone}`)).status, 200);
    assertError(await create(card(media(gone), details())), 404, 'MEDIA_NOT_FOUND', 'components[0].media_key');
  });

  test('get, PUT (the Python SDK’s body: loaded components sent back) and DELETE answer objects', async () => {
    const made = (await create(card(media(img), details()))).body.data;
    const one = await adsCall(s, alice, 'GET', `${path()}/${made.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data, made);
    assert.deepEqual(one.body.request.params, { account_id: account.id, card_id: made.id });

    // Card.save sends name and the components it loaded, media_metadata and tco_url included.
    const renamed = await put(made.id, { name: 'renamed', components: made.components });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.ok(!Array.isArray(renamed.body.data));
    assert.equal(renamed.body.data.name, 'renamed');
    assert.deepEqual(renamed.body.data.components, made.components);
    assert.equal(renamed.body.data.card_type, 'IMAGE_WEBSITE');
    assert.equal(renamed.body.data.created_at, made.created_at);

    const swapped = await put(made.id, { components: [button(), media(vid)] });
    assert.equal(swapped.status, 200, JSON.stringify(swapped.body));
    assert.equal(swapped.body.data.name, 'renamed');
    assert.equal(swapped.body.data.card_type, 'VIDEO_APP');
    assert.equal(swapped.body.data.components[0].destination.country_code, 'US');

    assertError(await put(made.id, { components: [media(img)] }), 400, 'INVALID_PARAMETER', 'components');
    assertError(await put(made.id, { name: '' }), 400, 'INVALID_PARAMETER', 'name');
    const form = await adsCall(s, alice, 'PUT', `${path()}/${made.id}`, { name: 'form' }, { form: true });
    assertError(form, 400, 'INVALID_PARAMETER', 'Content-Type');
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${made.id}`)).body.data.card_type, 'VIDEO_APP');

    const removed = await adsCall(s, alice, 'DELETE', `${path()}/${made.id}`);
    assert.equal(removed.status, 200);
    assert.ok(!Array.isArray(removed.body.data));
    assert.equal(removed.body.data.deleted, true);
    assertError(await adsCall(s, alice, 'DELETE', `${path()}/${made.id}`), 404, 'NOT_FOUND', 'card_id');
    assertError(await adsCall(s, alice, 'GET', `${path()}/${made.id}`), 404, 'NOT_FOUND', 'card_id');
    assertError(await put(made.id, { name: 'late' }), 404, 'NOT_FOUND', 'card_id');
    const withDeleted = await adsCall(s, alice, 'GET', `${path()}/${made.id}`, { with_deleted: 'True' });
    assert.equal(withDeleted.body.data.deleted, true);

    // another account's card is not found
    const bob = await newAdvertiser(s);
    const bobs = await newAdsAccount(s, bob);
    const other = await adsCall(s, bob, 'GET', `accounts/${bobs.id}/cards/${one.body.data.id}`);
    assertError(other, 404, 'NOT_FOUND', 'card_id');
  });

  test('list: card_types, card_id, card_uris, q, include_legacy_cards, count 1–200, with_deleted', async () => {
    const fresh = await newAdsAccount(s, alice);
    const key = await addLibraryMedia(s, alice, fresh.id, 'image');
    const p = `accounts/${fresh.id}/cards`;
    const make = async (name: string, components: unknown[]) =>
      (await adsCall(s, alice, 'POST', p, {}, { json: { name, components } })).body.data;
    const a = await make('summer sale', [media(key), details()]);
    const b = await make('summer boots', [media(key), button()]);
    const c = await make('winter', [media(key), details()]);
    const ids = async (params: Params) =>
      (await adsCall(s, alice, 'GET', p, params)).body.data.map((x: any) => x.id) as string[];
    assert.deepEqual(await ids({}), [a.id, b.id, c.id]);
    assert.deepEqual(await ids({ card_types: 'IMAGE_APP' }), [b.id]);
    assert.deepEqual(await ids({ card_types: ['IMAGE_APP', 'IMAGE_WEBSITE'] }), [a.id, b.id, c.id]);
    assert.deepEqual(await ids({ card_id: [a.id, c.id] }), [a.id, c.id]);
    assert.deepEqual(await ids({ card_id: `${b.id},${c.id}` }), [b.id, c.id]);
    assert.deepEqual(await ids({ card_uris: [b.card_uri] }), [b.id]);
    assert.deepEqual(await ids({ q: 'SUMMER' }), [a.id, b.id]);
    assert.deepEqual(await ids({ q: 'sale' }), []);
    assert.deepEqual(await ids({ include_legacy_cards: true }), [a.id, b.id, c.id]);
    assert.deepEqual(await ids({ sort_by: 'name-asc' }), [b.id, a.id, c.id]);
    assert.deepEqual(await ids({ sort_by: 'created_at-desc' }), [c.id, b.id, a.id]);
    const get = (params: Params) => adsCall(s, alice, 'GET', p, params);
    assertError(await get({ card_types: 'POLL' }), 400, 'INVALID_PARAMETER', 'card_types');
    assertError(await get({ count: 201 }), 400, 'INVALID_PARAMETER', 'count');
    assertError(await get({ q: 'q'.repeat(81) }), 400, 'INVALID_PARAMETER', 'q');
    assertError(await get({ card_uris: 'nope' }), 400, 'INVALID_PARAMETER', 'card_uris');
    assertError(
      await get({ card_id: Array.from({ length: 201 }, (_, i) => String(i + 1)) }),
      400,
      'INVALID_PARAMETER',
      'card_id',
    );
    assert.equal((await get({ count: 200 })).status, 200);
    const page = await get({ count: 2 });
    assert.equal(page.body.data.length, 2);
    assert.equal(typeof page.body.next_cursor, 'string');
    await adsCall(s, alice, 'DELETE', `${p}/${b.id}`);
    assert.deepEqual(await ids({}), [a.id, c.id]);
    assert.deepEqual(await ids({ with_deleted: 'True' }), [a.id, b.id, c.id]);
  });

  test('the legacy typed delete; cards/poll and cards/all are not taken for a card id or type', async () => {
    const made = (await create(card(media(img), details()))).body.data;
    const typed = (type: string, id = made.id) => adsCall(s, alice, 'DELETE', `${path()}/${type}/${id}`);
    assertError(await typed('website'), 400, 'INVALID_PARAMETER', 'card_type');
    assertError(await typed('IMAGE_APP'), 404, 'NOT_FOUND', 'card_id');
    // poll cards have their own routes: a DELETE there never deletes this card
    await adsCall(s, alice, 'DELETE', `${path()}/poll/${made.id}`);
    await adsCall(s, alice, 'DELETE', `${path()}/video_conversation/${made.id}`);
    assert.equal((await adsCall(s, alice, 'GET', `${path()}/${made.id}`)).status, 200);
    const removed = await typed('image_website');
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.ok(!Array.isArray(removed.body.data));
    assert.equal(removed.body.data.deleted, true);
    assertError(await typed('IMAGE_WEBSITE'), 404, 'NOT_FOUND', 'card_id');
    // GET cards/all is its own route, not the card `all`
    assertError(await adsCall(s, alice, 'GET', `${path()}/all`), 400, 'MISSING_PARAMETER', 'card_uris');
  });

  test('cards/all by card_uris (required, up to 200) and cards/all/:card_id', async () => {
    const a = (await create(card(media(img), details()))).body.data;
    const b = (await create(card(media(vid), button()))).body.data;
    const all = (params: Params) => adsCall(s, alice, 'GET', `${path()}/all`, params);
    const both = await all({ card_uris: [b.card_uri, 'card://1', a.card_uri] });
    assert.equal(both.status, 200, JSON.stringify(both.body));
    assert.deepEqual(
      both.body.data.map((x: any) => x.id),
      [b.id, a.id],
    );
    assert.deepEqual(both.body.data[1], a);
    const csv = await all({ card_uris: `${a.card_uri},${b.card_uri}` });
    assert.equal(csv.body.data.length, 2);
    const many = Array.from({ length: 201 }, (_, i) => `card://${i + 1}`);
    assertError(await all({ card_uris: many }), 400, 'INVALID_PARAMETER', 'card_uris');
    assertError(await all({}), 400, 'MISSING_PARAMETER', 'card_uris');

    const byId = await adsCall(s, alice, 'GET', `${path()}/all/${a.id}`);
    assert.equal(byId.status, 200);
    assert.deepEqual(byId.body.data, a);
    assertError(await adsCall(s, alice, 'GET', `${path()}/all/12345`), 404, 'NOT_FOUND', 'card_id');

    await adsCall(s, alice, 'DELETE', `${path()}/${a.id}`);
    assert.deepEqual(
      (await all({ card_uris: [a.card_uri, b.card_uri] })).body.data.map((x: any) => x.id),
      [b.id],
    );
    const deleted = await all({ card_uris: a.card_uri, with_deleted: true });
    assert.equal(deleted.body.data[0].deleted, true);
    assertError(await adsCall(s, alice, 'GET', `${path()}/all/${a.id}`), 404, 'NOT_FOUND', 'card_id');
    const again = await adsCall(s, alice, 'GET', `${path()}/all/${a.id}`, { with_deleted: true });
    assert.equal(again.body.data.deleted, true);
  });
});
