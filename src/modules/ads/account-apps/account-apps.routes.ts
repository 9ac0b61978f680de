// Account apps (seed, "Accounts").
import type { Deps } from '../../../deps.js';
import type { AdsRouter } from '../kit/router.js';
import * as apps from './account-apps.service.js';

const SORTABLE = ['created_at', 'updated_at', 'deleted'] as const;

export function accountAppsRoutes(r: AdsRouter, deps: Deps) {
  r.list('accounts/:account_id/account_apps', { sortable: SORTABLE }, (ctx, _p, q) =>
    apps.listAccountApps(deps, ctx.account!, q),
  );
}
