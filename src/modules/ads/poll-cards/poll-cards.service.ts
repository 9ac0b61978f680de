// Poll cards (notes §9.5; seed 001 "Creatives"): create with the rules of poll-cards.rules.ts, list,
// get and a hard delete. Cards are not entities of the account history (kit/history.ts lists those),
// so nothing is recorded there.
import type { Deps } from '../../../deps.js';
import type { CardFinder } from '../cards/index.js';
import { hasFeature } from '../accounts/index.js';
import type { AdsAccount } from '../kit/account.js';
import { notFound } from '../kit/errors.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { libraryMediaByKeys } from '../media-library/index.js';
import * as repo from './poll-cards.repo.js';
import type { PollCardRow } from './poll-cards.repo.js';
import { checkChoices, MEDIA_POLLS_FEATURE, pollWindow, resolvePollMedia } from './poll-cards.rules.js';
import { deletedPollCardView, pollCardView } from './poll-cards.view.js';

export type NewPollCard = {
  name: string;
  duration_in_minutes: number;
  first_choice: string;
  second_choice: string;
  third_choice?: string;
  fourth_choice?: string;
  media_key?: string;
};

export async function listPollCards(
  deps: Deps,
  account: AdsAccount,
  p: { card_ids?: string[]; q?: string },
  q: ListQuery,
) {
  const { rows, total } = await repo.listPollCards(deps.db, { accountId: account.id, ids: p.card_ids, q: p.q }, q);
  const sortValue = (r: PollCardRow) =>
    q.sort.attr === 'deleted' ? 0 : (r[q.sort.attr as 'created_at' | 'updated_at' | 'name'] as string | number);
  return pageOf(rows, q, sortValue, pollCardView, total);
}

/** Deletes are hard (DOCS), so a deleted card is not found, `with_deleted` or not. */
export async function getPollCard(deps: Deps, account: AdsAccount, id: string) {
  const row = await repo.pollCardById(deps.db, account.id, id);
  if (!row) throw notFound('Card', id, account.id, 'card_id');
  return pollCardView(row);
}

/**
 * How `cards/all` finds poll cards (notes §9.4; cards/cards.finder.ts). Deletes are hard, so there is
 * nothing more to find with `with_deleted`.
 */
export const pollCardFinder: CardFinder = {
  async byUris(db, accountId, uris) {
    const rows = await Promise.all(uris.map((uri) => repo.pollCardByUri(db, accountId, uri)));
    return rows.filter((r) => r !== undefined).map(pollCardView);
  },
  async byId(db, accountId, id) {
    const row = await repo.pollCardById(db, accountId, id);
    return row ? pollCardView(row) : null;
  },
};

export async function createPollCard(deps: Deps, account: AdsAccount, p: NewPollCard) {
  checkChoices(p);
  const mediaPolls = p.media_key !== undefined && (await hasFeature(deps.db, account.id, MEDIA_POLLS_FEATURE));
  const [media] = mediaPolls ? await libraryMediaByKeys(deps.db, account.id, [p.media_key!]) : [];
  const { card_type, fields } = resolvePollMedia(p.media_key, media, { accountId: account.id, mediaPolls });
  const now = deps.clock.now();
  // The card's id is base-36 (`57i77`) and its uri numeric (`card://950590850777497601`), notes §9.5:
  // both from one snowflake.
  const n = deps.ids.next();
  const row: PollCardRow = {
    id: BigInt(n).toString(36),
    account_id: account.id,
    card_uri: `card://${n}`,
    name: p.name,
    card_type,
    duration_in_minutes: p.duration_in_minutes,
    first_choice: p.first_choice,
    second_choice: p.second_choice,
    third_choice: p.third_choice ?? null,
    fourth_choice: p.fourth_choice ?? null,
    media_key: p.media_key ?? null,
    media_fields: JSON.stringify(fields),
    ...pollWindow(now, p.duration_in_minutes),
    created_at: now,
    updated_at: now,
  };
  await deps.db.tx((tx) => repo.insertPollCard(tx, row));
  return pollCardView(row);
}

/** A hard delete (DOCS: "it is not possible to retrieve deleted cards"); a repeated delete is 404. */
export async function deletePollCard(deps: Deps, account: AdsAccount, id: string) {
  return deps.db.tx(async (tx) => {
    const row = await repo.pollCardById(tx, account.id, id);
    if (!row) throw notFound('Card', id, account.id, 'card_id');
    await repo.deletePollCard(tx, id);
    return deletedPollCardView(row, deps.clock.now());
  });
}
