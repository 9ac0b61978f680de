// Each line item keeps its wire form (the JSON object GET and lists answer, as UTF-8 bytes: a page
// is then answered by copying bytes, with no string joined, measured or encoded), written in the same
// transaction as the row (ADR 0018). A list page of 1,000 line items otherwise builds 35 columns × 1,000 rows
// into JS objects, renders each and stringifies the lot: 33 ms of server CPU a page against a 30 ms
// p99 budget (bench/NOTES.md, 2026-11-24). Rows written before this column existed have NULL and are
// rendered from their columns when read.
export default {
  sqlite: 'ALTER TABLE ads_line_items ADD COLUMN wire BLOB;',
  postgres: 'ALTER TABLE ads_line_items ADD COLUMN wire BYTEA;',
};
