// Account history (beta, seed "History entry"): every change made through the Ads API to a campaign,
// line item, promoted post, targeting criterion or promoted account is recorded by the service that
// makes it, in the change's own transaction, with the entity's snapshot after it and the fields that
// changed. GET accounts/:account_id/account_history reads them back.
import type { Ids } from '../../../shared/ids.js';
import type { Queryable } from '../../../store/index.js';
import { newId36 } from './ids.js';

export const HISTORY_ENTITY_TYPES = [
  'CAMPAIGN',
  'LINE_ITEM',
  'PROMOTED_TWEET',
  'TARGETING_CRITERIA',
  'PROMOTED_ACCOUNT',
] as const;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];
export type ChangeType = 'CREATE' | 'UPDATE' | 'DELETE';

export type Change = {
  accountId: string;
  entityType: HistoryEntityType;
  entityId: string;
  changeType: ChangeType;
  at: number;
  userId: string;
  /** The entity as the API shows it after the change. */
  after: Record<string, unknown>;
  /** The entity before the change (updates and deletes); the changed fields are derived from the two. */
  before?: Record<string, unknown> | null;
};

/** Fields whose value differs, as `{field: {old, new}}` (a creation lists every field, old null). */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown>,
): Record<string, { old: unknown; new: unknown }> {
  const out: Record<string, { old: unknown; new: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    if (k === 'updated_at' || k === 'created_at') continue;
    const old = before ? before[k] : null;
    if (JSON.stringify(old) !== JSON.stringify(v)) out[k] = { old: old ?? null, new: v };
  }
  return out;
}

export async function recordChange(tx: Queryable, ids: Ids, c: Change): Promise<void> {
  await tx.run(
    `INSERT INTO ads_history (id, account_id, entity_type, entity_id, change_type, change_time, user_id, platform, changes, entity_data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      newId36(ids),
      c.accountId,
      c.entityType,
      c.entityId,
      c.changeType,
      c.at,
      c.userId,
      'API',
      JSON.stringify(changedFields(c.before, c.after)),
      JSON.stringify(c.after),
    ],
  );
}
