// v12 cards: routes, and the finder type other card kinds implement so `cards/all` finds their cards.
export { cardsRoutes } from './cards.routes.js';
export { cardFinder } from './cards.service.js';
export type { CardFinder, WireCard } from './cards.finder.js';
export { CARD_TYPES, type CardType } from './cards.components.js';
