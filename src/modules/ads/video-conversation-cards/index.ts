// Video conversation cards: routes, and the lookup by card uri that cards/all uses (notes §9.4).
export { videoConversationCardsRoutes } from './video-conversation-cards.routes.js';
export { videoConversationCardByUri } from './video-conversation-cards.service.js';
