// Promotable users (notes §7).
import type { Deps } from '../../../deps.js';
import { bool, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as users from './promotable-users.service.js';

const A = 'accounts/:account_id';
const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;

export function promotableUsersRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    `${A}/promotable_users`,
    { sortable: SORTABLE, params: { promotable_user_ids: ids36({ max: 200 }) } },
    (ctx, p, q) => users.listPromotableUsers(deps, ctx.account!, p, q),
  );
  r.get(
    `${A}/promotable_users/:promotable_user_id`,
    { params: { with_deleted: withDefault(bool(), false) } },
    async (ctx, p) => ({
      data: await users.getPromotableUser(deps, ctx.account!, ctx.path.promotable_user_id!, p.with_deleted),
    }),
  );
}
