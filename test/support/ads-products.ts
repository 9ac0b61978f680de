// Product catalog helpers for the Ads tests: a catalog for an advertiser and products that pass every
// field rule of the seed ("Product field rules for PUT"), to be varied one field at a time.
import { adsCall, type Advertiser } from './ads.js';
import type { TestServer } from './server.js';

export function validProduct(id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    title: `Product ${id}`,
    description: 'A plain description',
    availability: 'in stock',
    condition: 'new',
    price: '60.00 USD',
    link: 'https://shop.example/p',
    image_link: 'https://shop.example/p.jpg',
    brand: 'x',
    inventory: 3,
    ...over,
  };
}

export async function newCatalog(s: TestServer, who: Advertiser, name = 'catalog'): Promise<string> {
  const res = await adsCall(s, who, 'POST', 'product_catalogs', { name });
  if (res.status !== 200) throw new Error(`catalog: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** PUTs products; answers the products_response entries. */
export async function upsert(s: TestServer, who: Advertiser, catalog: string, products: unknown[]) {
  const res = await adsCall(s, who, 'PUT', `product_catalogs/${catalog}/products`, {}, { json: { products } });
  if (res.status !== 200) throw new Error(`upsert: ${JSON.stringify(res.body)}`);
  return res.body.data.products_response as Array<{
    id: string | null;
    product_key: string | null;
    status: string;
    errors: Array<{ code: string; parameter: string; message: string }>;
    warnings: Array<{ code: string; parameter: string; message: string }>;
  }>;
}
