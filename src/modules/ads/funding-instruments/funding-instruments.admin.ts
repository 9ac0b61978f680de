// Control API for funding instruments (README, public contract): add one to any account, production
// accounts included, which the real API cannot do ("Funding Instruments can not be created via the Ads
// API", DOCS campaign-management.mdx). The same fields and rules as the sandbox POST, as JSON.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.js';
import { readControl, str } from '../../../http/input.js';
import { problems } from '../../../shared/problems.js';
import { accountRow } from '../kit/account.js';
import { createFailures } from './funding-instruments.rules.js';
import { CREATE_FUNDING_INSTRUMENT } from './funding-instruments.schema.js';
import { createFundingInstrument } from './funding-instruments.service.js';
import { fundingInstrumentView } from './funding-instruments.view.js';

const CREATE = {
  ...CREATE_FUNDING_INSTRUMENT,
  /** Production instruments describe themselves ("Visa ending in 0650", notes §8.1). */
  description: str({ min: 1, max: 255 }),
};

export function adsFundingInstrumentsAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.post<{ Params: { id: string } }>('/_aviary/ads/accounts/:id/funding_instruments', async (req, reply) => {
    const b = readControl(req.body, CREATE);
    const account = await accountRow(deps.db, req.params.id);
    if (!account || account.deleted)
      throw problems.resourceNotFound({ parameter: 'id', value: req.params.id, resource_type: 'ads_account' });
    const [failure] = createFailures(b);
    if (failure) {
      const value = (req.body as Record<string, unknown>)[failure.parameter];
      throw problems.invalidParam(failure.parameter, String(value), failure.message);
    }
    const row = await createFundingInstrument(deps, account.id, b, { description: b.description });
    return reply.code(201).send({ data: fundingInstrumentView(row, deps.clock.now()) });
  });
}
