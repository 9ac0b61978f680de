// Replies, quotes and reposts are a minority of posts: their lookup indexes keep only the rows that
// have the reference (a `col = ?` lookup implies `col IS NOT NULL`, so both databases still use
// them), which makes every post insert cheaper (bulk seeding writes a million of them).
export default `
DROP INDEX posts_reply_to;
DROP INDEX posts_quote_of;
DROP INDEX posts_repost_of;
CREATE INDEX posts_reply_to ON posts (reply_to_id, seq) WHERE reply_to_id IS NOT NULL;
CREATE INDEX posts_quote_of ON posts (quote_of_id, seq) WHERE quote_of_id IS NOT NULL;
CREATE INDEX posts_repost_of ON posts (repost_of_id, seq) WHERE repost_of_id IS NOT NULL;
`;
