// What other modules may use of search: the routes (mounted by app.ts), the index worker (started by
// main.ts) and the drain, for tools that bulk-load posts and want them searchable at once.
export { searchRoutes } from './search.routes.js';
export { drainIndex, startSearchIndexer } from './search.indexer.js';
