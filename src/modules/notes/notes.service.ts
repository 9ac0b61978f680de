// Community notes written by the caller (an AI note writer, in the API's terms): the posts they may
// write on, their notes (test notes apart from public ones, SPEC `test_mode`), creation, evaluation
// and deletion. Throws problems; knows nothing of HTTP.
import type { Deps } from '../../deps.js';
import { encodeToken, type PageMeta, type Position } from '../../shared/cursor.js';
import { problems } from '../../shared/problems.js';
import { recentPosts, requirePost } from '../posts/index.js';
import { notesRepo, type NoteRow } from './notes.repo.js';
import { claimOpinionScore, type PostSelection } from './notes.rules.js';
import { noteView } from './notes.view.js';

export type NoteInfo = {
  text: string;
  classification: 'misinformed_or_potentially_misleading' | 'not_misleading';
  misleading_tags: string[];
  trustworthy_sources: boolean;
  is_media_note?: boolean;
};

/** Posts stay eligible for notes for two weeks on the service clock. */
const ELIGIBLE_WINDOW_MS = 14 * 24 * 3_600_000;

const notFound = (id: string) => problems.resourceNotFound({ parameter: 'id', value: id, resource_type: 'note' });

/** A misleading note names how it misleads; a not-misleading one names no such tag. */
function checkInfo(info: NoteInfo): void {
  const misleading = info.classification === 'misinformed_or_potentially_misleading';
  if (misleading && info.misleading_tags.length === 0)
    throw problems.invalidParam(
      'info.misleading_tags',
      '[]',
      'misleading_tags must name at least one tag when the classification is misinformed_or_potentially_misleading.',
    );
  if (!misleading && info.misleading_tags.length)
    throw problems.invalidParam(
      'info.misleading_tags',
      info.misleading_tags,
      'misleading_tags must be empty when the classification is not_misleading.',
    );
}

export async function createNote(
  deps: Deps,
  authorId: string,
  b: { post_id: string; test_mode: boolean; info: NoteInfo },
): Promise<{ id: string }> {
  checkInfo(b.info);
  const post = await requirePost(deps, b.post_id, 'post_id');
  if (post.author_id === authorId) throw problems.forbidden('You cannot write a Community Note on your own post.');
  const mode = b.test_mode ? 1 : 0;
  if (await notesRepo.byAuthorAndPost(deps.db, authorId, post.id, mode))
    throw problems.conflict(`You have already written a Community Note on post ${post.id}.`);
  const row: NoteRow = {
    id: deps.ids.next(),
    author_id: authorId,
    post_id: post.id,
    test_mode: mode,
    text: b.info.text,
    classification: b.info.classification,
    misleading_tags: JSON.stringify(b.info.misleading_tags),
    trustworthy_sources: b.info.trustworthy_sources ? 1 : 0,
    is_media_note: b.info.is_media_note ? 1 : 0,
    score: claimOpinionScore(b.info.text),
    created_at: deps.clock.now(),
  };
  await notesRepo.insert(deps.db, row);
  return { id: row.id };
}

/** POST /2/evaluate_note: the score the note would get, for a post that exists; nothing is stored. */
export async function evaluateNote(deps: Deps, b: { post_id: string; note_text: string }) {
  await requirePost(deps, b.post_id, 'post_id');
  return { claim_opinion_score: claimOpinionScore(b.note_text) };
}

/** Only the author deletes a note; another's is forbidden, a missing one not found. */
export async function deleteNote(deps: Deps, authorId: string, id: string): Promise<{ deleted: boolean }> {
  const n = await notesRepo.byId(deps.db, id);
  if (!n) throw notFound(id);
  if (n.author_id !== authorId) throw problems.forbidden('You can only delete your own Community Notes.');
  await notesRepo.remove(deps.db, id);
  return { deleted: true };
}

export async function notesWritten(
  deps: Deps,
  authorId: string,
  testMode: boolean,
  page: { limit: number; position: Position | null },
  fields: readonly string[],
) {
  const before = page.position?.dir === 'next' ? page.position.cursor : undefined;
  const rows = await notesRepo.written(deps.db, authorId, testMode ? 1 : 0, page.limit, before);
  const shown = rows.slice(0, page.limit);
  const now = deps.clock.now();
  const meta: PageMeta = { result_count: shown.length };
  if (rows.length > page.limit) meta.next_token = encodeToken({ dir: 'next', cursor: shown[shown.length - 1]!.id });
  return { ...(shown.length ? { data: shown.map((n) => noteView(n, fields, now)) } : {}), meta };
}

/**
 * The posts the caller may write a note on: recent original posts by others, in the feed's language,
 * that the caller has not yet noted in this mode, newest first; the feed size caps how deep a caller
 * may page (SPEC post_selection).
 */
export async function eligiblePosts(
  deps: Deps,
  callerId: string,
  testMode: boolean,
  sel: PostSelection,
  page: { limit: number; position: Position | null },
): Promise<{ ids: string[]; meta: PageMeta }> {
  const since = deps.clock.now() - ELIGIBLE_WINDOW_MS;
  const ids: string[] = [];
  let before = page.position?.dir === 'next' ? page.position.cursor : undefined;
  let more = true;
  // Read in batches until the page is full: rows the caller may not note are skipped.
  for (let scanned = 0; ids.length <= page.limit && more && scanned < sel.size * 4;) {
    const batch = await recentPosts(deps, { since, limit: 200, beforeId: before, exclude: ['retweets'] });
    more = batch.more;
    scanned += batch.rows.length;
    const candidates = batch.rows.filter((p) => p.author_id !== callerId && (!sel.lang || p.lang === sel.lang));
    const noted = await notesRepo.notedAmong(
      deps.db,
      callerId,
      testMode ? 1 : 0,
      candidates.map((p) => p.id),
    );
    for (const p of candidates) if (!noted.has(p.id)) ids.push(p.id);
    before = batch.rows[batch.rows.length - 1]?.id;
    if (!batch.rows.length) break;
  }
  const shown = ids.slice(0, page.limit);
  const meta: PageMeta = { result_count: shown.length };
  if (ids.length > page.limit) meta.next_token = encodeToken({ dir: 'next', cursor: shown[shown.length - 1]! });
  return { ids: shown, meta };
}
