// Poll cards (notes §9.5, §13; seed 001 "Creatives"; DOCS x-ads-api/creatives/reference.mdx "Poll
// Cards"): list, get, create (parameters in the query string, as every SDK sends them), hard delete.
// No PUT ("It is not possible to update (PUT) poll cards"). The echo carries `"card_type": "poll"` on
// the list, get and delete, as the docs' examples do (notes §3.1).
import type { Deps } from '../../../deps.js';
import { bool, int, required, str, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import { MAX_CHOICE, MAX_DURATION, MIN_DURATION } from './poll-cards.rules.js';
import * as polls from './poll-cards.service.js';

const A = 'accounts/:account_id/cards/poll';
/** Cards sort by these (notes §4, DOCS fundamentals/sorting.mdx). */
const SORTABLE = ['created_at', 'updated_at', 'deleted', 'name'] as const;

/** Media keys are `<numeric prefix>_<media id>` (notes §4). */
const MEDIA_KEY = /^[0-9]+_[0-9]{1,19}$/;
const choice = () => str({ min: 1, max: MAX_CHOICE });

const CREATE = {
  // "card name 80" (seed, Limits).
  name: required(str({ min: 1, max: 80 })),
  duration_in_minutes: required(int({ min: MIN_DURATION, max: MAX_DURATION })),
  first_choice: required(choice()),
  second_choice: required(choice()),
  third_choice: choice(),
  fourth_choice: choice(),
  media_key: str({ pattern: MEDIA_KEY }),
};

const typed = (ctx: AdsContext) => void (ctx.echo.card_type = 'poll');

export function pollCardsRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    A,
    {
      sortable: SORTABLE,
      // Seed: card_ids (csv, up to 200), q (max 80); count 200, 1 to 1000 (the kit's default).
      params: { card_ids: ids36({ max: 200 }), q: str({ min: 1, max: 80 }) },
    },
    (ctx, p, q) => {
      typed(ctx);
      return polls.listPollCards(deps, ctx.account!, p, q);
    },
  );
  r.get(`${A}/:card_id`, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx) => {
    typed(ctx);
    return { data: await polls.getPollCard(deps, ctx.account!, ctx.path.card_id!) };
  });
  r.post(A, { params: CREATE }, async (ctx, p) => ({ data: await polls.createPollCard(deps, ctx.account!, p) }));
  r.delete(`${A}/:card_id`, {}, async (ctx) => {
    typed(ctx);
    return { data: await polls.deletePollCard(deps, ctx.account!, ctx.path.card_id!) };
  });
}
