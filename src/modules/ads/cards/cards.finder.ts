// The extension point of `cards/all`: how another kind of card (poll cards, video conversation cards)
// lets `GET cards/all?card_uris=` and `GET cards/all/:card_id` find its cards. Such a module exports
// a CardFinder from its index.ts, and src/modules/ads/index.ts hands it to cardsRoutes:
//   cardsRoutes(r, deps, [pollCardFinder, videoConversationCardFinder]);
// (composed at the root, so neither module imports the other). Each function answers the account's
// cards as the API shows them (wire objects with `card_uri`), deleted ones only with `withDeleted`.
import type { Queryable } from '../../../store/index.js';

export type WireCard = Record<string, unknown> & { card_uri?: unknown };

export type CardFinder = {
  /** The account's cards among these URIs, in any order; URIs it does not know are left out. */
  byUris(db: Queryable, accountId: string, uris: string[], withDeleted: boolean): Promise<WireCard[]>;
  /** The account's card with this id, or null. */
  byId(db: Queryable, accountId: string, id: string, withDeleted: boolean): Promise<WireCard | null>;
};
