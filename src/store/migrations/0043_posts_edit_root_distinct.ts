// Issue #23: every counter move of a post (reply_count, quote_count, …: posts.repo.ts `bumpMetrics`)
// updates the post's whole edit chain, `UPDATE posts … FROM (the moved posts' roots) d WHERE
// posts.edit_root_id = d.root`. A post is its own root unless it is an edit, and a chain holds at most
// six versions, so nearly every value of edit_root_id is distinct; but an ANALYZE of a young table
// (a seeded store with edit chains, a burst's first rows) can store a small *absolute* number of
// distinct values, which then stays as the table grows. PostgreSQL then expects each root to match
// rows/n_distinct posts, prices the index walk above a sequential scan, and keeps that plan for the
// named statement: bench:firehose's counter UPDATEs scanned the whole table, 5–7 ms each, for the
// first seconds of a run (auto_explain, bench/NOTES.md "sixteenth pass"). Pinning the estimate to
// "nine rows in ten are distinct" (an ANALYZE keeps a column's n_distinct setting) keeps the walk
// through `posts_edit_root`. SQLite's planner takes the index without statistics.
export default {
  sqlite: '',
  postgres: `ALTER TABLE posts ALTER COLUMN edit_root_id SET (n_distinct = -0.9);`,
};
