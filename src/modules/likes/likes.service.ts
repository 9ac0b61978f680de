// Likes: an edge user → post that moves the post's like_count and the user's like_count together.
import type { Deps } from '../../deps.js';
import { GROUPED } from '../../store/index.js';
import type { Position } from '../../shared/cursor.js';
import { edgePage, edgesRepo, emitEvent, type IdPage } from '../edges/index.js';
import { bumpPostMetric, postExistsCondition, requirePost } from '../posts/index.js';
import { bumpUserCounter, requireUser } from '../users/index.js';

export async function like(deps: Deps, userId: string, postId: string): Promise<{ liked: boolean }> {
  await deps.db.tx(async (tx) => {
    const edge = { source_id: userId, target_id: postId, id: deps.ids.next(), created_at: deps.clock.now() };
    if (!(await edgesRepo.addIf(tx, 'likes', edge, await postExistsCondition(tx, postId)))) {
      // Not added: the post is not there (404), or it was liked already.
      await requirePost(deps, postId, 'tweet_id', tx);
      return;
    }
    await bumpPostMetric(tx, postId, 'like_count', 1);
    await bumpUserCounter(tx, userId, 'like_count', 1);
    await emitEvent(deps, tx, 'like.create', { user_id: userId, post_id: postId });
  }, GROUPED);
  return { liked: true };
}

export async function unlike(deps: Deps, userId: string, postId: string): Promise<{ liked: boolean }> {
  await deps.db.tx(async (tx) => {
    if (!(await edgesRepo.remove(tx, 'likes', userId, postId))) return;
    await bumpPostMetric(tx, postId, 'like_count', -1);
    await bumpUserCounter(tx, userId, 'like_count', -1);
    // The likes compliance stream's `delete` event (modules/compliance).
    await emitEvent(deps, tx, 'like.delete', { user_id: userId, post_id: postId });
  }, GROUPED);
  return { liked: false };
}

export async function likedPosts(
  deps: Deps,
  userId: string,
  limit: number,
  position: Position | null,
): Promise<IdPage> {
  await requireUser(deps, userId);
  return edgePage(deps, 'likes', 'source', userId, limit, position);
}

export async function likingUsers(
  deps: Deps,
  postId: string,
  limit: number,
  position: Position | null,
): Promise<IdPage> {
  await requirePost(deps, postId);
  return edgePage(deps, 'likes', 'target', postId, limit, position);
}
