// Ads API media library and account media (seed 001 "Creatives"; notes §9.6): uploads of /2/media/upload
// added by media key, the docs' object (images omit the video fields), text limits, video-only fields,
// duplicates, other users' media, PUT, soft delete (repeat 404), q and media_type, AMPLIFY_VIDEO →
// PREROLL account media, account media list/get/delete and the control route, SDK-shaped requests.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { addLibraryMedia, uploadMedia } from '../support/ads-media.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';
import { signRequest } from '../../src/auth/index.js';
import { libraryMediaByKeys, markTweeted } from '../../src/modules/ads/media-library/index.js';

forEachStore('Ads API: media library and account media', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const lib = () => `accounts/${account.id}/media_library`;
  const am = () => `accounts/${account.id}/account_media`;
  const add = (params: Params, who = alice) => adsCall(s, who, 'POST', lib(), params);
  const put = (key: string, params: Params) => adsCall(s, alice, 'PUT', `${lib()}/${key}`, params);
  const get = (key: string) => adsCall(s, alice, 'GET', `${lib()}/${key}`);

  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('POST an AMPLIFY_VIDEO: the docs’ object, poster from the first frame, and a PREROLL account media', async () => {
    const key = await uploadMedia(s, alice, 'video', { category: 'amplify_video', durationMs: 39_973 });
    const res = await add({ media_key: key, name: 'launch', title: 'buildings', file_name: 'launch.mp4' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const m = res.body.data;
    assert.deepEqual(Object.keys(m), [
      'tweeted',
      'duration',
      'name',
      'file_name',
      'description',
      'media_url',
      'media_category',
      'poster_media_url',
      'poster_media_key',
      'media_key',
      'created_at',
      'media_status',
      'title',
      'media_type',
      'aspect_ratio',
      'updated_at',
      'deleted',
    ]);
    const id = key.split('_')[1];
    assert.deepEqual(
      { ...m, media_url: typeof m.media_url, poster_media_url: typeof m.poster_media_url },
      {
        tweeted: false,
        duration: 39_973,
        name: 'launch',
        file_name: 'launch.mp4',
        description: null,
        media_url: 'string',
        media_category: 'AMPLIFY_VIDEO',
        poster_media_url: 'string',
        poster_media_key: `3_${id}`,
        media_key: key,
        created_at: m.created_at,
        media_status: 'TRANSCODE_COMPLETED',
        title: 'buildings',
        media_type: 'VIDEO',
        aspect_ratio: '16:9',
        updated_at: m.updated_at,
        deleted: false,
      },
    );
    assert.match(m.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.match(m.media_url, /\.mp4$/);
    assert.deepEqual(res.body.request.params, {
      account_id: account.id,
      media_key: key,
      name: 'launch',
      title: 'buildings',
      file_name: 'launch.mp4',
    });
    assert.deepEqual((await get(key)).body.data, m);

    const preroll = (await adsCall(s, alice, 'GET', am(), { creative_types: 'PREROLL' })).body.data;
    const mine = preroll.filter((x: any) => x.video_id === key);
    assert.equal(mine.length, 1);
    assert.deepEqual(Object.keys(mine[0]), [
      'video_id',
      'media_url',
      'creative_type',
      'id',
      'created_at',
      'updated_at',
      'deleted',
    ]);
    assert.equal(mine[0].media_url, null);
    assert.equal(mine[0].creative_type, 'PREROLL');
    assert.match(mine[0].id, /^[0-9a-z]+$/);
  });

  test('an image omits the video fields; a GIF is GIF/TWEET_GIF; a tweet video is no account media', async () => {
    const image = await uploadMedia(s, alice, 'image');
    const res = await add({ media_key: image, name: 'banner' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body.data).sort(), [
      'created_at',
      'deleted',
      'file_name',
      'media_category',
      'media_key',
      'media_status',
      'media_type',
      'media_url',
      'name',
      'tweeted',
      'updated_at',
    ]);
    assert.equal(res.body.data.media_type, 'IMAGE');
    assert.equal(res.body.data.media_category, 'TWEET_IMAGE');
    assert.match(res.body.data.media_url, /^https:\/\/pbs\.twimg\.com\/media\//);

    const g = await uploadMedia(s, alice, 'gif');
    const gres = await add({ media_key: g });
    assert.equal(gres.status, 200, JSON.stringify(gres.body));
    assert.equal(gres.body.data.media_type, 'GIF');
    assert.equal(gres.body.data.media_category, 'TWEET_GIF');
    assert.ok(!('title' in gres.body.data));

    const v = await addLibraryMedia(s, alice, account.id, 'video', { width: 720, height: 1280 });
    const data = (await get(v)).body.data;
    assert.equal(data.media_category, 'TWEET_VIDEO');
    assert.equal(data.aspect_ratio, '9:16');
    const all = (await adsCall(s, alice, 'GET', am(), { with_deleted: true })).body.data;
    assert.ok(!all.some((x: any) => x.video_id === v));
  });

  test('text limits: name 100, file_name 255, title 70, description 200, on POST and PUT', async () => {
    const limits = { name: 100, file_name: 255, title: 70, description: 200 };
    for (const [field, max] of Object.entries(limits)) {
      const key = await uploadMedia(s, alice, 'video');
      assertError(await add({ media_key: key, [field]: 'x'.repeat(max + 1) }), 400, 'INVALID_PARAMETER', field);
      assertError(await get(key), 404, 'NOT_FOUND', 'media_key'); // nothing stored
      const ok = await add({ media_key: key, [field]: 'é'.repeat(max) });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.data[field], 'é'.repeat(max));
      assertError(await put(key, { [field]: 'y'.repeat(max + 1) }), 400, 'INVALID_PARAMETER', field);
      assert.equal((await get(key)).body.data[field], 'é'.repeat(max));
    }
  });

  test('title, description and poster_media_key are for videos only', async () => {
    const poster = await uploadMedia(s, alice, 'image');
    for (const kind of ['image', 'gif'] as const) {
      const key = await uploadMedia(s, alice, kind);
      for (const [field, value] of [
        ['title', 'A title'],
        ['description', 'words'],
        ['poster_media_key', poster],
      ] as const) {
        const res = await add({ media_key: key, [field]: value });
        assertError(res, 400, 'INVALID_PARAMETER', field);
        assert.match(res.body.errors[0].message, /only allowed for media of media_type VIDEO/);
      }
      assertError(await get(key), 404, 'NOT_FOUND', 'media_key');
      assert.equal((await add({ media_key: key })).status, 200);
      assertError(await put(key, { title: 'no' }), 400, 'INVALID_PARAMETER', 'title');
    }
  });

  test('media_key: required, well formed, known, finished, the caller’s or a promotable user’s; once', async () => {
    assertError(await add({}), 400, 'MISSING_PARAMETER', 'media_key');
    assertError(await add({ media_key: 'nonsense' }), 400, 'INVALID_PARAMETER', 'media_key');
    assertError(await add({ media_key: '3_999999999999' }), 400, 'INVALID_MEDIA_ID', 'media_key');

    const carol = await newAdvertiser(s);
    const hers = await uploadMedia(s, carol, 'image');
    assertError(await add({ media_key: hers }), 400, 'INVALID_MEDIA_ID', 'media_key');

    // bob is granted on the account; alice, its owner, is a promotable user: bob may add her upload
    const bob = await newAdvertiser(s);
    await s.admin('POST', `/_aviary/ads/accounts/${account.id}/users`, { user_id: bob.id });
    const alices = await uploadMedia(s, alice, 'image');
    assert.equal((await add({ media_key: alices }, bob)).status, 200);
    // … but alice may not add bob's (bob is not promotable)
    const bobs = await uploadMedia(s, bob, 'image');
    assertError(await add({ media_key: bobs }), 400, 'INVALID_MEDIA_ID', 'media_key');

    const key = await uploadMedia(s, alice, 'image');
    assert.equal((await add({ media_key: key })).status, 200);
    const again = await add({ media_key: key });
    assertError(again, 400, 'INVALID_MEDIA', 'media_key');
    assert.match(again.body.errors[0].message, /already in the media library/);

    // the same media added eight times at once: one entry, seven refusals, no 500
    const racing = await uploadMedia(s, alice, 'image');
    const answers = await Promise.all(Array.from({ length: 8 }, () => add({ media_key: racing })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) assertError(a, 400, 'INVALID_MEDIA', 'media_key');
  });

  test('an unfinished upload and a DM upload are refused', async () => {
    // INIT of a chunked upload, never finalized: the media key exists, processing has not finished
    const url = `${s.url}/2/media/upload?command=INIT&media_type=video%2Fmp4&total_bytes=1000&media_category=tweet_video`;
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const authorization = signRequest({
      method: 'POST',
      url,
      consumerKey: alice.consumerKey,
      consumerSecret: alice.consumerSecret,
      token: alice.token,
      tokenSecret: alice.tokenSecret,
      timestamp: Math.floor(now / 1000),
    });
    const init = await fetch(url, { method: 'POST', headers: { authorization } });
    const pending = ((await init.json()) as any).data.media_key as string;
    assert.match(pending, /^7_/);
    const res = await add({ media_key: pending });
    assertError(res, 400, 'INVALID_MEDIA', 'media_key');
    assert.match(res.body.errors[0].message, /not finished processing/);

    const dm = await uploadMedia(s, alice, 'image', { category: 'dm_image' as never });
    assertError(await add({ media_key: dm }), 400, 'INVALID_MEDIA', 'media_key');
  });

  test('PUT changes the fields given; "" un-sets; the poster is an image, "" resets it to the first frame', async () => {
    const key = await addLibraryMedia(s, alice, account.id, 'video');
    const first = (await get(key)).body.data;
    const poster = await uploadMedia(s, alice, 'image');
    const res = await put(key, { title: 'New', description: 'About', poster_media_key: poster });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.title, 'New');
    assert.equal(res.body.data.description, 'About');
    assert.equal(res.body.data.poster_media_key, poster);
    assert.match(res.body.data.poster_media_url, /^https:\/\/pbs\.twimg\.com\/media\//);
    assert.equal(res.body.data.name, null);

    const cleared = await put(key, { title: '', poster_media_key: '' });
    assert.equal(cleared.body.data.title, null);
    assert.equal(cleared.body.data.description, 'About');
    assert.equal(cleared.body.data.poster_media_key, first.poster_media_key);
    assert.equal(cleared.body.data.poster_media_url, first.poster_media_url);

    const notImage = await uploadMedia(s, alice, 'video');
    assertError(await put(key, { poster_media_key: notImage }), 400, 'INVALID_MEDIA', 'poster_media_key');
    const carol = await newAdvertiser(s);
    const hers = await uploadMedia(s, carol, 'image');
    assertError(await put(key, { poster_media_key: hers }), 400, 'INVALID_MEDIA_ID', 'poster_media_key');
    assertError(await put('7_123', { name: 'x' }), 404, 'NOT_FOUND', 'media_key');
  });

  test('DELETE soft-deletes: deleted true, then 404 on GET, PUT and a repeated DELETE; it may be added again', async () => {
    const key = await addLibraryMedia(s, alice, account.id, 'image');
    const res = await adsCall(s, alice, 'DELETE', `${lib()}/${key}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.deleted, true);
    assert.equal(res.body.data.media_key, key);
    assertError(await adsCall(s, alice, 'DELETE', `${lib()}/${key}`), 404, 'NOT_FOUND', 'media_key');
    assertError(await get(key), 404, 'NOT_FOUND', 'media_key');
    assertError(await put(key, { name: 'x' }), 404, 'NOT_FOUND', 'media_key');
    assertError(await get('3_1'), 404, 'NOT_FOUND', 'media_key');
    const listed = (await adsCall(s, alice, 'GET', lib(), { count: 50 })).body.data.map((x: any) => x.media_key);
    assert.ok(!listed.includes(key));
    assert.equal((await add({ media_key: key })).status, 200);
  });

  test('the list: count 20 by default, media_type and q (name, title, file_name, description)', async () => {
    const who = await newAdvertiser(s);
    const acc = await newAdsAccount(s, who);
    const path = `accounts/${acc.id}/media_library`;
    const list = async (params: Params) => {
      const res = await adsCall(s, who, 'GET', path, params);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.map((x: any) => x.media_key) as string[];
    };
    const img = await addLibraryMedia(s, who, acc.id, 'image');
    const vid = await addLibraryMedia(s, who, acc.id, 'video');
    const gif = await addLibraryMedia(s, who, acc.id, 'gif');
    assert.deepEqual(await list({}), [img, vid, gif]);
    assert.deepEqual(await list({ media_type: 'VIDEO' }), [vid]);
    assert.deepEqual(await list({ media_type: 'GIF' }), [gif]);
    assert.deepEqual(await list({ media_type: 'IMAGE' }), [img]);
    assertError(await adsCall(s, who, 'GET', path, { media_type: 'PHOTO' }), 400, 'INVALID_PARAMETER', 'media_type');

    await adsCall(s, who, 'PUT', `${path}/${img}`, { name: 'Summer Sale' });
    await adsCall(s, who, 'PUT', `${path}/${vid}`, { title: 'summer teaser', description: '50% off' });
    await adsCall(s, who, 'PUT', `${path}/${gif}`, { file_name: 'winter_loop.gif' });
    assert.deepEqual(await list({ q: 'SUMMER' }), [img, vid]);
    assert.deepEqual(await list({ q: 'winter_' }), [gif]);
    assert.deepEqual(await list({ q: '50%' }), [vid]);
    assert.deepEqual(await list({ q: '%' }), [vid]);
    assert.deepEqual(await list({ q: 'nothing like it' }), []);
    assert.deepEqual(await list({ q: 'summer', media_type: 'VIDEO' }), [vid]);
    assertError(await adsCall(s, who, 'GET', path, { q: '' }), 400, 'INVALID_PARAMETER', 'q');
    assertError(await adsCall(s, who, 'GET', path, { q: 'x'.repeat(256) }), 400, 'INVALID_PARAMETER', 'q');

    for (let i = 0; i < 19; i++) await addLibraryMedia(s, who, acc.id, 'image', { width: 100 + i, height: 100 });
    const page = await adsCall(s, who, 'GET', path);
    assert.equal(page.body.data.length, 20);
    assert.equal(typeof page.body.next_cursor, 'string');
    const rest = await adsCall(s, who, 'GET', path, { cursor: page.body.next_cursor });
    assert.equal(rest.body.data.length, 2);
    assert.equal(rest.body.next_cursor, null);
    assertError(await adsCall(s, who, 'GET', path, { count: 51 }), 400, 'INVALID_PARAMETER', 'count');
  });

  test('the contract: libraryMediaByKeys in the order given, markTweeted sets tweeted', async () => {
    const v = await addLibraryMedia(s, alice, account.id, 'video', { durationMs: 5_000 });
    const i = await addLibraryMedia(s, alice, account.id, 'image', { width: 800, height: 418 });
    const got = await libraryMediaByKeys(s.deps.db, account.id, [i, '3_404', v]);
    assert.deepEqual(
      got.map((m) => [m.media_key, m.media_type, m.width, m.height, m.duration_ms, m.aspect_ratio]),
      [
        [i, 'IMAGE', 800, 418, null, null],
        [v, 'VIDEO', 1280, 720, 5_000, '16:9'],
      ],
    );
    assert.equal(got[1]!.poster_media_key, `3_${v.split('_')[1]}`);
    assert.deepEqual(await libraryMediaByKeys(s.deps.db, 'other', [v]), []);
    await markTweeted(s.deps.db, account.id, [v]);
    assert.equal((await get(v)).body.data.tweeted, true);
    assert.equal((await get(i)).body.data.tweeted, false);
  });

  test('account media: get with_deleted (True), delete (repeat 404), filters; the control route', async () => {
    const image = await uploadMedia(s, alice, 'image');
    const made = await s.admin('POST', `/_aviary/ads/accounts/${account.id}/account_media`, {
      media_key: image,
      creative_type: 'INTERSTITIAL',
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const am1 = made.body.data;
    assert.equal(am1.video_id, null);
    assert.match(am1.media_url, /^https:\/\/pbs\.twimg\.com\/media\//);
    const video = await uploadMedia(s, alice, 'video');
    const bad = await s.admin('POST', `/_aviary/ads/accounts/${account.id}/account_media`, {
      media_key: video,
      creative_type: 'BANNER',
    });
    assert.equal(bad.status, 400);
    const unknownAccount = await s.admin('POST', `/_aviary/ads/accounts/zzzzz/account_media`, {
      media_key: image,
      creative_type: 'BANNER',
    });
    assert.equal(unknownAccount.status, 404);

    const one = await adsCall(s, alice, 'GET', `${am()}/${am1.id}`);
    assert.deepEqual(one.body.data, am1);
    const filtered = await adsCall(s, alice, 'GET', am(), { creative_types: ['INTERSTITIAL', 'BANNER'] });
    assert.deepEqual(
      filtered.body.data.map((x: any) => x.id),
      [am1.id],
    );
    assertError(
      await adsCall(s, alice, 'GET', am(), { creative_types: 'POSTER' }),
      400,
      'INVALID_PARAMETER',
      'creative_types',
    );

    const del = await adsCall(s, alice, 'DELETE', `${am()}/${am1.id}`);
    assert.equal(del.body.data.deleted, true);
    assertError(await adsCall(s, alice, 'DELETE', `${am()}/${am1.id}`), 404, 'NOT_FOUND', 'account_media_id');
    assertError(await adsCall(s, alice, 'GET', `${am()}/${am1.id}`), 404, 'NOT_FOUND', 'account_media_id');
    const withDeleted = await adsCall(s, alice, 'GET', `${am()}/${am1.id}`, { with_deleted: true });
    assert.equal(withDeleted.status, 200);
    assert.equal(withDeleted.body.data.deleted, true);
    assertError(await adsCall(s, alice, 'GET', `${am()}/zz9`), 404, 'NOT_FOUND', 'account_media_id');
  });

  test('npm twitter-ads and form bodies; another user’s account is refused', async () => {
    const npm = npmAds(s, alice);
    const key = await uploadMedia(s, alice, 'image');
    const made = await npm.post(`accounts/${account.id}/media_library`, { media_key: key, name: 'npm' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const listed = await npm.get(`accounts/${account.id}/media_library`, { media_type: 'IMAGE', count: 50 });
    assert.equal(listed.status, 200);
    assert.ok(listed.body.data.some((x: any) => x.media_key === key));
    const form = await adsCall(
      s,
      alice,
      'PUT',
      `${lib()}/${key}`,
      { name: 'form body' },
      { form: true, version: '12' },
    );
    assert.equal(form.body.data.name, 'form body');

    const mallory = await newAdvertiser(s);
    assertError(await adsCall(s, mallory, 'GET', lib()), 404, 'NOT_FOUND', 'account_id');
    assertError(await adsCall(s, mallory, 'GET', am()), 404, 'NOT_FOUND', 'account_id');
  });
});
