// Account history (beta; seed "Accounts", "Limits", "Versioning"): the changes made through the Ads
// API to one entity of the account between two whole hours, oldest first.
import type { Deps } from '../../../deps.js';
import type { AdsAccount } from '../kit/account.js';
import { adsError, invalid } from '../kit/errors.js';
import type { HistoryEntityType } from '../kit/history.js';
import { pageOf, type ListQuery } from '../kit/list.js';
import { adsTime } from '../kit/time.js';
import * as repo from './account-history.repo.js';
import { historyView } from './account-history.view.js';

const HOUR = 3_600_000;

export type HistoryParams = {
  entity_type: HistoryEntityType;
  entity_id: string;
  start_time: number;
  end_time: number;
  user_id?: string;
};

/**
 * "Account history is beta and needs allowlisting" (seed): an account not allow-listed gets
 * FEATURE_NOT_AVAILABLE, the table's code for a feature the account lacks (notes §3.2); the message
 * is Aviary's wording.
 */
function requireAllowed(account: AdsAccount): void {
  if (!account.history_allowed)
    throw adsError(
      'FEATURE_NOT_AVAILABLE',
      `Account ${account.id} does not have access to the account history beta (allow-listing required)`,
      'account_id',
    );
}

/** "start and end on whole hours" (seed, Limits); messages in the pattern of §3.2. */
function checkWindow(p: HistoryParams): void {
  for (const name of ['start_time', 'end_time'] as const) {
    if (p[name] % HOUR !== 0)
      throw invalid(name, `Expected a time on a whole hour, got ${JSON.stringify(adsTime(p[name]))} for ${name}`);
  }
  if (p.end_time <= p.start_time)
    throw adsError('INVALID_TIME_WINDOW', 'end_time must be later than start_time', 'end_time');
}

export async function listHistory(deps: Deps, account: AdsAccount, p: HistoryParams, q: ListQuery) {
  requireAllowed(account);
  checkWindow(p);
  const f = {
    accountId: account.id,
    entityType: p.entity_type,
    entityId: p.entity_id,
    start: p.start_time,
    end: p.end_time,
    userId: p.user_id,
  };
  const rows = await repo.listHistory(deps.db, f, q);
  return pageOf(rows, q, (r) => r.change_time, historyView);
}
