// Push between nodes (issue "Many nodes" part 3, ADR 0023): every statement that inserts outbox rows
// signals the per-schema channel `aviary:<schema>:outbox` (the naming of store/signals.ts) with the
// distinct topics it wrote, comma-separated, so the readers of every node sharing the database (the
// fan-out, the delivery worker, the streams' tail) wake on the commit instead of polling. A trigger,
// not a call beside each write: every writer (this code, another version of it, a hand-written
// INSERT) signals, and NOTIFY is delivered only once the transaction commits, in commit order.
// Statement-level with a transition table: one notification per statement, however many rows.
//
// The body stays on one line: migrate() splits scripts on a semicolon that ends a line.
// SQLite has one process; its writers wake the readers in memory (delivery/runtime.ts).
export default {
  sqlite: '',
  postgres: `
CREATE OR REPLACE FUNCTION aviary_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE topics text; BEGIN SELECT string_agg(DISTINCT topic, ',') INTO topics FROM inserted; IF topics IS NOT NULL THEN PERFORM pg_notify('aviary:' || current_schema() || ':outbox', topics); END IF; RETURN NULL; END $$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION aviary_outbox_notify();
`,
};
