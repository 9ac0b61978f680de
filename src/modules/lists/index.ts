// What other modules may use of lists (routes are mounted by app.ts from lists.routes.ts).
export { visibleList, renderLists } from './lists.service.js';
export type { ListRow } from './lists.repo.js';
