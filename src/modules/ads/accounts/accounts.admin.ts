// Control API for ads accounts (README, public contract): what the real API cannot do — make a
// production account for a user, grant other users roles on it, grant features, allow-list the
// account history beta.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.js';
import { bool, id, list, oneOf, readControl, required, str, strs } from '../../../http/input.js';
import { findUserById } from '../../users/index.js';
import { problems } from '../../../shared/problems.js';
import { accountRow, ROLES } from '../kit/account.js';
import { newId36 } from '../kit/ids.js';
import * as repo from './accounts.repo.js';
import { createAccount, FEATURE_KEYS } from './accounts.service.js';
import { accountView } from './accounts.view.js';

type IdParams = { Params: { id: string } };

const CREATE = {
  user_id: required(id()),
  name: str({ min: 1, max: 255 }),
  business_id: str({ max: 64 }),
  business_name: str({ max: 255 }),
  timezone: str({ min: 1, max: 64 }),
  currency: str({ pattern: /^[A-Z]{3}$/ }),
};
const GRANT = {
  user_id: required(id()),
  permissions: list(ROLES, { min: 1 }),
  promotable_user_type: oneOf(['FULL', 'RETWEETS_ONLY']),
};

async function requireUser(deps: Deps, userId: string) {
  const user = await findUserById(deps, userId);
  if (!user) throw problems.resourceNotFound({ parameter: 'user_id', value: userId, resource_type: 'user' });
  return user;
}

async function requireAccountRow(deps: Deps, accountId: string) {
  const row = await accountRow(deps.db, accountId);
  if (!row) throw problems.resourceNotFound({ parameter: 'id', value: accountId, resource_type: 'ads_account' });
  return row;
}

export function adsAccountsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/_aviary/ads/accounts', async (req, reply) => {
    const b = readControl(req.body, CREATE);
    const user = await requireUser(deps, b.user_id);
    const row = await deps.db.tx((tx) =>
      createAccount(deps, tx, {
        ownerUserId: user.id,
        name: b.name ?? `${user.name}'s account`,
        sandbox: false,
        businessId: b.business_id,
        businessName: b.business_name,
        timezone: b.timezone,
        currency: b.currency,
      }),
    );
    return reply.code(201).send({ data: { ...accountView(row), owner_user_id: row.owner_user_id, sandbox: false } });
  });

  app.post<IdParams>('/_aviary/ads/accounts/:id/users', async (req, reply) => {
    const b = readControl(req.body, GRANT);
    const account = await requireAccountRow(deps, req.params.id);
    await requireUser(deps, b.user_id);
    const permissions = b.permissions ?? ['AD_MANAGER'];
    const now = deps.clock.now();
    await deps.db.tx(async (tx) => {
      await repo.grantAccess(tx, account.id, b.user_id, permissions, now);
      if (b.promotable_user_type)
        await repo.insertPromotableUser(tx, {
          id: newId36(deps.ids),
          account_id: account.id,
          user_id: b.user_id,
          promotable_user_type: b.promotable_user_type,
          at: now,
        });
    });
    return reply.code(201).send({
      data: {
        account_id: account.id,
        user_id: b.user_id,
        permissions,
        promotable_user_type: b.promotable_user_type ?? null,
      },
    });
  });

  app.post<IdParams>('/_aviary/ads/accounts/:id/features', async (req) => {
    const b = readControl(req.body, {
      feature_keys: required(
        strs({ min: 1, each: (k) => (FEATURE_KEYS as readonly string[]).includes(k), what: 'feature keys' }),
      ),
    });
    const account = await requireAccountRow(deps, req.params.id);
    await repo.addFeatures(deps.db, account.id, b.feature_keys);
    return { data: await repo.featuresOf(deps.db, account.id) };
  });

  app.put<IdParams>('/_aviary/ads/accounts/:id/history', async (req) => {
    const b = readControl(req.body, { allowed: required(bool()) });
    const account = await requireAccountRow(deps, req.params.id);
    await repo.updateAccount(deps.db, account.id, { history_allowed: b.allowed ? 1 : 0 }, deps.clock.now());
    return { data: { account_id: account.id, account_history: b.allowed } };
  });
}
