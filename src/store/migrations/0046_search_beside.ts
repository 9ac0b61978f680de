// Issue #23: on SQLite the search index's documents, postings and state move to a file of their own
// beside the store (`aviary.search.db`), written by a worker thread (store/sqlite.side.ts,
// modules/search/search.store.ts). Their writes were a third of the event loop's time under a write
// load, and a batch of them held the store's one writer. The change queue stays here: the triggers on
// `posts` fill it in the writer's own transaction. `search_file` names the side file that indexes this
// store's posts; it starts empty, so the first drain finds no match, queues every live post again and
// builds the side file from nothing. PostgreSQL keeps its layout.
export default {
  sqlite: `
DROP TABLE search_postings;
DROP TABLE search_docs;
DROP TABLE search_state;
CREATE TABLE search_file (
  id TEXT PRIMARY KEY
);
`,
  postgres: '',
};
