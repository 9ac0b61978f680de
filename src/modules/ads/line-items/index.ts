// Line items: routes, and what other Ads resources may use.
export {
  lineItemById,
  lineItemSummaries,
  lineItemsWithCampaigns,
  type LineItemRow,
  type TargetingLineItemRow,
} from './line-items.repo.js';
export { lineItemsRoutes } from './line-items.routes.js';
export { createLineItem } from './line-items.service.js';
