// Ads API category catalogs and line item curated categories over HTTP: advertiser business
// categories (no account in the path), curated categories by country with the total unasked and
// cursors, one curated category (echoed as `id`), and the line item ↔ curated category association
// (create, get, list, update, delete twice, its rules). Line items are made over HTTP; their parent
// campaigns come from test/support/ads-fixtures.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser, type Params } from '../support/ads.js';
import { fixtureCampaign } from '../support/ads-fixtures.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const SOCCER = '9ddrgesiap6o'; // US and GB in Aviary's sample catalog
const BASKETBALL = '929wbl6ymlfk'; // US

forEachStore('Ads API: categories and line item curated categories', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  let account: { id: string };
  before(async () => {
    s = await startServer({ store });
    alice = await newAdvertiser(s);
    account = await newAdsAccount(s, alice);
  });
  after(() => s.close());

  const curated = (params: Params = {}, o: { version?: string } = {}) =>
    adsCall(s, alice, 'GET', `accounts/${account.id}/curated_categories`, params, o);

  test('advertiser business categories: no account in the path; id, name and IAB categories', async () => {
    const res = await adsCall(s, alice, 'GET', 'advertiser_business_categories', {}, { version: '12' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.request, { params: {} });
    assert.equal(res.body.next_cursor, null);
    assert.ok(res.body.data.length >= 16);
    for (const b of res.body.data) {
      assert.deepEqual(Object.keys(b), ['id', 'name', 'iab_categories']);
      assert.match(b.id, /^[0-9a-z]+$/);
      assert.ok(b.iab_categories.every((c: string) => /^IAB\d+(-\d+)?$/.test(c)));
    }
    const finance = res.body.data.find((b: any) => b.name === 'Financial Services');
    assert.deepEqual(finance.iab_categories, ['IAB3', 'IAB13', 'IAB21']);
    const all = res.body.data.flatMap((b: any) => b.iab_categories);
    assert.equal(new Set(all).size, all.length, 'an IAB category belongs to one business category');
    assert.equal((await adsCall(s, null, 'GET', 'advertiser_business_categories')).status, 401);
  });

  test('curated categories: country_codes required, ISO alpha-2, at most 200', async () => {
    const none = await curated();
    assert.equal(none.status, 400);
    assert.deepEqual(none.body.errors, [
      { code: 'MISSING_PARAMETER', message: '"country_codes" is a required parameter', parameter: 'country_codes' },
    ]);
    const bad = await curated({ country_codes: 'US,usa' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors[0], {
      code: 'INVALID_PARAMETER',
      message: 'Expected an ISO 3166-1 alpha-2 country code, got "usa" for country_codes',
      parameter: 'country_codes',
    });
    const codes = Array.from({ length: 201 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26)));
    const tooMany = await curated({ country_codes: codes.join(',') });
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.errors[0].message, 'A maximum of 200 items may be provided for country_codes');
  });

  test('curated categories by country, total_count unasked, pages by cursor', async () => {
    const us = await curated({ country_codes: 'US' });
    assert.equal(us.status, 200);
    assert.deepEqual(us.body.request.params, { account_id: account.id, country_codes: ['US'] });
    assert.equal(us.body.next_cursor, null);
    assert.equal(us.body.total_count, us.body.data.length);
    assert.ok(us.body.data.every((c: any) => c.country_codes.includes('US')));
    const soccer = us.body.data.find((c: any) => c.id === SOCCER);
    assert.deepEqual(Object.keys(soccer), [
      'name',
      'description',
      'country_codes',
      'publisher_user_ids',
      'id',
      'created_at',
      'updated_at',
      'videos_monetized_in_last_thirty_days',
    ]);
    assert.ok(soccer.publisher_user_ids.every((id: string) => ['12', '2244994945', '783214'].includes(id)));
    assert.ok(us.body.data.some((c: any) => c.id === BASKETBALL));

    const gb = await curated({ country_codes: ['GB'] });
    assert.ok(gb.body.data.some((c: any) => c.id === SOCCER));
    assert.ok(!gb.body.data.some((c: any) => c.id === BASKETBALL));
    const nowhere = await curated({ country_codes: 'AQ' });
    assert.deepEqual([nowhere.body.data, nowhere.body.total_count, nowhere.body.next_cursor], [[], 0, null]);

    const several = await curated({ country_codes: 'US,GB,JP,CA,BR' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await curated({ country_codes: 'US,GB,JP,CA,BR', count: 3, ...(cursor ? { cursor } : {}) });
      assert.equal(page.status, 200);
      assert.equal(page.body.total_count, several.body.total_count);
      seen.push(...page.body.data.map((c: any) => c.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    assert.deepEqual(
      seen,
      several.body.data.map((c: any) => c.id),
    );
    assert.equal(new Set(seen).size, several.body.total_count);
  });

  test('one curated category, echoed as `id`; an unknown one is 404', async () => {
    const one = await adsCall(
      s,
      alice,
      'GET',
      `accounts/${account.id}/curated_categories/${SOCCER}`,
      {},
      { version: '12' },
    );
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.request, { params: { account_id: account.id, id: SOCCER } });
    assert.equal(one.body.data.name, 'Soccer');
    const unknown = await adsCall(s, alice, 'GET', `accounts/${account.id}/curated_categories/nosuch`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body.errors, [
      {
        code: 'NOT_FOUND',
        message: `Curated Category nosuch was not found for Account ${account.id}`,
        parameter: 'curated_category_id',
      },
    ]);
    const bob = await newAdvertiser(s);
    assert.equal((await adsCall(s, bob, 'GET', `accounts/${account.id}/curated_categories/${SOCCER}`)).status, 404);
  });

  // ---- line item curated categories

  const LICC = () => `accounts/${account.id}/line_item_curated_categories`;
  async function newLineItem(): Promise<string> {
    const res = await adsCall(s, alice, 'POST', `accounts/${account.id}/line_items`, {
      campaign_id: await fixtureCampaign(s, account.id),
      objective: 'PREROLL_VIEWS',
      product_type: 'MEDIA',
      placements: 'ALL_ON_TWITTER',
      categories: 'IAB7',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.id;
  }
  const listAll = async () =>
    (await adsCall(s, alice, 'GET', LICC(), { with_deleted: true })).body.data.map((x: any) => x.id) as string[];

  test('create, get, list and update a line item curated category', async () => {
    const li = await newLineItem();
    const made = await adsCall(s, alice, 'POST', LICC(), { line_item_id: li, curated_category_id: SOCCER });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(made.body.request.params, {
      account_id: account.id,
      line_item_id: li,
      curated_category_id: SOCCER,
    });
    const x = made.body.data;
    assert.deepEqual(Object.keys(x), [
      'line_item_id',
      'curated_category_id',
      'id',
      'created_at',
      'updated_at',
      'deleted',
    ]);
    assert.deepEqual([x.line_item_id, x.curated_category_id, x.deleted], [li, SOCCER, false]);

    const got = await adsCall(s, alice, 'GET', `${LICC()}/${x.id}`, {}, { version: '12' });
    assert.deepEqual(got.body.data, x);
    assert.deepEqual(got.body.request.params, { account_id: account.id, line_item_curated_category_id: x.id });
    const list = await adsCall(s, alice, 'GET', LICC(), { with_total_count: true });
    assert.ok(list.body.data.some((y: any) => y.id === x.id));
    assert.equal(list.body.total_count, list.body.data.length);

    const put = await adsCall(
      s,
      alice,
      'PUT',
      `${LICC()}/${x.id}`,
      { curated_category_id: BASKETBALL },
      { form: true },
    );
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(
      [put.body.data.curated_category_id, put.body.data.line_item_id, put.body.data.deleted],
      [BASKETBALL, li, false],
    );
    const npm = await npmAds(s, alice).get(
      'accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id',
      {
        account_id: account.id,
        line_item_curated_category_id: x.id,
      },
    );
    assert.equal(npm.body.data.curated_category_id, BASKETBALL);
  });

  test('refusals: required and existing ids, one curated category per line item; nothing stored', async () => {
    const li = await newLineItem();
    const before = await listAll();
    const none = await adsCall(s, alice, 'POST', LICC(), {});
    assert.deepEqual(
      none.body.errors.map((e: any) => [e.code, e.parameter]),
      [
        ['MISSING_PARAMETER', 'line_item_id'],
        ['MISSING_PARAMETER', 'curated_category_id'],
      ],
    );
    const unknownCategory = await adsCall(s, alice, 'POST', LICC(), {
      line_item_id: li,
      curated_category_id: 'nosuch',
    });
    assert.deepEqual([unknownCategory.status, unknownCategory.body.errors[0].parameter], [404, 'curated_category_id']);
    const unknownLineItem = await adsCall(s, alice, 'POST', LICC(), {
      line_item_id: 'zzzzz',
      curated_category_id: SOCCER,
    });
    assert.deepEqual(unknownLineItem.body.errors, [
      {
        code: 'NOT_FOUND',
        message: `Line Item zzzzz was not found for Account ${account.id}`,
        parameter: 'line_item_id',
      },
    ]);
    const gone = await newLineItem();
    await adsCall(s, alice, 'DELETE', `accounts/${account.id}/line_items/${gone}`);
    const deletedLineItem = await adsCall(s, alice, 'POST', LICC(), {
      line_item_id: gone,
      curated_category_id: SOCCER,
    });
    assert.deepEqual([deletedLineItem.status, deletedLineItem.body.errors[0].parameter], [404, 'line_item_id']);
    const badId = await adsCall(s, alice, 'POST', LICC(), { line_item_id: 'NOT-AN-ID', curated_category_id: SOCCER });
    assert.deepEqual(
      [badId.status, badId.body.errors[0].code, badId.body.errors[0].parameter],
      [400, 'INVALID_PARAMETER', 'line_item_id'],
    );
    assert.deepEqual(await listAll(), before);

    const first = await adsCall(s, alice, 'POST', LICC(), { line_item_id: li, curated_category_id: SOCCER });
    assert.equal(first.status, 200);
    // "a given line item may target no more than one Curated Category at a time" (DOCS).
    const second = await adsCall(s, alice, 'POST', LICC(), { line_item_id: li, curated_category_id: BASKETBALL });
    assert.deepEqual(
      [second.status, second.body.errors[0].code, second.body.errors[0].parameter],
      [400, 'INVALID_PARAMETER', 'line_item_id'],
    );
    const other = await newLineItem();
    const moved = await adsCall(s, alice, 'POST', LICC(), { line_item_id: other, curated_category_id: SOCCER });
    const clash = await adsCall(s, alice, 'PUT', `${LICC()}/${moved.body.data.id}`, { line_item_id: li });
    assert.deepEqual([clash.status, clash.body.errors[0].parameter], [400, 'line_item_id']);
    const badCategory = await adsCall(s, alice, 'PUT', `${LICC()}/${moved.body.data.id}`, {
      curated_category_id: 'nosuch',
    });
    assert.deepEqual([badCategory.status, badCategory.body.errors[0].parameter], [404, 'curated_category_id']);
    const still = await adsCall(s, alice, 'GET', `${LICC()}/${moved.body.data.id}`);
    assert.deepEqual([still.body.data.line_item_id, still.body.data.curated_category_id], [other, SOCCER]);
  });

  test('delete answers deleted: true; a second delete, GET and PUT are 404; with_deleted shows it', async () => {
    const li = await newLineItem();
    const made = (await adsCall(s, alice, 'POST', LICC(), { line_item_id: li, curated_category_id: SOCCER })).body.data;
    const one = `${LICC()}/${made.id}`;
    const del = await adsCall(s, alice, 'DELETE', one);
    assert.equal(del.status, 200);
    assert.equal(del.body.data.deleted, true);
    const again = await adsCall(s, alice, 'DELETE', one);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body.errors, [
      {
        code: 'NOT_FOUND',
        message: `Line Item Curated Category ${made.id} was not found for Account ${account.id}`,
        parameter: 'line_item_curated_category_id',
      },
    ]);
    assert.equal((await adsCall(s, alice, 'GET', one)).status, 404);
    assert.equal((await adsCall(s, alice, 'PUT', one, { curated_category_id: BASKETBALL })).status, 404);
    const shown = await adsCall(s, alice, 'GET', one, { with_deleted: 'True' });
    assert.equal(shown.body.data.deleted, true);
    assert.ok(!(await adsCall(s, alice, 'GET', LICC())).body.data.some((x: any) => x.id === made.id));
    // The line item is free for another curated category once the old one is deleted.
    const next = await adsCall(s, alice, 'POST', LICC(), { line_item_id: li, curated_category_id: BASKETBALL });
    assert.equal(next.status, 200);
  });
});
