// Control API for account apps (README, public contract): the real API has no call that registers
// one, so tests and demos add them here.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.js';
import { bool, oneOf, readControl, required, str } from '../../../http/input.js';
import { problems } from '../../../shared/problems.js';
import { accountRow } from '../kit/account.js';
import { addAccountApp, OS_TYPES } from './account-apps.service.js';

const CREATE = {
  app_store_identifier: required(str({ min: 1, max: 255 })),
  os_type: required(oneOf(OS_TYPES)),
  conversion_tracking_enabled: bool(),
  deep_link_pattern: str({ min: 1, max: 255 }),
};

// iOS app store identifiers are "the numeric part" (seed, line item ios_app_store_identifier).
const IOS_ID = /^\d+$/;

export function adsAccountAppsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { id: string } }>('/_aviary/ads/accounts/:id/account_apps', async (req, reply) => {
    const b = readControl(req.body, CREATE);
    if (b.os_type === 'IOS' && !IOS_ID.test(b.app_store_identifier))
      throw problems.invalidParam(
        'app_store_identifier',
        b.app_store_identifier,
        'app_store_identifier of an IOS app must be the numeric App Store id',
      );
    if (!(await accountRow(deps.db, req.params.id)))
      throw problems.resourceNotFound({ parameter: 'id', value: req.params.id, resource_type: 'ads_account' });
    return reply.code(201).send({ data: await addAccountApp(deps, req.params.id, b) });
  });
}
