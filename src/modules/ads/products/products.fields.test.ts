// Unit tests of the product field rules (seed "Product field rules for PUT"): a valid product passes,
// and each rule refuses with its field named.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areVariants, checkProduct, parsePrice } from './products.fields.js';

const good = () => ({
  id: 'sku-1',
  title: 'Blue dress',
  description: 'A blue dress',
  availability: 'in stock',
  condition: 'new',
  price: '60.00 USD',
  link: 'https://shop.example/dress',
  image_link: 'https://shop.example/dress.jpg',
  brand: 'x',
  inventory: 2,
});

test('a complete product passes; absent fields are null, unknown ones warned and ignored', () => {
  const r = checkProduct({ ...good(), shoe_size: 4, item_group_key: 'k' });
  assert.deepEqual(r.errors, []);
  assert.equal(r.data!.title, 'Blue dress');
  assert.equal(r.data!.gtin, null);
  assert.equal(r.data!.inventory, 2);
  assert.deepEqual(
    r.warnings.map((w) => w.parameter),
    ['shoe_size', 'item_group_key'],
  );
});

const refusals: Array<[string, Record<string, unknown>, string, string?]> = [
  ['id required', { id: undefined }, 'id', 'MISSING_PARAMETER'],
  ['title required', { title: '' }, 'title', 'MISSING_PARAMETER'],
  ['description required', { description: null }, 'description', 'MISSING_PARAMETER'],
  ['availability required', { availability: undefined }, 'availability', 'MISSING_PARAMETER'],
  ['condition required', { condition: undefined }, 'condition', 'MISSING_PARAMETER'],
  ['price required', { price: undefined }, 'price', 'MISSING_PARAMETER'],
  ['link required', { link: undefined }, 'link', 'MISSING_PARAMETER'],
  ['image_link required', { image_link: undefined }, 'image_link', 'MISSING_PARAMETER'],
  ['title ≤ 150', { title: 'x'.repeat(151) }, 'title'],
  ['description ≤ 5000', { description: 'x'.repeat(5001) }, 'description'],
  ['description plain text', { description: 'a <b>bold</b> dress' }, 'description'],
  ['price format', { price: '60 dollars' }, 'price'],
  ['price decimal point', { price: '60,00 USD' }, 'price'],
  ['price ISO 4217', { price: '60.00 XYZ' }, 'price'],
  ['sale_price format', { sale_price: 'USD 50' }, 'sale_price'],
  ['sale_price below price', { sale_price: '60.00 USD' }, 'sale_price'],
  ['sale_price currency', { sale_price: '50.00 EUR' }, 'sale_price'],
  ['link https', { link: 'http://shop.example/dress' }, 'link'],
  ['mobile_link https', { mobile_link: 'ftp://shop.example/m' }, 'mobile_link'],
  ['image_link type', { image_link: 'https://shop.example/dress.bmp' }, 'image_link'],
  ['image_link URL', { image_link: 'dress.jpg' }, 'image_link'],
  [
    'additional images ≤ 10',
    { additional_image_link: Array.from({ length: 11 }, (_, i) => `https://s.example/${i}.png`).join(',') },
    'additional_image_link',
  ],
  [
    'additional image type',
    { additional_image_link: 'https://s.example/a.png,https://s.example/b.tiff' },
    'additional_image_link',
  ],
  ['brand, gtin or mpn', { brand: undefined }, 'brand', 'MISSING_PARAMETER'],
  ['inventory int', { inventory: 1.5 }, 'inventory'],
  ['inventory ≥ 1 in stock', { inventory: 0 }, 'inventory'],
  [
    'effective date format',
    { sale_price: '50.00 USD', sale_price_effective_date: '2022-10-04/2022-10-10' },
    'sale_price_effective_date',
  ],
  [
    'effective date order',
    { sale_price_effective_date: '2022-10-10T00:00+00:00/2022-10-04T00:00+00:00' },
    'sale_price_effective_date',
  ],
  ['product_type separator', { product_type: 'Apparel>Dresses' }, 'product_type'],
  ['availability enum', { availability: 'In Stock' }, 'availability'],
  ['condition enum', { condition: 'mint' }, 'condition'],
  ['gender enum', { gender: 'other' }, 'gender'],
  ['age_group enum', { age_group: 'senior' }, 'age_group'],
  ['strings only', { color: 5 }, 'color'],
];

for (const [name, over, field, code = 'INVALID_PARAMETER'] of refusals)
  test(`refused: ${name}`, () => {
    const r = checkProduct({ ...good(), ...over });
    assert.equal(r.data, null);
    assert.deepEqual(
      r.errors.map((e) => [e.parameter, e.code]),
      [[field, code]],
      JSON.stringify(r.errors),
    );
  });

test('the rules that pass: gtin alone, out of stock without inventory, the docs’ effective date, product types', () => {
  const ok = (over: Record<string, unknown>) => assert.deepEqual(checkProduct({ ...good(), ...over }).errors, []);
  ok({ brand: undefined, gtin: '1432563728' });
  ok({ availability: 'out of stock', inventory: undefined });
  ok({ sale_price: '50.00 USD', sale_price_effective_date: '2022-10-04T17:20+02:00/2022-10-10T04:00+02:00' });
  ok({ sale_price_effective_date: '2022-10-04T17:20:31.000Z/2022-10-10T04:00:00.000Z' });
  ok({ product_type: 'Apparel & Accessories > Clothing > Dresses', image_link: 'http://s.example/a.WEBP?x=1' });
  ok({ additional_image_link: Array.from({ length: 10 }, (_, i) => `https://s.example/${i}.gif`).join(',') });
});

test('not an object', () => {
  assert.equal(checkProduct('sku').errors[0]!.parameter, 'products');
});

test('prices and variants', () => {
  assert.deepEqual(parsePrice('20.00 USD'), { amount: 20, currency: 'USD' });
  assert.equal(parsePrice('20.00USD'), null);
  const a = checkProduct({ ...good(), size: 'S' }).data!;
  const b = checkProduct({ ...good(), id: 'sku-2', size: 'M' }).data!;
  assert.ok(areVariants(a, b));
  assert.ok(!areVariants(a, { ...b, title: 'Red dress' }));
  assert.ok(!areVariants(a, { ...a }));
});
