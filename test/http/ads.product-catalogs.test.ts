// Ads API product catalogs, products and product sets (seed "Product catalogs (early access)", notes
// §11): one catalog per user; the batch upsert with every field rule refused with its field, results
// per product and duplicate ids ignored; grouped products listed once; deletes by product key; MANUAL
// and FILTERED sets whose product_ids follow the products, processing on the service clock.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, npmAds, type Advertiser } from '../support/ads.js';
import { newCatalog, upsert, validProduct } from '../support/ads-products.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

function assertError(res: { status: number; body: any }, status: number, code: string, parameter: string) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body));
  assert.equal(res.body.errors[0].parameter, parameter, JSON.stringify(res.body));
}

// One refusal per field rule of the seed's table (and its enums), as [change, field, code].
const RULES: Array<[Record<string, unknown>, string, string?]> = [
  [{ id: undefined }, 'id', 'MISSING_PARAMETER'],
  [{ title: undefined }, 'title', 'MISSING_PARAMETER'],
  [{ description: undefined }, 'description', 'MISSING_PARAMETER'],
  [{ availability: undefined }, 'availability', 'MISSING_PARAMETER'],
  [{ condition: undefined }, 'condition', 'MISSING_PARAMETER'],
  [{ price: undefined }, 'price', 'MISSING_PARAMETER'],
  [{ link: undefined }, 'link', 'MISSING_PARAMETER'],
  [{ image_link: undefined }, 'image_link', 'MISSING_PARAMETER'],
  [{ title: 't'.repeat(151) }, 'title'],
  [{ description: 'd'.repeat(5001) }, 'description'],
  [{ description: '<p>html</p>' }, 'description'],
  [{ price: '60 USD dollars' }, 'price'],
  [{ price: '60,00 USD' }, 'price'],
  [{ price: '60.00 ABC' }, 'price'],
  [{ sale_price: '50,00 USD' }, 'sale_price'],
  [{ sale_price: '70.00 USD' }, 'sale_price'],
  [{ link: 'http://shop.example/p' }, 'link'],
  [{ mobile_link: 'http://m.shop.example/p' }, 'mobile_link'],
  [{ image_link: 'https://shop.example/p.svg' }, 'image_link'],
  [
    { additional_image_link: Array.from({ length: 11 }, (_, i) => `https://shop.example/${i}.png`).join(',') },
    'additional_image_link',
  ],
  [{ additional_image_link: 'https://shop.example/a.png,https://shop.example/b.pdf' }, 'additional_image_link'],
  [{ brand: undefined }, 'brand', 'MISSING_PARAMETER'],
  [{ inventory: 0 }, 'inventory'],
  [{ inventory: '3' }, 'inventory'],
  [{ sale_price: '50.00 USD', sale_price_effective_date: '2022-10-04 to 2022-10-10' }, 'sale_price_effective_date'],
  [{ product_type: 'Apparel>Shoes' }, 'product_type'],
  [{ availability: 'sold' }, 'availability'],
  [{ condition: 'old' }, 'condition'],
  [{ gender: 'any' }, 'gender'],
  [{ age_group: 'elderly' }, 'age_group'],
];

forEachStore('Ads API: product catalogs', (store) => {
  let s: TestServer;
  let alice: Advertiser;
  before(async () => {
    s = await startServer({ store });
    // Virtual time from now: processing advances with it, and OAuth timestamps (npm signs with real time) hold.
    await s.admin('POST', '/_aviary/clock', { set: new Date().toISOString() });
    alice = await newAdvertiser(s);
  });
  after(() => s.close());

  test('catalogs: create one per user, list by user_id, rename, delete permanently; echoes as the docs', async () => {
    const bob = await newAdvertiser(s);
    const made = await adsCall(s, bob, 'POST', 'product_catalogs', { name: 'My catalog' }, { version: '12' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(Object.keys(made.body.data).sort(), ['id', 'name']);
    assert.match(made.body.data.id, /^\d+$/);
    assert.deepEqual(made.body.request.params, { name: 'My catalog' });
    const id = made.body.data.id;

    assertError(
      await adsCall(s, bob, 'POST', 'product_catalogs', { name: 'Second' }),
      400,
      'INVALID_PARAMETER',
      'user_id',
    );
    assertError(await adsCall(s, bob, 'POST', 'product_catalogs', {}), 400, 'MISSING_PARAMETER', 'name');

    const listed = await adsCall(s, bob, 'GET', 'product_catalogs', { user_id: bob.id });
    assert.deepEqual(listed.body.data, [{ id, name: 'My catalog' }]);
    assert.equal(listed.body.next_cursor, null);
    const npm = await npmAds(s, bob).get('product_catalogs');
    assert.deepEqual(npm.body.data, [{ id, name: 'My catalog' }]);
    // Another user's catalogs are not the caller's to read, nor is the catalog found by id.
    assertError(
      await adsCall(s, alice, 'GET', 'product_catalogs', { user_id: bob.id }),
      400,
      'INVALID_USER_ID',
      'user_id',
    );
    assertError(
      await adsCall(s, alice, 'PUT', `product_catalogs/${id}`, { name: 'x' }),
      404,
      'NOT_FOUND',
      'product_catalog_id',
    );

    const renamed = await adsCall(s, bob, 'PUT', `product_catalogs/${id}`, { name: 'Renamed' }, { form: true });
    assert.deepEqual(renamed.body.data, { id, name: 'Renamed' });
    assert.deepEqual(renamed.body.request.params, { id, name: 'Renamed' });

    await upsert(s, bob, id, [validProduct('p1')]);
    const gone = await adsCall(s, bob, 'DELETE', `product_catalogs/${id}`);
    assert.deepEqual(gone.body.data, { id, name: 'Renamed' });
    assert.deepEqual((await adsCall(s, bob, 'GET', 'product_catalogs')).body.data, []);
    assertError(
      await adsCall(s, bob, 'GET', `product_catalogs/${id}/products`),
      404,
      'NOT_FOUND',
      'product_catalog_id',
    );
    // Permanent: a new catalog starts empty.
    const again = await newCatalog(s, bob);
    assert.deepEqual((await adsCall(s, bob, 'GET', `product_catalogs/${again}/products`)).body.data, []);
  });

  test('a user associated with an account another user owns operates for that user', async () => {
    const owner = await newAdvertiser(s);
    const agency = await newAdvertiser(s);
    const account = await newAdsAccount(s, owner);
    const grant = await s.admin('POST', `/_aviary/ads/accounts/${account.id}/users`, {
      user_id: agency.id,
      permissions: ['ACCOUNT_ADMIN'],
    });
    assert.ok(grant.status < 300, JSON.stringify(grant.body));
    const made = await adsCall(s, agency, 'POST', 'product_catalogs', { name: 'For owner', user_id: owner.id });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual((await adsCall(s, owner, 'GET', 'product_catalogs')).body.data, [made.body.data]);
  });

  test('upsert: CREATE_SUCCESS, NO_CHANGE, UPDATE_SUCCESS with warnings and errors; the docs’ product', async () => {
    const catalog = await newCatalog(s, alice);
    const first = await upsert(s, alice, catalog, [validProduct('sku-1', { shoe: 1 }), validProduct('sku-2')]);
    assert.deepEqual(
      first.map((x) => [x.id, x.status]),
      [
        ['sku-1', 'CREATE_SUCCESS'],
        ['sku-2', 'CREATE_SUCCESS'],
      ],
    );
    assert.deepEqual(Object.keys(first[0]!).sort(), ['errors', 'id', 'product_key', 'status', 'warnings']);
    assert.match(first[0]!.product_key!, /^\d+$/);
    assert.deepEqual(first[0]!.errors, []);
    assert.equal(first[0]!.warnings[0]!.parameter, 'shoe');

    const second = await upsert(s, alice, catalog, [
      validProduct('sku-1'),
      validProduct('sku-2', { price: '65.00 USD', product_key: first[1]!.product_key }),
    ]);
    assert.deepEqual(
      second.map((x) => [x.status, x.product_key]),
      [
        ['NO_CHANGE', first[0]!.product_key],
        ['UPDATE_SUCCESS', first[1]!.product_key],
      ],
    );

    const listed = await adsCall(s, alice, 'GET', `product_catalogs/${catalog}/products`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const p2 = listed.body.data.find((x: any) => x.id === 'sku-2');
    assert.equal(p2.price, '65.00 USD');
    assert.equal(p2.product_key, first[1]!.product_key);
    assert.equal(p2.gtin, null);
    assert.equal(p2.inventory, 3);
    assert.equal(Object.keys(p2).length, 30);
    assert.deepEqual(listed.body.request.params, { product_catalog_id: catalog });

    // The docs' request example, as sent.
    const docs = await upsert(s, alice, catalog, [
      {
        id: 'test-12345',
        title: 'Test Product 1',
        description: 'The product which was added from the upsert endpoint',
        availability: 'in stock',
        condition: 'new',
        link: 'https://www.x.com/twtr_blue',
        image_link: 'https://www.kurzweilai.net/images/Naam-Limits-of-Earth-Part1-001-earth-600x600.jpg',
        brand: 'x',
        gtin: '1432563728',
        mpn: '3268793T',
        mobile_link: 'https://www.x.com/twtr_blue',
        google_product_category: 'Apparel & Accessories > Clothing > Dresses',
        product_type: 'Apparel & Accessories > Clothing > Dresses',
        inventory: 2,
        price: '60.00 USD',
        gender: 'female',
        color: 'blue',
        size: 'medium',
        sale_price: '50.00 USD',
        sale_price_effective_date: '2022-10-04T17:20:31.000Z/2022-10-10T04:00:00.000Z',
        age_group: 'adult',
        custom_label_0: 'custom value',
      },
    ]);
    assert.equal(docs[0]!.status, 'CREATE_SUCCESS', JSON.stringify(docs));
  });

  test('every product field rule is refused with its field; nothing of a refused product is stored', async () => {
    const who = await newAdvertiser(s);
    const catalog = await newCatalog(s, who);
    const cases = RULES.map(([over, field, code], i) => ({
      body: validProduct(`bad-${i}`, over),
      field,
      code: code ?? 'INVALID_PARAMETER',
    }));
    for (let at = 0; at < cases.length; at += 25) {
      const batch = cases.slice(at, at + 25);
      const res = await upsert(
        s,
        who,
        catalog,
        batch.map((c) => c.body),
      );
      batch.forEach((c, i) => {
        const r = res[i]!;
        assert.equal(r.status, 'ERROR', `${c.field}: ${JSON.stringify(r)}`);
        assert.deepEqual(
          r.errors.map((e) => [e.parameter, e.code]),
          [[c.field, c.code]],
          JSON.stringify(r),
        );
        assert.equal(r.product_key, null);
      });
    }
    assert.deepEqual((await adsCall(s, who, 'GET', `product_catalogs/${catalog}/products`)).body.data, []);

    // item_group_id for variants: same title, another size, no group.
    const variants = await upsert(s, who, catalog, [
      validProduct('shoe-s', { title: 'Shoe', size: 'S' }),
      validProduct('shoe-m', { title: 'Shoe', size: 'M' }),
    ]);
    assert.deepEqual(
      variants.map((r) => [r.status, r.errors[0]?.parameter]),
      [
        ['ERROR', 'item_group_id'],
        ['ERROR', 'item_group_id'],
      ],
    );
    // product_key must be X's key of that product.
    const keyed = await upsert(s, who, catalog, [validProduct('k1', { product_key: '123' })]);
    assert.deepEqual([keyed[0]!.status, keyed[0]!.errors[0]!.parameter], ['ERROR', 'product_key']);
  });

  test('duplicate ids in one request are all ignored; over 25 products refused at request level', async () => {
    const who = await newAdvertiser(s);
    const catalog = await newCatalog(s, who);
    const res = await upsert(s, who, catalog, [validProduct('dup'), validProduct('one'), validProduct('dup')]);
    assert.deepEqual(
      res.map((r) => [r.id, r.status]),
      [
        ['dup', 'ERROR'],
        ['one', 'CREATE_SUCCESS'],
        ['dup', 'ERROR'],
      ],
    );
    assert.equal(res[0]!.errors[0]!.parameter, 'id');
    const path = `product_catalogs/${catalog}/products`;
    const many = Array.from({ length: 26 }, (_, i) => validProduct(`m${i}`));
    assertError(
      await adsCall(s, who, 'PUT', path, {}, { json: { products: many } }),
      400,
      'INVALID_PARAMETER',
      'products',
    );
    assertError(await adsCall(s, who, 'PUT', path, {}, { json: {} }), 400, 'MISSING_PARAMETER', 'products');
    assertError(await adsCall(s, who, 'PUT', path, { products: 'x' }), 400, 'INVALID_PARAMETER', 'Content-Type');
    const ids = (await adsCall(s, who, 'GET', path)).body.data.map((x: any) => x.id);
    assert.deepEqual(ids, ['one']);
  });

  test('list: only the first submitted of an item group, item_group_key, count 1 to 100', async () => {
    const who = await newAdvertiser(s);
    const catalog = await newCatalog(s, who);
    const res = await upsert(s, who, catalog, [
      validProduct('tee-s', { title: 'Tee', size: 'S', item_group_id: 'tee' }),
      validProduct('tee-m', { title: 'Tee', size: 'M', item_group_id: 'tee' }),
      validProduct('mug'),
    ]);
    assert.ok(
      res.every((r) => r.status === 'CREATE_SUCCESS'),
      JSON.stringify(res),
    );
    const path = `product_catalogs/${catalog}/products`;
    const all = (await adsCall(s, who, 'GET', path)).body.data;
    assert.deepEqual(all.map((x: any) => x.id).sort(), ['mug', 'tee-s']);
    const key = all.find((x: any) => x.id === 'tee-s').item_group_key;
    assert.match(key, /^\d+$/);
    assert.equal(all.find((x: any) => x.id === 'mug').item_group_key, null);
    const group = (await adsCall(s, who, 'GET', path, { item_group_key: key })).body.data;
    assert.deepEqual(
      group.map((x: any) => x.id),
      ['tee-s'],
    );
    // The first leaves: the next submitted stands for the group.
    const keyS = res[0]!.product_key!;
    await adsCall(s, who, 'DELETE', path, {}, { json: { product_keys: [keyS] } });
    assert.deepEqual(
      (await adsCall(s, who, 'GET', path, { item_group_key: key })).body.data.map((x: any) => x.id),
      ['tee-m'],
    );
    for (const count of [0, 101])
      assertError(await adsCall(s, who, 'GET', path, { count }), 400, 'INVALID_PARAMETER', 'count');
  });

  test('delete products by key: failed_product_key and message for a key not in the catalog', async () => {
    const who = await newAdvertiser(s);
    const catalog = await newCatalog(s, who);
    const [p] = await upsert(s, who, catalog, [validProduct('gone')]);
    const path = `product_catalogs/${catalog}/products`;
    const res = await adsCall(s, who, 'DELETE', path, {}, { json: { product_keys: [p!.product_key, '42'] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data.delete_products[0], {
      product_key: p!.product_key,
      failed_product_key: null,
      message: null,
    });
    assert.equal(res.body.data.delete_products[1].failed_product_key, '42');
    assert.match(res.body.data.delete_products[1].message, /42/);
    assert.deepEqual(res.body.request.params.product_keys, [p!.product_key, '42']);
    assert.deepEqual((await adsCall(s, who, 'GET', path)).body.data, []);
    assertError(await adsCall(s, who, 'DELETE', path, {}, { json: {} }), 400, 'MISSING_PARAMETER', 'product_keys');
  });

  test('product sets: MANUAL by product keys, updated; deleted products leave it; delete is permanent', async () => {
    const who = await newAdvertiser(s);
    const catalog = await newCatalog(s, who);
    const [a, b] = await upsert(s, who, catalog, [validProduct('a'), validProduct('b')]);
    const path = `product_catalogs/${catalog}/product_sets`;
    const made = await adsCall(
      s,
      who,
      'POST',
      path,
      {},
      { json: { name: 'manual', type: 'MANUAL', product_keys: [a!.product_key] } },
    );
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(made.body.data, {
      name: 'manual',
      description: null,
      product_ids: ['a'],
      processing_status: 'DONE',
      id: made.body.data.id,
      filters: [],
      type: 'MANUAL',
    });
    assert.equal(made.body.request.params.type, 'MANUAL');
    const one = `${path}/${made.body.data.id}`;
    const updated = await adsCall(
      s,
      who,
      'PUT',
      one,
      {},
      { json: { name: 'renamed', product_keys: [b!.product_key, a!.product_key] } },
    );
    assert.deepEqual(updated.body.data.product_ids, ['b', 'a']);
    assert.equal(updated.body.request.params.id, made.body.data.id);
    await adsCall(
      s,
      who,
      'DELETE',
      `product_catalogs/${catalog}/products`,
      {},
      { json: { product_keys: [b!.product_key] } },
    );
    assert.deepEqual((await adsCall(s, who, 'GET', one)).body.data.product_ids, ['a']);
    assertError(
      await adsCall(s, who, 'POST', path, {}, { json: { name: 'x', type: 'MANUAL', product_keys: ['99'] } }),
      400,
      'INVALID_PARAMETER',
      'product_keys',
    );
    assertError(await adsCall(s, who, 'POST', path, {}, { json: { name: 'x' } }), 400, 'MISSING_PARAMETER', 'type');
    const del = await adsCall(s, who, 'DELETE', one);
    assert.equal(del.body.data.name, 'renamed');
    assertError(await adsCall(s, who, 'GET', one), 404, 'NOT_FOUND', 'product_set_id');
  });

  test('a FILTERED product set processes on the service clock and follows price changes', async () => {
    const who = await newAdvertiser(s);
    const catalog = await newCatalog(s, who);
    await upsert(s, who, catalog, [
      validProduct('cheap', { price: '20.00 USD' }),
      validProduct('dear', { price: '150.00 USD' }),
      validProduct('euro', { price: '200.00 EUR' }),
    ]);
    const path = `product_catalogs/${catalog}/product_sets`;
    const filters = [{ attribute: 'price', operator: 'GREATER_THAN', value: '100.00 USD' }];
    const made = await adsCall(s, who, 'POST', path, {}, { json: { name: 'dear', type: 'FILTERED', filters } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data.processing_status, 'PROCESSING');
    assert.deepEqual(made.body.data.filters, filters);
    const one = `${path}/${made.body.data.id}`;
    await s.admin('POST', '/_aviary/clock', { advance_ms: 60_000 });
    const done = await adsCall(s, who, 'GET', one);
    assert.equal(done.body.data.processing_status, 'DONE');
    assert.deepEqual(done.body.data.product_ids, ['dear']);
    assert.deepEqual(done.body.request.params, { product_catalog_id: catalog, id: made.body.data.id });

    await upsert(s, who, catalog, [
      validProduct('cheap', { price: '120.00 USD' }),
      validProduct('dear', { price: '90.00 USD' }),
    ]);
    assert.deepEqual((await adsCall(s, who, 'GET', one)).body.data.product_ids, ['cheap']);

    assertError(await adsCall(s, who, 'PUT', one, {}, { json: { name: 'x' } }), 400, 'INVALID_PARAMETER', 'type');
    for (const bad of [
      [{ attribute: 'colour', operator: 'MATCH', value: 'x' }],
      [{ attribute: 'price', operator: 'CONTAINS', value: '1.00 USD' }],
      [{ attribute: 'price', operator: 'LESS_THAN', value: 'cheap' }],
      [],
    ])
      assertError(
        await adsCall(s, who, 'POST', path, {}, { json: { name: 'x', type: 'FILTERED', filters: bad } }),
        400,
        'INVALID_PARAMETER',
        'filters',
      );
    const label = await adsCall(
      s,
      who,
      'POST',
      path,
      {},
      {
        json: {
          name: 'l',
          type: 'FILTERED',
          filters: [{ attribute: 'custom_label_0', operator: 'MATCH', value: 'X' }],
        },
      },
    );
    assert.equal(label.status, 200, JSON.stringify(label.body));
  });
});
