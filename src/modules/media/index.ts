// What other modules may use of media, and its routes (mounted by app.ts).
export { mediaRoutes } from './media.routes.js';
export { attachableMedia, insertMediaMany, mediaByKeys, mediaBytes, setAltText } from './media.service.js';
export { mediaView } from './media.view.js';
export type { MediaRow } from './media.repo.js';
