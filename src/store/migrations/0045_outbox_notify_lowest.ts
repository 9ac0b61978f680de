// Issue #23: the outbox trigger (migrations 0033, 0042, 0044) also signals `outbox-ids` with the topics
// written and the lowest id written, marked `@` (`post.create,@1843…`); the `outbox` signal stays as
// it was. Commit order is not id order when several nodes write: a stream dispatcher whose cursor had
// passed a row committed late found it only in its sweep, every 500 ms, so with two nodes the
// streams' p99 was 435–455 ms against 25–34 with one (bench:cluster, bench/NOTES.md "twenty-third
// pass"). Given the lowest id, it reads at its next round the ids from there up to its cursor
// (stream.dispatch.ts `stragglers`): p99 32–38 ms with two nodes.
// Lowest by length, then text: ids are decimal strings (shared/ids.ts `compareIds`).
// The body stays on one line: migrate() splits scripts on a semicolon that ends a line.
export default {
  sqlite: '',
  postgres: `
CREATE OR REPLACE FUNCTION aviary_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE topics text; pending text; lowest text; BEGIN SELECT string_agg(DISTINCT topic, ','), string_agg(DISTINCT topic || '!', ',') FILTER (WHERE status = 'pending' AND locked_by IS NULL) INTO topics, pending FROM inserted; IF topics IS NOT NULL THEN PERFORM pg_notify('aviary:' || current_schema() || ':outbox', topics || coalesce(',' || pending, '')); SELECT id INTO lowest FROM inserted ORDER BY length(id), id LIMIT 1; PERFORM pg_notify('aviary:' || current_schema() || ':outbox-ids', topics || ',@' || lowest); END IF; RETURN NULL; END $$;
`,
};
