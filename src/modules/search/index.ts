// What other modules may use of search: the routes (mounted by app.ts), the index worker and the
// drain chain (made and started by main.ts) and the drain, for tools that bulk-load posts and want
// them searchable at once; and the index reads keyword insights (Ads) makes its figures from.
export { searchRoutes } from './search.routes.js';
export { createDrainChain, drainIndex, refileAll, startSearchIndexer } from './search.indexer.js';
export { keywordKeys } from './search.keys.js';
export { filedKeys, keywordPosts, windowKeys, type KeywordQuery } from './search.insights.js';
export { createSearchLoad } from './search.load.js';
export { createSearchIndex } from './search.store.js';
