// Bookmarks: private to their owner; they move the post's bookmark_count.
import type { Deps } from '../../deps.js';
import type { Position } from '../../shared/cursor.js';
import { edgePage, edgesRepo, type IdPage } from '../edges/index.js';
import { bumpPostMetric, requirePost } from '../posts/index.js';

export async function bookmark(deps: Deps, userId: string, postId: string): Promise<{ bookmarked: boolean }> {
  await requirePost(deps, postId, 'tweet_id');
  await deps.db.tx(async (tx) => {
    if (
      await edgesRepo.add(tx, 'bookmarks', {
        source_id: userId,
        target_id: postId,
        id: deps.ids.next(),
        created_at: deps.clock.now(),
      })
    ) {
      await bumpPostMetric(tx, postId, 'bookmark_count', 1);
    }
  });
  return { bookmarked: true };
}

export async function unbookmark(deps: Deps, userId: string, postId: string): Promise<{ bookmarked: boolean }> {
  await deps.db.tx(async (tx) => {
    if (await edgesRepo.remove(tx, 'bookmarks', userId, postId)) await bumpPostMetric(tx, postId, 'bookmark_count', -1);
  });
  return { bookmarked: false };
}

export const bookmarks = (deps: Deps, userId: string, limit: number, position: Position | null): Promise<IdPage> =>
  edgePage(deps, 'bookmarks', 'source', userId, limit, position);
