// The search index (docs/adr/0009-search-index-postings-and-trigger-queue.md): postings tables that work on both
// stores, and a change queue filled by triggers on `posts` in the same transaction as every insert,
// delete, supersede (edit) and annotation change — bulk seeds included, which write no outbox event.
//
//   search_docs      one row per indexed post: its ordering key (created_at, seq) and the keys filed
//   search_postings  (term, created_at, seq): the posts offering a key, newest first by index order
//   search_queue     post ids whose index entry must be recomputed, in commit order per post
//   search_state     the drain lock row (serialises drains across processes sharing PostgreSQL)
//
// Posts already stored when the migration runs are queued for indexing by the migration itself.
// Only the DDL differs: SQLite gets WITHOUT ROWID tables and row triggers; PostgreSQL gets a
// sequence and statement-level triggers with transition tables (one INSERT per bulk statement).
// Trigger bodies stay on one line: the migration runner splits scripts on `;` at a line end.
const tables = (withoutRowid: string, serial: string) => `
CREATE TABLE search_docs (
  seq TEXT PRIMARY KEY,
  id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  keys TEXT NOT NULL
)${withoutRowid};
CREATE INDEX search_docs_time ON search_docs (created_at, seq);

CREATE TABLE search_postings (
  term TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  seq TEXT NOT NULL,
  PRIMARY KEY (term, created_at, seq)
)${withoutRowid};

CREATE TABLE search_queue (
  n ${serial},
  post_id TEXT NOT NULL,
  op TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

CREATE TABLE search_state (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

INSERT INTO search_queue (post_id, op, created_at) SELECT id, 'i', created_at FROM posts WHERE superseded_by IS NULL ORDER BY seq;
`;

const sqlite =
  tables(' WITHOUT ROWID', 'INTEGER PRIMARY KEY') +
  `
CREATE TRIGGER search_posts_insert AFTER INSERT ON posts BEGIN INSERT INTO search_queue (post_id, op, created_at) VALUES (NEW.id, 'i', NEW.created_at); END;
CREATE TRIGGER search_posts_delete AFTER DELETE ON posts BEGIN INSERT INTO search_queue (post_id, op, created_at) VALUES (OLD.id, 'd', OLD.created_at); END;
CREATE TRIGGER search_posts_supersede AFTER UPDATE OF superseded_by ON posts WHEN OLD.superseded_by IS NULL AND NEW.superseded_by IS NOT NULL BEGIN INSERT INTO search_queue (post_id, op, created_at) VALUES (NEW.id, 'x', NEW.created_at); END;
CREATE TRIGGER search_posts_annotate AFTER UPDATE OF entities, context_annotations ON posts WHEN NEW.superseded_by IS NULL BEGIN INSERT INTO search_queue (post_id, op, created_at) VALUES (NEW.id, 'u', NEW.created_at); END;
`;

const postgres =
  tables('', 'BIGSERIAL PRIMARY KEY') +
  `
CREATE FUNCTION search_queue_inserted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO search_queue (post_id, op, created_at) SELECT id, 'i', created_at FROM search_new_rows ORDER BY seq; RETURN NULL; END $$;
CREATE FUNCTION search_queue_deleted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO search_queue (post_id, op, created_at) SELECT id, 'd', created_at FROM search_old_rows ORDER BY seq; RETURN NULL; END $$;
CREATE FUNCTION search_queue_row() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO search_queue (post_id, op, created_at) VALUES (NEW.id, TG_ARGV[0], NEW.created_at); RETURN NULL; END $$;
CREATE TRIGGER search_posts_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS search_new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_queue_inserted();
CREATE TRIGGER search_posts_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS search_old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_queue_deleted();
CREATE TRIGGER search_posts_supersede AFTER UPDATE OF superseded_by ON posts FOR EACH ROW WHEN (OLD.superseded_by IS NULL AND NEW.superseded_by IS NOT NULL) EXECUTE FUNCTION search_queue_row('x');
CREATE TRIGGER search_posts_annotate AFTER UPDATE OF entities, context_annotations ON posts FOR EACH ROW WHEN (NEW.superseded_by IS NULL) EXECUTE FUNCTION search_queue_row('u');
`;

export default { sqlite, postgres };
