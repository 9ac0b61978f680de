// Audience permissions: the v12 `custom_audiences/:id/permissions` the SDKs call and the seed's v5
// `tailored_audiences/:id/permissions` (served under /5/ only, kit/coverage.ts `versionsOf`); one
// service behind both (seed "Audiences"; notes §10.1).
import type { Deps } from '../../../deps.js';
import { oneOf, required } from '../../../http/input.js';
import { id36, ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as permissions from './audience-permissions.service.js';

const A = 'accounts/:account_id';
const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;
const LEVELS = ['READ_ONLY', 'READ_WRITE'] as const;

const VERSIONS = [
  {
    base: `${A}/custom_audiences/:custom_audience_id/permissions`,
    names: { audience: 'custom_audience_id', permission: 'permission_id', ids: 'custom_audience_permission_ids' },
  },
  {
    base: `${A}/tailored_audiences/:tailored_audience_id/permissions`,
    names: {
      audience: 'tailored_audience_id',
      permission: 'tailored_audience_permission_id',
      ids: 'tailored_audience_permission_ids',
    },
  },
];

export function audiencePermissionsRoutes(r: AdsRouter, deps: Deps) {
  for (const { base, names } of VERSIONS) {
    const audience = (path: Record<string, string>) => path[names.audience]!;
    r.list(
      base,
      {
        sortable: SORTABLE,
        params: { granted_account_ids: ids36({ max: 200 }), [names.ids]: ids36({ max: 200 }) },
      },
      (ctx, p, q) =>
        permissions.listPermissions(
          deps,
          ctx.account!,
          audience(ctx.path),
          names,
          { granted_account_ids: p.granted_account_ids, ids: p[names.ids] },
          q,
        ),
    );
    r.post(
      base,
      { params: { granted_account_id: required(id36()), permission_level: required(oneOf(LEVELS)) } },
      async (ctx, p) => ({
        data: await permissions.grantPermission(deps, ctx.account!, audience(ctx.path), names, p),
      }),
    );
    r.delete(`${base}/:${names.permission}`, {}, async (ctx) => ({
      data: await permissions.revokePermission(
        deps,
        ctx.account!,
        audience(ctx.path),
        ctx.path[names.permission]!,
        names,
      ),
    }));
  }
}
