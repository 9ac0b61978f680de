// Hide replies (SPEC hidePostsReply; DOCS tweets/hide-replies): the author of a conversation's root
// post may hide or unhide the replies in it, nobody else, and only replies (a root is no reply).
import type { Deps } from '../../deps.js';
import { problems } from '../../shared/problems.js';
import { cachedPosts, requirePost } from '../posts/index.js';
import { hiddenRepliesRepo } from './hidden-replies.repo.js';

export async function setHidden(
  deps: Deps,
  userId: string,
  postId: string,
  hidden: boolean,
): Promise<{ hidden: boolean }> {
  const reply = await requirePost(deps, postId, 'tweet_id');
  const [root] = reply.reply_to_id === null ? [] : await cachedPosts(deps, [reply.conversation_id]);
  if (!root || root.author_id !== userId) throw problems.forbidden('You are not permitted to perform this action.');
  if (hidden) await hiddenRepliesRepo.hide(deps.db, postId, userId, deps.clock.now());
  else await hiddenRepliesRepo.unhide(deps.db, postId);
  return { hidden };
}

export const isHidden = (deps: Deps, postId: string) => hiddenRepliesRepo.isHidden(deps.db, postId);
