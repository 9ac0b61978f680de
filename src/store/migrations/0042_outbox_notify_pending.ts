// Issue #23: the outbox signal (migration 0033) now also says which topics the statement wrote rows
// still to settle: after the topics written, each such topic again, marked `!`
// (`post.create,post.create!`; a reader that splits on commas still finds its topics). The fan-out
// claims pending rows only, but woke on every signal; with no one listening (no activity
// subscription, no linked webhook) a post's row is written settled (delivery/index.ts
// `enqueueSource`), and each group commit's signal still cost the fan-out a step of four statements
// finding nothing to do — on PostgreSQL a round trip each, about one a post (bench/NOTES.md "write
// path, twelfth pass"). The streams still wake on every row.
// The body stays on one line: migrate() splits scripts on a semicolon that ends a line.
export default {
  sqlite: '',
  postgres: `
CREATE OR REPLACE FUNCTION aviary_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE topics text; pending text; BEGIN SELECT string_agg(DISTINCT topic, ','), string_agg(DISTINCT topic || '!', ',') FILTER (WHERE status = 'pending') INTO topics, pending FROM inserted; IF topics IS NOT NULL THEN PERFORM pg_notify('aviary:' || current_schema() || ':outbox', topics || coalesce(',' || pending, '')); END IF; RETURN NULL; END $$;
`,
};
