// v12 cards (seed 001 "Creatives"; notes §9.4, §13): list, get, create and replace from a JSON body,
// delete (also by the legacy typed path), and `cards/all`, which finds any card of the account by
// card_uri or id: these cards, and those of the other card kinds handed in as finders.
// Route order: `cards/all`, `cards/poll` and `cards/video_conversation` are static segments, which
// Fastify's router prefers to the `:card_id` / `:card_type` parameters at the same place.
import type { Deps } from '../../../deps.js';
import { bool, ids, list, names, required, str, withDefault } from '../../../http/input.js';
import { invalid } from '../kit/errors.js';
import type { AdsContext, AdsRouter } from '../kit/router.js';
import { CARD_TYPES } from './cards.components.js';
import * as cards from './cards.service.js';
import type { CardFinder } from './cards.finder.js';

const A = 'accounts/:account_id';
const ONE = `${A}/cards/:card_id`;
/** Sortable attributes (notes §4). */
const SORTABLE = ['created_at', 'updated_at', 'deleted', 'name'] as const;
const WITH_DELETED = { with_deleted: withDefault(bool(), false) };
// The card URIs Aviary mints (`card://<id>`) and the real service's (`card://<id>` too, notes §9.4).
const CARD_URIS = names(/^card:\/\/[0-9A-Za-z_-]{1,40}$/, { max: 200 });

/**
 * Seed: card_types (csv enum), card_id (csv, up to 200), card_uris (csv, up to 200), count (default
 * 100, 1 to 200), cursor, include_legacy_cards (default false), q (name prefix, max 80), sort_by,
 * with_deleted. No with_total_count in the seed's list for this endpoint.
 */
const FILTERS = {
  card_types: list(CARD_TYPES),
  card_id: ids({ max: 200 }),
  card_uris: CARD_URIS,
  q: str({ min: 1, max: 80 }),
  include_legacy_cards: withDefault(bool(), false),
};

export function cardsRoutes(r: AdsRouter, deps: Deps, others: readonly CardFinder[] = []) {
  const writer = (ctx: AdsContext): cards.Writer => ({ deps, account: ctx.account!, userId: ctx.caller.userId });
  const finders: readonly CardFinder[] = [cards.cardFinder, ...others];

  r.list(
    `${A}/cards`,
    { sortable: SORTABLE, count: { default: 100, max: 200 }, noTotalCount: true, params: FILTERS },
    (ctx, p, q) => cards.listCards(deps, ctx.account!, p, q),
  );
  // Objects, not the docs' one-element arrays, for get, PUT and DELETE: the SDKs parse `data` as an
  // object (notes §9.4 "Shape conflict").
  r.get(ONE, { params: WITH_DELETED }, async (ctx, p) => ({
    data: await cards.getCard(deps, ctx.account!, ctx.path.card_id!, p.with_deleted),
  }));
  r.post(`${A}/cards`, { json: true }, async (ctx) => ({ data: await cards.createCard(writer(ctx), ctx.body) }));
  r.put(ONE, { json: true }, async (ctx) => ({
    data: await cards.updateCard(writer(ctx), ctx.path.card_id!, ctx.body),
  }));
  r.delete(ONE, {}, async (ctx) => ({ data: await cards.deleteCard(writer(ctx), ctx.path.card_id!) }));
  r.delete(`${A}/cards/:card_type/:card_id`, {}, async (ctx) => {
    const type = ctx.path.card_type!;
    if (!CARD_TYPES.includes(type.toUpperCase() as never))
      throw invalid(
        'card_type',
        `Expected a value in ${CARD_TYPES.join(', ')}, got ${JSON.stringify(type)} for card_type`,
      );
    return { data: await cards.deleteCard(writer(ctx), ctx.path.card_id!, type) };
  });

  // Any card of the account by URI (in the order asked; unknown ones left out) or by id.
  r.get(`${A}/cards/all`, { params: { card_uris: required(CARD_URIS), ...WITH_DELETED } }, async (ctx, p) => {
    const found = new Map<string, Record<string, unknown>>();
    for (const f of finders)
      for (const c of await f.byUris(deps.db, ctx.account!.id, p.card_uris, p.with_deleted))
        found.set(String(c.card_uri), c);
    return { data: p.card_uris.flatMap((u) => (found.has(u) ? [found.get(u)!] : [])) };
  });
  r.get(`${A}/cards/all/:card_id`, { params: WITH_DELETED }, async (ctx, p) => {
    const id = ctx.path.card_id!;
    for (const f of finders) {
      const card = await f.byId(deps.db, ctx.account!.id, id, p.with_deleted);
      if (card) return { data: card };
    }
    throw cards.cardNotFound(id, ctx.account!.id);
  });
}
