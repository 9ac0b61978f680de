// A line item's wire form (migration 0020, ADR 0018) is kept as JSON text instead of UTF-8 bytes. A list
// page reads 1,000 of them: SQLite hands each BLOB over as its own Buffer (a native allocation, a
// backing store and a finaliser each), each TEXT as a plain string, and the page's rows are written
// into the answer's one buffer either way. ~1 ms of server CPU a page less (bench/NOTES.md, "the Ads
// page of 1,000 line items under 5 ms", ADR 0018 amended). The JSON is the same, so the bytes each
// row holds are too.
// SQLite cannot change a column's type: the column is rebuilt under the same name.
export default {
  sqlite: `
ALTER TABLE ads_line_items ADD COLUMN wire_text TEXT;
UPDATE ads_line_items SET wire_text = CAST(wire AS TEXT) WHERE wire IS NOT NULL;
ALTER TABLE ads_line_items DROP COLUMN wire;
ALTER TABLE ads_line_items RENAME COLUMN wire_text TO wire;
`,
  postgres: `ALTER TABLE ads_line_items ALTER COLUMN wire TYPE TEXT USING convert_from(wire, 'UTF8');`,
};
