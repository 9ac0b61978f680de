// POST /12/batch/accounts/:account_id/targeting_criteria (notes §3.3, §8.4): at most 500 Create or
// Delete operations, read and applied by the kit (kit/batch.ts) with the single endpoints' rules; a
// Create may depend on one made just before it in the same batch (TV_SHOW after its LOCATION).
import type { Deps } from '../../../deps.js';
import type { AdsAccount } from '../kit/account.js';
import { applyAll, readOperations } from '../kit/batch.js';
import { CREATE, DELETE } from './targeting-criteria.schema.js';
import { createIn, deleteIn, workIn } from './targeting-criteria.service.js';
import { criterionView } from './targeting-criteria.view.js';

/** "targeting criteria 500" (notes §3.3). */
export const MAX_OPERATIONS = 500;
/** Batch targeting supports Create and Delete only (DOCS). */
const SHAPES = { Create: CREATE, Delete: DELETE };

export async function runBatch(
  deps: Deps,
  account: AdsAccount,
  userId: string,
  body: unknown,
  echoBatch: (request: unknown[]) => void,
) {
  const reads = readOperations(body, account.id, { max: MAX_OPERATIONS, shapes: SHAPES });
  echoBatch(reads.map((r) => r.echo));
  const rows = await deps.db.tx(async (tx) => {
    const w = workIn(tx);
    return applyAll(reads, (op) =>
      op.type === 'Create'
        ? createIn(deps, w, account, userId, op.params)
        : deleteIn(deps, w, account, userId, op.params.targeting_criterion_id),
    );
  });
  return rows.map((row) => criterionView(row));
}
