// v12 cards (seed 001 "Creatives"; notes §9.4): made from a JSON body of components or slides whose
// media are the account's media library entries, listed, read, replaced field by field, and
// soft-deleted. The body rules and the card type live in cards.components.ts. Cards are not among the
// entities account history reports (seed: CAMPAIGN, LINE_ITEM, PROMOTED_TWEET, TARGETING_CRITERIA,
// PROMOTED_ACCOUNT), so no change is recorded there.
import type { Deps } from '../../../deps.js';
import { shortLink } from '../../../shared/links.js';
import type { Queryable } from '../../../store/index.js';
import type { AdsAccount } from '../kit/account.js';
import { adsErrors, notFound, type AdsError } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { libraryMediaByKeys } from '../media-library/index.js';
import {
  cardTypeOf,
  mediaErrors,
  mediaRefs,
  readCardBody,
  renderComponents,
  type CardInput,
  type CardMedia,
} from './cards.components.js';
import type { CardFinder } from './cards.finder.js';
import * as repo from './cards.repo.js';
import type { CardRow } from './cards.repo.js';
import { cardView } from './cards.view.js';

export type Writer = { deps: Deps; account: AdsAccount; userId: string };

/**
 * NOT_FOUND, as every missing entity answers in Aviary: the one observed missing-entity error is
 * `NOT_FOUND` "Line Item gsmga was not found for Account xxxx" (notes §3.2), not LINE_ITEM_NOT_FOUND,
 * so the table's CARD_NOT_FOUND is not used either.
 */
export const cardNotFound = (id: string, accountId: string) => notFound('Card', id, accountId, 'card_id');

export type CardListParams = {
  card_types?: string[];
  card_id?: string[];
  card_uris?: string[];
  q?: string;
  include_legacy_cards?: boolean;
};

/**
 * Lists cards made by `POST cards` (seed). `include_legacy_cards` is read and has nothing to add:
 * Aviary makes no legacy cards.
 */
export async function listCards(deps: Deps, account: AdsAccount, p: CardListParams, q: ListQuery) {
  const f = { accountId: account.id, cardTypes: p.card_types, ids: p.card_id, uris: p.card_uris, q: p.q };
  const { rows, total } = await repo.listCards(deps.db, f, q);
  const sortValue = (r: CardRow) => r[q.sort.attr as keyof CardRow] as string | number;
  return pageOf(rows, q, sortValue, cardView, total);
}

export async function getCard(deps: Deps, account: AdsAccount, id: string, withDeleted: boolean) {
  const row = await repo.cardById(deps.db, account.id, id);
  if (!row || (row.deleted && !withDeleted)) throw cardNotFound(id, account.id);
  return cardView(row);
}

/** The account's cards with these URIs, in the order given; unknown or (without with_deleted) deleted ones left out. */
export async function cardsByUris(db: Queryable, accountId: string, uris: string[], withDeleted: boolean) {
  const rows = await repo.cardsByUris(db, accountId, uris);
  const byUri = new Map(rows.filter((r) => withDeleted || !r.deleted).map((r) => [r.card_uri, r]));
  return uris.flatMap((u) => {
    const r = byUri.get(u);
    return r ? [cardView(r)] : [];
  });
}

export async function cardByIdOrNull(db: Queryable, accountId: string, id: string, withDeleted: boolean) {
  const row = await repo.cardById(db, accountId, id);
  return row && (withDeleted || !row.deleted) ? cardView(row) : null;
}

/** The body read, or one error envelope listing every fault in it (nothing stored). */
function readOrThrow(body: unknown, mode: 'create' | 'update'): CardInput {
  const { value, errors } = readCardBody(body, mode);
  if (errors.length) throw adsErrors(errors);
  return value;
}

/** The library entries a card names, checked: each must be the account's, an image or a video. */
async function mediaOf(db: Queryable, accountId: string, input: CardInput): Promise<Map<string, CardMedia>> {
  const refs = mediaRefs(input);
  const found = await libraryMediaByKeys(
    db,
    accountId,
    refs.map((r) => r.key),
  );
  const media = new Map(found.map((m) => [m.media_key, m]));
  const errors: AdsError[] = mediaErrors(refs, media, accountId);
  if (errors.length) throw adsErrors(errors);
  return media;
}

/** The stored columns of the components or slides given: rendered, with the card type they make. */
function contentOf(row: Pick<CardRow, 'id'>, input: CardInput, media: Map<string, CardMedia>) {
  // A t.co link per card and url, stable across reads (shared/links.ts).
  const tco = (url: string) => shortLink(`card:${row.id}:${url}`);
  const card_type = cardTypeOf(input, (k) => media.get(k)!.media_type);
  if (input.slides)
    return {
      card_type,
      components: null,
      slides: JSON.stringify(input.slides.map((s) => renderComponents(s, media, tco))),
    };
  return { card_type, components: JSON.stringify(renderComponents(input.components!, media, tco)), slides: null };
}

export async function createCard(w: Writer, body: unknown) {
  const input = readOrThrow(body, 'create');
  const row = await w.deps.db.tx(async (tx) => {
    const media = await mediaOf(tx, w.account.id, input);
    const now = w.deps.clock.now();
    const id = w.deps.ids.next();
    const made: CardRow = {
      id,
      account_id: w.account.id,
      name: input.name!,
      card_uri: `card://${id}`,
      ...contentOf({ id }, input, media),
      created_at: now,
      updated_at: now,
      deleted: 0,
    } as CardRow;
    await repo.insertCard(tx, made);
    return made;
  });
  return cardView(row);
}

/**
 * PUT "will replace each field with the parameters specified" (notes §9.4): `name`, and `components`
 * or `slides` (either replaces the card's content, and the card type follows). A deleted card is 404.
 */
export async function updateCard(w: Writer, id: string, body: unknown) {
  const input = readOrThrow(body, 'update');
  const row = await w.deps.db.tx(async (tx) => {
    const before = await repo.cardById(tx, w.account.id, id);
    if (!before || before.deleted) throw cardNotFound(id, w.account.id);
    const content =
      input.components || input.slides
        ? contentOf(before, input, await mediaOf(tx, w.account.id, input))
        : { card_type: before.card_type, components: before.components, slides: before.slides };
    const after: CardRow = { ...before, ...content, name: input.name ?? before.name, updated_at: w.deps.clock.now() };
    await repo.updateCard(tx, id, after);
    return after;
  });
  return cardView(row);
}

/** Soft delete (seed "States and transitions": card → deleted true); a repeated delete is 404. */
export async function deleteCard(w: Writer, id: string, cardType?: string) {
  const row = await w.deps.db.tx(async (tx) => {
    const before = await repo.cardById(tx, w.account.id, id);
    if (!before || before.deleted) throw cardNotFound(id, w.account.id);
    // The legacy typed path names the card's type; another type does not find it.
    if (cardType !== undefined && cardType.toUpperCase() !== before.card_type) throw cardNotFound(id, w.account.id);
    const now = w.deps.clock.now();
    await repo.markDeleted(tx, id, now);
    return { ...before, deleted: 1, updated_at: now };
  });
  return cardView(row);
}

/** How `cards/all` and the posts made through the Ads API find this module's cards (cards.finder.ts). */
export const cardFinder: CardFinder = { byUris: cardsByUris, byId: cardByIdOrNull };
