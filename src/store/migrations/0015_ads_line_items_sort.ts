// Line item lists read a page in the order they are sorted by (kit/list-sql.ts: ORDER BY the sort
// expression, then id, resumed after the cursor, LIMIT count + 1). Without an index in that order
// every page sorts all of the account's line items: with 10,000 of them a page of 1,000 sorted by bid
// cost about 22 ms of SQLite for the first page and 40 ms for later ones, against 10 ms with these
// (in-memory store, 2026-11, a loaded 2-core machine). The bid sort expression is the repository's
// own (never NULL), so both databases match it; created_at is the default sort.
export default `
CREATE INDEX ads_line_items_bid ON ads_line_items (account_id, (COALESCE(bid_amount_local_micro, -1)), id);
CREATE INDEX ads_line_items_created ON ads_line_items (account_id, created_at, id);
`;
