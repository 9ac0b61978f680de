// Ads API keyword insights (seed "Audiences" and "Limits"; notes §10.5): computed from Aviary's posts
// through the search index, so volumes change when posts are written and the window moves with the
// virtual clock; negative keywords and `location` narrow; 30 related keywords, co-occurring ones
// first; every rule refused with its code and parameter; SDK-shaped requests.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adminPost } from '../support/actors.js';
import { adsCall, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { advanceClock, setClock } from '../support/ads-dnr.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const B = Date.parse('2030-03-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
// Targeting values of the locations catalog (src/modules/ads/targeting-criteria/locations.data.ts)
// and places of the gazetteer (src/modules/places/places.catalog.ts).
const US = '6068bbe9db8907da';
const GB = 'eaaa627658039949';
const CALIFORNIA = '569d011a64ac36b9';
const US_PLACE = '5a110d312052166f';
const GB_PLACE = '457b4814b4240d87';
const FILLER =
  'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa ' +
  'quebec romeo sierra tango uniform victor whiskey xray yankee zulu amber cobalt indigo scarlet';

forEachStore('Ads API: keyword insights', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  before(async () => {
    s = await startServer({ store });
    await setClock(s, iso(B + 30 * 60_000));
    alice = await newAdvertiser(s);
    // Thirty-odd other words in the window, for the top-up of related keywords.
    await adminPost(s, alice.id, { text: FILLER });
  });
  after(() => s.close());

  const insights = (params: Params, o: { version?: string } = {}) =>
    adsCall(s, alice, 'GET', 'insights/keywords/search', params, o);
  const post = (text: string, place?: string) =>
    adminPost(s, alice.id, { text, ...(place ? { geo: { place_id: place } } : {}) });
  function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
    assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
  }

  test('volumes follow the posts and the clock; related keywords co-occur first, always 30', async () => {
    const q = { keywords: 'zebrafish', start_time: iso(B), granularity: 'HOUR' };
    const before = await insights(q);
    assert.equal(before.status, 200, JSON.stringify(before.body));
    assert.deepEqual(before.body.data.tweet_volume, [0]);
    assert.equal(before.body.data.related_keywords.length, 30);

    await post('Zebrafish swim over coral reefs');
    await post('zebrafish love coral reefs, again');
    let now = await advanceClock(s, HOUR);
    await post('A #zebrafish near coral');
    // The window is [start_time, end_time): a post made at this very instant is not in it yet.
    assert.deepEqual((await insights(q)).body.data.tweet_volume, [2, 0]);
    await advanceClock(s, 1000);
    const res = await insights(q);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body.data).sort(), ['related_keywords', 'tweet_volume']);
    assert.deepEqual(res.body.data.tweet_volume, [2, 1]);
    const related: string[] = res.body.data.related_keywords;
    assert.equal(related.length, 30);
    assert.equal(new Set(related).size, 30);
    assert.deepEqual(related.slice(0, 2), ['coral', 'reefs']);
    assert.ok(!related.includes('zebrafish'));
    assert.ok(related.includes('alpha'), 'topped up from the window');
    assert.deepEqual((await insights({ ...q, granularity: 'DAY' })).body.data.tweet_volume, [3]);

    // Negative keywords (OR-ed) and several keywords (OR-ed); a two-word keyword needs both words.
    assert.deepEqual((await insights({ ...q, negative_keywords: 'again,near' })).body.data.tweet_volume, [1, 0]);
    assert.deepEqual((await insights({ ...q, keywords: 'zebrafish,alpha' })).body.data.tweet_volume, [3, 1]);
    assert.deepEqual((await insights({ ...q, keywords: 'coral reefs' })).body.data.tweet_volume, [2, 0]);
    assert.deepEqual((await insights({ ...q, keywords: '#zebrafish' })).body.data.tweet_volume, [0, 1]);
    assert.deepEqual((await insights({ ...q, keywords: 'ZEBRAFISH' })).body.data.tweet_volume, [2, 1]);

    // location: the posts' place country.
    await post('zebrafish in Austin', US_PLACE);
    await post('zebrafish in London', GB_PLACE);
    await advanceClock(s, 1000);
    assert.deepEqual((await insights({ ...q, location: US })).body.data.tweet_volume, [0, 1]);
    assert.deepEqual((await insights({ ...q, location: GB })).body.data.tweet_volume, [0, 1]);
    assert.deepEqual((await insights(q)).body.data.tweet_volume, [2, 3]);

    // The window moves with the clock: end_time defaults to now.
    now = await advanceClock(s, 2 * DAY);
    const later = await insights({ ...q, start_time: iso(now - DAY) });
    assert.deepEqual(later.body.data.tweet_volume, new Array(24).fill(0));
    const day = await insights({ ...q, start_time: iso(B), end_time: iso(B + DAY), granularity: 'DAY' });
    assert.deepEqual(day.body.data.tweet_volume, [5]);
    assert.deepEqual(day.body.request.params, {
      keywords: ['zebrafish'],
      start_time: iso(B),
      end_time: iso(B + DAY),
      granularity: 'DAY',
    });
    const cut = await insights({ ...q, start_time: iso(B), end_time: iso(B + 100 * 60_000) });
    assert.deepEqual(cut.body.data.tweet_volume, [2, 3]);
  });

  test('every rule refused with its code and parameter', async () => {
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const ok = { keywords: 'zebrafish', start_time: iso(now - DAY), granularity: 'DAY' };
    const without = (k: string) => Object.fromEntries(Object.entries(ok).filter(([x]) => x !== k));
    for (const k of ['keywords', 'start_time', 'granularity'])
      assertError(await insights(without(k)), 400, 'MISSING_PARAMETER', k);
    assertError(await insights({ ...ok, granularity: 'WEEK' }), 400, 'INVALID_PARAMETER', 'granularity');
    assertError(await insights({ ...ok, start_time: 'yesterday' }), 400, 'INVALID_PARAMETER', 'start_time');
    assertError(await insights({ ...ok, end_time: 'soon' }), 400, 'INVALID_PARAMETER', 'end_time');
    const eleven = Array.from({ length: 11 }, (_, i) => `k${i}`);
    assertError(await insights({ ...ok, keywords: eleven }), 400, 'INVALID_PARAMETER', 'keywords');
    const five = (p: string) => Array.from({ length: 5 }, (_, i) => `${p}${i}`).join(',');
    const both = await insights({ ...ok, keywords: five('k'), negative_keywords: `${five('n')},n9` });
    assertError(both, 400, 'INVALID_PARAMETER', 'negative_keywords');
    assert.equal((await insights({ ...ok, keywords: five('k'), negative_keywords: five('n') })).status, 200);
    const long = await insights({ ...ok, start_time: iso(now - 8 * DAY), end_time: iso(now) });
    assertError(long, 400, 'INVALID_TIME_WINDOW', 'end_time');
    assert.equal((await insights({ ...ok, start_time: iso(now - 7 * DAY), end_time: iso(now) })).status, 200);
    const defaultEnd = await insights({ ...ok, start_time: iso(now - 7 * DAY - 1000) });
    assertError(defaultEnd, 400, 'INVALID_TIME_WINDOW', 'end_time');
    assertError(await insights({ ...ok, end_time: iso(now - 2 * DAY) }), 400, 'INVALID_TIME_WINDOW', 'end_time');
    for (const location of [CALIFORNIA, 'nowhere', 'US'])
      assertError(await insights({ ...ok, location }), 400, 'INVALID_PARAMETER', 'location');
  });

  test('SDK shapes: /11/ and /12/, repeated keys and csv; the npm client', async () => {
    const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
    const q = { start_time: iso(now - 7 * DAY), granularity: 'DAY' };
    const repeated = await insights({ ...q, keywords: ['zebrafish', 'coral'] });
    const csv = await insights({ ...q, keywords: 'zebrafish,coral' }, { version: '12' });
    assert.equal(repeated.status, 200, JSON.stringify(repeated.body));
    assert.deepEqual(repeated.body.data, csv.body.data);
    assert.deepEqual(repeated.body.request.params.keywords, ['zebrafish', 'coral']);
    assert.equal(repeated.body.data.tweet_volume.length, 7);
    assert.ok(!('next_cursor' in repeated.body));

    // npm signs with the machine's time: the service clock goes back to real time for it.
    await s.admin('POST', '/_aviary/clock', { mode: 'real' });
    const npm = npmAds(s, alice);
    const res = await npm.get('insights/keywords/search', {
      keywords: 'zebrafish',
      granularity: 'HOUR',
      start_time: iso(Date.now() - DAY + 5000),
    });
    assert.equal(res.error, null, JSON.stringify(res.body));
    assert.equal(res.body.data.tweet_volume.length, 24);
    assert.equal(res.body.data.related_keywords.length, 30);
  });
});
