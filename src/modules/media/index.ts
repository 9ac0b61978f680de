// What other modules may use of media.
export { attachableMedia, insertMediaMany, mediaByKeys, setAltText } from './media.service.js';
export { mediaView } from './media.view.js';
export type { MediaRow } from './media.repo.js';
