// Mutes: a private list of accounts whose posts the caller does not want to see.
import type { Deps } from '../../deps.js';
import type { Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { addEdgeWithEvent, edgePage, removeEdgeWithEvent, type IdPage } from '../edges/index.js';
import { requireUser } from '../users/index.js';

export async function mute(deps: Deps, source: string, target: string): Promise<{ muting: boolean }> {
  if (source === target) throw problems.invalidParam('target_user_id', target, 'You cannot mute yourself.');
  await requireUser(deps, target, 'target_user_id');
  await addEdgeWithEvent(deps, 'mutes', 'mute.mute', source, target);
  return { muting: true };
}

export async function unmute(deps: Deps, source: string, target: string): Promise<{ muting: boolean }> {
  await requireUser(deps, target, 'target_user_id');
  await removeEdgeWithEvent(deps, 'mutes', 'mute.unmute', source, target);
  return { muting: false };
}

export async function muting(deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> {
  return edgePage(deps, 'mutes', 'source', userId, limit, position);
}
