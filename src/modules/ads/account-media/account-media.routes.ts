// Account media (seed 001 "Creatives": list, get, delete; no POST in v12, notes §9.6).
import type { Deps } from '../../../deps.js';
import { bool, list, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as accountMedia from './account-media.service.js';

const A = 'accounts/:account_id';
// Sortable attributes are not listed for account media (notes §4); the ones every resource has.
const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;

export function accountMediaRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    `${A}/account_media`,
    {
      sortable: SORTABLE,
      params: {
        account_media_ids: ids36({ max: 200 }),
        creative_types: list(accountMedia.CREATIVE_TYPES, { min: 1 }),
      },
    },
    (ctx, p, q) => accountMedia.listAccountMedia(deps, ctx.account!, p, q),
  );
  r.get(
    `${A}/account_media/:account_media_id`,
    { params: { with_deleted: withDefault(bool(), false) } },
    async (ctx, p) => ({
      data: await accountMedia.getAccountMedia(deps, ctx.account!, ctx.path.account_media_id!, p.with_deleted),
    }),
  );
  r.delete(`${A}/account_media/:account_media_id`, {}, async (ctx) => ({
    data: await accountMedia.deleteAccountMedia(deps, ctx.account!, ctx.path.account_media_id!),
  }));
}
