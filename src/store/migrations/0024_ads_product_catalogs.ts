// Product catalogs, products and product sets (seed "Product catalogs (early access)"; notes §11).
// A catalog belongs to a user (one per user, seed), not to an ad account. Products keep their wire
// fields as JSON TEXT (`data`): product sets filter them in the service, nothing filters in SQL. The
// merchant's `id` is unique in its catalog; `product_key` is X-generated (a snowflake, notes §4) and
// gives submission order, which decides the first product of an item group (seed: only that one is
// listed). Product sets keep their filters or product keys; their product_ids are computed on read.
export default `
CREATE TABLE ads_product_catalogs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE TABLE ads_products (
  product_key TEXT PRIMARY KEY,
  catalog_id TEXT NOT NULL,
  id TEXT NOT NULL,
  title TEXT NOT NULL,
  item_group_id TEXT,
  item_group_key TEXT,
  data TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX ads_products_catalog_id ON ads_products (catalog_id, id);
CREATE INDEX ads_products_created ON ads_products (catalog_id, created_at, id);
CREATE INDEX ads_products_group ON ads_products (catalog_id, item_group_key, product_key);
CREATE INDEX ads_products_title ON ads_products (catalog_id, title);
CREATE TABLE ads_product_sets (
  id TEXT PRIMARY KEY,
  catalog_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT,
  type TEXT NOT NULL,
  filters TEXT NOT NULL,
  product_keys TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX ads_product_sets_catalog ON ads_product_sets (catalog_id, id);
`;
