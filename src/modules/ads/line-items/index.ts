// Line items: what other Ads resources may use.
export { lineItemById, type LineItemRow } from './line-items.repo.js';
