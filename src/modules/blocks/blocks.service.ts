// Blocks: a block ends follows in both directions and hides nothing else here; lists are readable
// only by their owner (seed: reads of the caller's own data).
import type { Deps } from '../../deps.js';
import type { Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { edgePage, edgesRepo, emitEdgeEvent, type IdPage } from '../edges/index.js';
import { unfollow } from '../follows/index.js';
import { requireUser } from '../users/index.js';

export async function block(deps: Deps, source: string, target: string): Promise<{ blocking: boolean }> {
  if (source === target) throw problems.invalidParam('target_user_id', target, 'You cannot block yourself.');
  await requireUser(deps, target, 'target_user_id');
  await deps.db.tx(async (tx) => {
    const added = await edgesRepo.add(tx, 'blocks', { source_id: source, target_id: target, id: deps.ids.next(), created_at: deps.clock.now() });
    if (added) await emitEdgeEvent(deps, tx, 'block.block', source, target);
  });
  await unfollow(deps, source, target);
  await unfollow(deps, target, source);
  return { blocking: true };
}

export async function unblock(deps: Deps, source: string, target: string): Promise<{ blocking: boolean }> {
  await requireUser(deps, target, 'target_user_id');
  await deps.db.tx(async (tx) => {
    if (await edgesRepo.remove(tx, 'blocks', source, target)) await emitEdgeEvent(deps, tx, 'block.unblock', source, target);
  });
  return { blocking: false };
}

export async function blocking(deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> {
  return edgePage(deps, 'blocks', 'source', userId, limit, position);
}

export const isBlocked = (deps: Deps, blocker: string, blocked: string) => edgesRepo.has(deps.db, 'blocks', blocker, blocked);
