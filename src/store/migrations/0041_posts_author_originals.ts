// Issue #23: the duplicate check (posts.repo.ts insertUnlessRepeat) reads an author's latest live
// post that is not a repost, once for every post created. Through `posts_author (author_id, seq)`
// PostgreSQL has to filter out superseded versions and reposts, and without fresh statistics (a new
// schema under a burst of writes, or autovacuum off) it estimated that filter to leave one row, so it
// fetched all of the author's posts and sorted them: 6–35 ms a post once an author had ~9,000 posts,
// growing with every post (bench/NOTES.md "write path, twelfth pass"). This index holds exactly the
// rows the check reads, in order, so the newest is the first entry whatever the statistics say.
// SQLite's planner walks `posts_author` backwards for the same query without statistics, and is
// spared one more index to keep up on every post.
export default {
  sqlite: '',
  postgres: `
CREATE INDEX IF NOT EXISTS posts_author_originals ON posts (author_id, seq)
  WHERE superseded_by IS NULL AND repost_of_id IS NULL;
`,
};
