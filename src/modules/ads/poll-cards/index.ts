// Poll cards: routes, and the lookup by card uri that cards/all uses (notes §9.4).
export { pollCardsRoutes } from './poll-cards.routes.js';
export { pollCardByUri } from './poll-cards.service.js';
