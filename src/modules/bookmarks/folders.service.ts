// Bookmark folders: a user's named groups of their own bookmarks (SPEC getUsersBookmarkFolders,
// getUsersBookmarksByFolderId). The v2 API only reads them; they are made through the control API.
import type { Deps } from '../../deps.js';
import { pageMeta, type PageMeta, type Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { edgesRepo } from '../edges/index.js';
import { findUserById } from '../users/index.js';
import { foldersRepo, type FolderRow } from './folders.repo.js';

export type FolderView = { id: string; name: string };
const view = (f: FolderRow): FolderView => ({ id: f.id, name: f.name });

/** A new folder of `userId` holding `postIds`, each of which the user must have bookmarked. */
export async function createFolder(deps: Deps, userId: string, name: string, postIds: string[]): Promise<FolderView> {
  if (!(await findUserById(deps, userId)))
    throw problems.resourceNotFound({ parameter: 'id', value: userId, resource_type: 'user' });
  const marked = await edgesRepo.targetsOf(deps.db, 'bookmarks', userId, postIds);
  const stray = postIds.find((p) => !marked.has(p));
  if (stray !== undefined)
    throw problems.invalidParam('post_ids', stray, `The post ${stray} is not bookmarked by user ${userId}.`);
  const folder: FolderRow = { id: deps.ids.next(), user_id: userId, name, created_at: deps.clock.now() };
  // Filed in the order given: the first post is the oldest entry, so the folder lists it last.
  const entries = [...new Set(postIds)].map((post_id) => ({ post_id, id: deps.ids.next() }));
  await deps.db.tx((tx) => foldersRepo.insert(tx, folder, entries));
  return view(folder);
}

export async function folders(
  deps: Deps,
  userId: string,
  limit: number,
  position: Position | null,
): Promise<{ data: FolderView[]; meta: PageMeta }> {
  const o = position?.dir === 'prev' ? { limit, before: position.cursor } : { limit, after: position?.cursor };
  const { rows, more, earlier } = await foldersRepo.page(deps.db, userId, o);
  return {
    data: rows.map(view),
    meta: pageMeta(
      rows.map((r) => r.id),
      more,
      earlier,
    ),
  };
}

/** The ids of the posts in one of the user's folders; another user's folder is as absent as a missing one. */
export async function folderPosts(deps: Deps, userId: string, folderId: string): Promise<string[]> {
  const folder = await foldersRepo.byId(deps.db, folderId);
  if (!folder || folder.user_id !== userId)
    throw problems.resourceNotFound({ parameter: 'folder_id', value: folderId, resource_type: 'bookmark_folder' });
  return foldersRepo.posts(deps.db, folder);
}
