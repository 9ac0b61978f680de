// Poll cards: routes, and how cards/all finds them (notes §9.4).
export { pollCardsRoutes } from './poll-cards.routes.js';
export { pollCardFinder } from './poll-cards.service.js';
