// POST batch/accounts/:account_id/campaigns (notes §3.3, §8.2): at most 40 Create, Update or Delete
// operations, read and applied by the kit (kit/batch.ts) with the single endpoints' rules.
import { applyAll, readOperations } from '../kit/batch.js';
import type { AdsContext } from '../kit/router.js';
import { CAMPAIGN_ID, CREATE_CAMPAIGN, UPDATE_CAMPAIGN } from './campaigns.schema.js';
import { createInTx, deleteInTx, updateInTx, viewsOf, type Writer } from './campaigns.service.js';

/** "The current maximum batch size is 40" (DOCS). */
export const MAX_OPERATIONS = 40;
const SHAPES = { Create: CREATE_CAMPAIGN, Update: { ...CAMPAIGN_ID, ...UPDATE_CAMPAIGN }, Delete: CAMPAIGN_ID };

export async function runBatch(w: Writer, ctx: AdsContext) {
  const reads = readOperations(ctx.body, w.account.id, { max: MAX_OPERATIONS, shapes: SHAPES });
  ctx.echoBatch(reads.map((r) => r.echo));
  return w.deps.db.tx(async (tx) => {
    // Each operation's params are typed from its shape (kit/batch.ts `Operation`): no casts.
    const rows = await applyAll(reads, (op) => {
      switch (op.type) {
        case 'Create':
          return createInTx(w, tx, op.params);
        case 'Update': {
          const { campaign_id: id, ...changes } = op.params;
          return updateInTx(w, tx, id, changes);
        }
        case 'Delete':
          return deleteInTx(w, tx, op.params.campaign_id);
      }
    });
    return viewsOf(w, tx, w.account, rows, w.deps.clock.now());
  });
}
