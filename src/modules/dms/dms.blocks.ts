// DM blocks (POST /2/users/{id}/dm/block and /unblock, SPEC 2.166): "Blocks direct messages to or
// from a specific User". Unlike a block (modules/blocks) it ends no follow and hides nothing; it only
// stops direct messages and one-to-one chat between the two users, in both directions, until undone.
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { isBlocked } from '../blocks/index.js';
import { requireUser } from '../users/index.js';
import { dmsRepo } from './dms.repo.js';

export async function blockDms(deps: Deps, userId: string, targetId: string): Promise<{ blocked: boolean }> {
  if (userId === targetId)
    throw problems.invalidParam('id', targetId, 'You cannot block Direct Messages from yourself.');
  await requireUser(deps, targetId);
  await dmsRepo.addBlock(deps.db, userId, targetId, deps.clock.now());
  return { blocked: true };
}

export async function unblockDms(deps: Deps, userId: string, targetId: string): Promise<{ blocked: boolean }> {
  await requireUser(deps, targetId);
  await dmsRepo.removeBlock(deps.db, userId, targetId);
  return { blocked: false };
}

/**
 * Refuses a direct message (or one-to-one chat) from `senderId` to `recipientId` when either DM-blocked
 * the other or the recipient blocked the sender, with the real refusal (v1.1 code 349's words).
 */
export async function checkMayMessage(deps: Deps, senderId: string, recipientId: string): Promise<void> {
  if ((await dmsRepo.blockedBetween(deps.db, senderId, recipientId)) || (await isBlocked(deps, recipientId, senderId)))
    throw problems.forbidden('You cannot send messages to this user.');
}
