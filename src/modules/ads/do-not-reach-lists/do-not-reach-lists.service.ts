// Do-not-reach lists (seed "Audiences"; notes §10.4): at most one live list per account, list,
// create, soft delete. The users batch is do-not-reach-lists.batch.ts. Account history does not
// record these lists: its entity types are the seed's five (kit/history.ts), and these are not one.
import type { Deps } from '../../../deps.js';
import { Problem } from '../../../shared/problems.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, notFound } from '../kit/errors.js';
import { newId36 } from '../kit/ids.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import * as repo from './do-not-reach-lists.repo.js';
import type { DnrListRow } from './do-not-reach-lists.repo.js';
import { dnrListView } from './do-not-reach-lists.view.js';

async function views(deps: Deps, rows: DnrListRow[]) {
  const now = deps.clock.now();
  const sizes = await repo.liveSizes(
    deps.db,
    rows.map((r) => r.id),
    now,
  );
  return new Map(rows.map((r) => [r.id, dnrListView(r, sizes.get(r.id) ?? 0, now)]));
}

export async function listDnrLists(deps: Deps, account: AdsAccount, q: ListQuery) {
  const { rows, total } = await repo.listLists(deps.db, account.id, q);
  const shown = await views(deps, rows);
  const sortValue = (r: DnrListRow) => Number(r[q.sort.attr as 'created_at' | 'updated_at' | 'deleted']);
  return pageOf(rows, q, sortValue, (r) => shown.get(r.id)!, total);
}

/** "An account_id can only have at most one Do Not Reach List" (DOCS); the wording is Aviary's. */
function oneAlready(accountId: string, existing: string): Problem {
  return adsError(
    'INVALID_PARAMETER',
    `Account ${accountId} already has a Do Not Reach List (${existing}); an account can have at most one`,
    'account_id',
  );
}

export async function createDnrList(deps: Deps, account: AdsAccount, p: { description?: string }) {
  const row = await deps.db
    .tx(async (tx) => {
      const existing = await repo.liveListOf(tx, account.id);
      if (existing) throw oneAlready(account.id, existing.id);
      const now = deps.clock.now();
      const made: DnrListRow = {
        id: newId36(deps.ids),
        account_id: account.id,
        description: p.description ?? null,
        created_at: now,
        updated_at: now,
        changed_at: now,
        deleted: 0,
      };
      await repo.insertList(tx, made);
      return made;
    })
    .catch(async (e: unknown) => {
      // Two creations racing on PostgreSQL: the partial unique index refuses the second.
      const existing = e instanceof Problem ? undefined : await repo.liveListOf(deps.db, account.id);
      throw existing ? oneAlready(account.id, existing.id) : e;
    });
  return (await views(deps, [row])).get(row.id)!;
}

/** The account's live list `id`, or the documented 404 (also for a deleted one: notes §1). */
export async function requireLiveList(deps: Deps, accountId: string, id: string): Promise<DnrListRow> {
  const row = await repo.listById(deps.db, accountId, id);
  if (!row || row.deleted) throw notFound('Do Not Reach List', id, accountId, 'do_not_reach_list_id');
  return row;
}

/** Soft delete; a repeated delete is 404 (seed "States and transitions"). */
export async function deleteDnrList(deps: Deps, account: AdsAccount, id: string) {
  const row = await deps.db.tx(async (tx) => {
    const before = await repo.listById(tx, account.id, id);
    if (!before || before.deleted) throw notFound('Do Not Reach List', id, account.id, 'do_not_reach_list_id');
    const now = deps.clock.now();
    await repo.markDeleted(tx, id, now);
    return { ...before, deleted: 1, updated_at: now };
  });
  return (await views(deps, [row])).get(row.id)!;
}
