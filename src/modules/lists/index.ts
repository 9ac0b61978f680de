// What other modules may use of lists, and its routes (mounted by app.ts).
export { listsRoutes } from './lists.routes.js';
export { visibleList, renderLists } from './lists.service.js';
export type { ListRow } from './lists.repo.js';
