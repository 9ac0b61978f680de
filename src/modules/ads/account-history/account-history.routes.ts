// Account history (seed, "Accounts": beta, allow-listing required).
import type { Deps } from '../../../deps.js';
import { id, oneOf, required, time } from '../../../http/input.js';
import { HISTORY_ENTITY_TYPES } from '../kit/history.js';
import { id36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as history from './account-history.service.js';

const PARAMS = {
  entity_type: required(oneOf(HISTORY_ENTITY_TYPES)),
  entity_id: required(id36()),
  start_time: required(time()),
  end_time: required(time()),
  user_id: id(),
};

export function accountHistoryRoutes(r: AdsRouter, deps: Deps) {
  // The seed documents count and cursor only: no deleted entries to show, no total count.
  r.list(
    'accounts/:account_id/account_history',
    { sortable: ['change_time'], noDeleted: true, noTotalCount: true, params: PARAMS },
    (ctx, p, q) => history.listHistory(deps, ctx.account!, p, q),
  );
}
