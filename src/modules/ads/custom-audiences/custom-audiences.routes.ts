// Custom audiences (seed "Audiences"; notes §10.1, §10.2, §13).
import type { Deps } from '../../../deps.js';
import { bool, oneOf, required, str, withDefault } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import { MAX_BODY_BYTES } from './custom-audiences.rules.js';
import * as audiences from './custom-audiences.service.js';
import { applyUsers } from './custom-audiences.users.js';

const A = 'accounts/:account_id';
const ID = `${A}/custom_audiences/:custom_audience_id`;
/** Sort attributes of custom audiences are not documented (notes §4); these are the common ones and name. */
const SORTABLE = ['created_at', 'updated_at', 'deleted', 'name'] as const;
/** Names: the docs give no length; Aviary takes the q limit (1–255, notes §10.1). */
const NAME = str({ min: 1, max: 255 });
const DESCRIPTION = str({ max: 255 });

/** `audienceLineItems`: composed in ads/index.ts from targeting criteria and line items (service `targetedBy`). */
export function customAudiencesRoutes(r: AdsRouter, deps: Deps, audienceLineItems: audiences.AudienceLineItems) {
  r.list(
    `${A}/custom_audiences`,
    {
      sortable: SORTABLE,
      params: {
        permission_scope: withDefault(oneOf(['OWNER', 'SHARED'] as const), 'OWNER'),
        q: str({ min: 1, max: 255 }),
        custom_audience_ids: ids36({ max: 200 }),
      },
    },
    (ctx, p, q) => audiences.listAudiences(deps, ctx.account!, p, q),
  );
  r.get(ID, { params: { with_deleted: withDefault(bool(), false) } }, async (ctx, p) => ({
    data: await audiences.getAudience(deps, ctx.account!, ctx.path.custom_audience_id!, p.with_deleted),
  }));
  r.post(`${A}/custom_audiences`, { params: { name: required(NAME), description: DESCRIPTION } }, async (ctx, p) => ({
    data: await audiences.createAudience(deps, ctx.account!, p),
  }));
  r.put(ID, { params: { name: NAME, description: DESCRIPTION } }, async (ctx, p) => ({
    data: await audiences.updateAudience(deps, ctx.account!, ctx.path.custom_audience_id!, p),
  }));
  r.delete(ID, {}, async (ctx) => ({
    data: await audiences.deleteAudience(deps, ctx.account!, ctx.path.custom_audience_id!),
  }));
  r.post(`${ID}/users`, { json: true, maxBodyBytes: MAX_BODY_BYTES }, async (ctx) => ({
    data: await applyUsers(deps, ctx.account!, ctx.path.custom_audience_id!, ctx.body),
  }));
  // `targeted`, and the Ruby SDK's legacy `tailored_audiences` path for it (notes §10.1).
  for (const path of [`${ID}/targeted`, `${A}/tailored_audiences/:custom_audience_id/targeted`])
    r.list(
      path,
      {
        sortable: ['campaign_id'],
        noDeleted: true,
        noTotalCount: true,
        params: { with_active: withDefault(bool(), true) },
      },
      (ctx, p, q) => audiences.targetedBy(deps, audienceLineItems, ctx.account!, ctx.path.custom_audience_id!, p, q),
    );
}
