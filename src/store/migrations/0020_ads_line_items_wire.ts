// Each line item keeps its wire form (the JSON object GET and lists answer), written in the same
// transaction as the row. A list page of 1,000 line items otherwise builds 35 columns × 1,000 rows
// into JS objects, renders each and stringifies the lot: 33 ms of server CPU a page against a 30 ms
// p99 budget (bench/NOTES.md, 2026-11-24). Rows written before this column existed have NULL and are
// rendered from their columns when read.
export default `
ALTER TABLE ads_line_items ADD COLUMN wire TEXT;
`;
