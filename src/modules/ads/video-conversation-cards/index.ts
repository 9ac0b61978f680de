// Video conversation cards: routes, and how cards/all finds them (notes §9.4).
export { videoConversationCardsRoutes } from './video-conversation-cards.routes.js';
export { videoConversationCardFinder } from './video-conversation-cards.service.js';
