// Video conversation cards (seed 001 "Creatives"; DOCS x-ads-api/creatives/reference.mdx "Video
// Conversation Cards"): list, get, create (parameters in the query string, as every SDK sends them),
// hard delete. The echo carries `"card_type": "video_conversation"` on the list, get and delete, as
// the docs' examples do (notes §3.1).
import type { Deps } from '../../../deps.js';
import { bool, required, str, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import { MAX_SHORT_TEXT } from './video-conversation-cards.rules.js';
import * as cards from './video-conversation-cards.service.js';

const A = 'accounts/:account_id/cards/video_conversation';
/** Cards sort by these (notes §4, DOCS fundamentals/sorting.mdx). */
const SORTABLE = ['created_at', 'updated_at', 'deleted', 'name'] as const;

/** Media keys are `<numeric prefix>_<media id>` (notes §4). */
const mediaKey = () => str({ pattern: /^[0-9]+_[0-9]{1,19}$/ });
const text = () => str({ min: 1 });
/** CTA lengths are checked without their `#` (rules). */
const cta = () => str({ min: 1 });

const CREATE = {
  // "card name 80" (seed, Limits).
  name: required(str({ min: 1, max: 80 })),
  first_cta: required(cta()),
  first_cta_tweet: required(text()),
  media_key: required(mediaKey()),
  // "thank-you text and title 23" (seed, Limits).
  thank_you_text: required(str({ min: 1, max: MAX_SHORT_TEXT })),
  title: str({ min: 1, max: MAX_SHORT_TEXT }),
  second_cta: cta(),
  second_cta_tweet: text(),
  third_cta: cta(),
  third_cta_tweet: text(),
  fourth_cta: cta(),
  fourth_cta_tweet: text(),
  poster_media_key: mediaKey(),
  thank_you_url: text(),
  unlocked_image_media_key: mediaKey(),
  unlocked_video_media_key: mediaKey(),
};

const typed = (ctx: AdsContext) => void (ctx.echo.card_type = 'video_conversation');

export function videoConversationCardsRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    A,
    {
      sortable: SORTABLE,
      // Seed: the poll cards' list parameters: card_ids (csv, up to 200), q (max 80), count 200, 1 to 1000.
      params: { card_ids: ids36({ max: 200 }), q: str({ min: 1, max: 80 }) },
    },
    (ctx, p, q) => {
      typed(ctx);
      return cards.listVideoConversationCards(deps, ctx.account!, p, q);
    },
  );
  r.get(`${A}/:card_id`, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx) => {
    typed(ctx);
    return { data: await cards.getVideoConversationCard(deps, ctx.account!, ctx.path.card_id!) };
  });
  r.post(A, { params: CREATE }, async (ctx, p) => ({
    data: await cards.createVideoConversationCard(deps, ctx.account!, p),
  }));
  r.delete(`${A}/:card_id`, {}, async (ctx) => {
    typed(ctx);
    return { data: await cards.deleteVideoConversationCard(deps, ctx.account!, ctx.path.card_id!) };
  });
}
