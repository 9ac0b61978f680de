// Edge tables (source → target) shared by the relation modules: storage and paging.
export { edgesRepo, EDGE_TABLES, type EdgeTable, type EdgeRow, type Side } from './edges.repo.js';
export { edgePage, type IdPage } from './edges.service.js';
export { addEdgeWithEvent, emitEvent, emitEdgeEvent, removeEdgeWithEvent, type RelationTopic } from './edges.events.js';
