// Accounts, the caller's access and features (seed "Accounts"; notes §2, §6, §7).
import type { Deps } from '../../../deps.js';
import { list, oneOf, required, str } from '../../../http/input.js';
import { ids36 } from '../kit/ids.js';
import type { AdsRouter } from '../kit/router.js';
import * as accounts from './accounts.service.js';
import { accountView } from './accounts.view.js';

const SORTABLE = ['created_at', 'updated_at', 'deleted', 'name'] as const;

export function accountsRoutes(r: AdsRouter, deps: Deps) {
  r.list(
    'accounts',
    { sortable: SORTABLE, params: { account_ids: ids36({ max: 200 }), q: str({ min: 1, max: 255 }) } },
    (ctx, p, q) => accounts.listAccounts(deps, ctx.caller.userId, p, q),
  );
  r.get('accounts/:account_id', {}, async (ctx) => ({ data: accountView(ctx.account!) }));
  // Sandbox: `data` is an array of the one new account (notes §6).
  r.post('accounts', {}, async (ctx) => ({ data: [await accounts.createSandboxAccount(deps, ctx.caller.userId)] }));
  r.put(
    'accounts/:account_id',
    { params: { name: str({ min: 1, max: 255 }), industry_type: oneOf(accounts.INDUSTRY_TYPES) } },
    async (ctx, p) => ({ data: await accounts.updateAccount(deps, ctx.account!, p) }),
  );
  r.delete('accounts/:account_id', { sandboxOnly: true }, async (ctx) => ({
    data: await accounts.deleteSandboxAccount(deps, ctx.account!),
  }));
  r.get('accounts/:account_id/authenticated_user_access', {}, async (ctx) => ({
    data: accounts.userAccess(ctx.account!, ctx.caller.userId),
  }));

  r.get('accounts/:account_id/features', { params: { feature_keys: list(accounts.FEATURE_KEYS) } }, async (ctx, p) => ({
    data: await accounts.features(deps, ctx.account!, p.feature_keys),
  }));
  const CHANGE = { feature_keys: required(list(accounts.SANDBOX_FEATURE_KEYS)) };
  r.post('accounts/:account_id/features', { params: CHANGE, sandboxOnly: true }, async (ctx, p) => ({
    data: await accounts.changeFeatures(deps, ctx.account!, p.feature_keys, true),
  }));
  r.delete('accounts/:account_id/features', { params: CHANGE, sandboxOnly: true }, async (ctx, p) => ({
    data: await accounts.changeFeatures(deps, ctx.account!, p.feature_keys, false),
  }));
}
