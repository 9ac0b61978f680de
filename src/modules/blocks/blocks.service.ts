// Blocks: a block ends follows in both directions and hides nothing else here; lists are readable
// only by their owner (seed: reads of the caller's own data).
import type { Deps } from '../../deps.js';
import type { Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { addEdgeWithEvent, edgePage, edgesRepo, removeEdgeWithEvent, type IdPage } from '../edges/index.js';
import { unfollow } from '../follows/index.js';
import { requireUser } from '../users/index.js';

export async function block(deps: Deps, source: string, target: string): Promise<{ blocking: boolean }> {
  if (source === target) throw problems.invalidParam('target_user_id', target, 'You cannot block yourself.');
  await requireUser(deps, target, 'target_user_id');
  await addEdgeWithEvent(deps, 'blocks', 'block.block', source, target);
  await unfollow(deps, source, target);
  await unfollow(deps, target, source);
  return { blocking: true };
}

export async function unblock(deps: Deps, source: string, target: string): Promise<{ blocking: boolean }> {
  await requireUser(deps, target, 'target_user_id');
  await removeEdgeWithEvent(deps, 'blocks', 'block.unblock', source, target);
  return { blocking: false };
}

export async function blocking(deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> {
  return edgePage(deps, 'blocks', 'source', userId, limit, position);
}

export const isBlocked = (deps: Deps, blocker: string, blocked: string) =>
  edgesRepo.has(deps.db, 'blocks', blocker, blocked);
