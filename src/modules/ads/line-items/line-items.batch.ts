// POST batch/accounts/:account_id/line_items (notes §3.3, §8.3): at most 40 Create, Update or Delete
// operations (Update and Delete name the line item by `line_item_id`), read and applied by the kit
// (kit/batch.ts) with the single endpoints' rules.
import { applyAll, readOperations } from '../kit/batch.js';
import type { AdsContext } from '../kit/router.js';
import { CREATE_LINE_ITEM, LINE_ITEM_ID, UPDATE_LINE_ITEM } from './line-items.schema.js';
import { createInTx, deleteInTx, fullViews, updateInTx, type Writer } from './line-items.service.js';

/** "The current maximum batch size is 40" (DOCS). */
export const MAX_OPERATIONS = 40;
const SHAPES = { Create: CREATE_LINE_ITEM, Update: { ...LINE_ITEM_ID, ...UPDATE_LINE_ITEM }, Delete: LINE_ITEM_ID };

export async function runBatch(w: Writer, ctx: AdsContext) {
  const reads = readOperations(ctx.body, w.account.id, { max: MAX_OPERATIONS, shapes: SHAPES });
  ctx.echoBatch(reads.map((r) => r.echo));
  return w.deps.db.tx(async (tx) => {
    // Each operation's params are typed from its shape (kit/batch.ts `Operation`): no casts.
    const written = await applyAll(reads, (op) => {
      switch (op.type) {
        case 'Create':
          return createInTx(w, tx, op.params);
        case 'Update': {
          const { line_item_id: id, ...changes } = op.params;
          return updateInTx(w, tx, id, changes);
        }
        case 'Delete':
          return deleteInTx(w, tx, op.params.line_item_id);
      }
    });
    return fullViews(
      w,
      tx,
      written.map((x) => x.row),
    );
  });
}
