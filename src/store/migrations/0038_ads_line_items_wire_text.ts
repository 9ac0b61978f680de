// A line item's wire form (migration 0020, ADR 0018) is kept as JSON text instead of UTF-8 bytes. A list
// page reads 1,000 of them: SQLite hands each BLOB over as its own Buffer (a native allocation, a
// backing store and a finaliser each), each TEXT as a plain string, and the page's rows are written
// into the answer's one buffer either way (bench/NOTES.md, "the Ads page of 1,000 line items from
// text rows"; ADR 0026). The JSON is the same, so each row holds the same bytes.
//
// SQLite: a column declared BLOB holds whatever it is given (no type affinity), so the stored values
// are retyped in place and the declaration stays. Rebuilding the column instead (add, copy, drop,
// rename) left every page of the table half empty: 3,343 → 5,004 pages for 10,000 line items.
export default {
  sqlite: `UPDATE ads_line_items SET wire = CAST(wire AS TEXT) WHERE typeof(wire) = 'blob';`,
  postgres: `ALTER TABLE ads_line_items ALTER COLUMN wire TYPE TEXT USING convert_from(wire, 'UTF8');`,
};
