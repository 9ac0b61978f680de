// Source events of the relation modules, written in the transaction of the change so the webhook
// fan-out delivers them at least once (topics and payloads: docs/adr/0007).
import type { Deps } from '../../deps.js';
import { GROUPED, type Queryable } from '../../store/index.js';
import { enqueueSource } from '../../delivery/index.js';
import { edgesRepo, type EdgeTable } from './edges.repo.js';

export type RelationTopic =
  | 'like.create'
  | 'like.delete'
  | 'follow.follow'
  | 'follow.unfollow'
  | 'block.block'
  | 'block.unblock'
  | 'mute.mute'
  | 'mute.unmute'
  | 'dm.sent';

export async function emitEvent(
  deps: Deps,
  tx: Queryable,
  topic: RelationTopic,
  payload: Record<string, unknown>,
): Promise<void> {
  await enqueueSource(deps, tx, { topic, payload });
}

/** `{source_id, target_id}` events of follows, blocks and mutes. */
export const emitEdgeEvent = (deps: Deps, tx: Queryable, topic: RelationTopic, source: string, target: string) =>
  emitEvent(deps, tx, topic, { source_id: source, target_id: target });

/** Adds an edge and, only when it is new, its event, in one transaction. */
export async function addEdgeWithEvent(
  deps: Deps,
  table: EdgeTable,
  topic: RelationTopic,
  source: string,
  target: string,
): Promise<boolean> {
  return deps.db.tx(async (tx) => {
    const added = await edgesRepo.add(tx, table, {
      source_id: source,
      target_id: target,
      id: deps.ids.next(),
      created_at: deps.clock.now(),
    });
    if (added) await emitEdgeEvent(deps, tx, topic, source, target);
    return added;
  }, GROUPED);
}

/** Removes an edge and, only when it existed, writes its event, in one transaction. */
export async function removeEdgeWithEvent(
  deps: Deps,
  table: EdgeTable,
  topic: RelationTopic,
  source: string,
  target: string,
): Promise<boolean> {
  return deps.db.tx(async (tx) => {
    const removed = await edgesRepo.remove(tx, table, source, target);
    if (removed) await emitEdgeEvent(deps, tx, topic, source, target);
    return removed;
  }, GROUPED);
}
