// v2 community notes (SPEC searchEligiblePosts, searchCommunityNotesWritten, createCommunityNotes,
// evaluateCommunityNotes, deleteCommunityNotes; notes §8.4). Thin: parse, call the service, render.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { userContext } from '../../http/auth.js';
import { actorOf, viewerOf } from '../../http/caller.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import {
  arr,
  bool,
  id,
  list,
  obj,
  oneOf,
  readJson,
  readPath,
  readQuery,
  required,
  str,
  type Query,
} from '../../http/input.js';
import { pageOf, paging, selectionOf, TWEET_SELECTION } from '../../http/v2-query.js';
import { renderPostPage } from '../hydrate/index.js';
import { parsePostSelection } from './notes.rules.js';
import { createNote, deleteNote, eligiblePosts, evaluateNote, notesWritten } from './notes.service.js';

const READ = userContext(['tweet.read']);
const WRITE = userContext(['tweet.write'], { write: true });
const MISLEADING_TAGS = [
  'disputed_claim_as_fact',
  'factual_error',
  'manipulated_media',
  'misinterpreted_satire',
  'missing_important_context',
  'other',
  'outdated_information',
] as const;
/** SPEC NoteInfo.text: the note must hold a URL (its sources). */
const WITH_URL = /^(?=[\s\S]*https?:\/\/\S+)[\s\S]+$/;
const INFO = obj({
  text: required(str({ min: 1, pattern: WITH_URL })),
  classification: required(oneOf(['misinformed_or_potentially_misleading', 'not_misleading'])),
  misleading_tags: required(arr(oneOf(MISLEADING_TAGS))),
  trustworthy_sources: required(bool()),
  is_media_note: bool(),
});
const CREATE = { test_mode: required(bool()), post_id: required(id()), info: required(INFO) };
const EVALUATE = { note_text: required(str()), post_id: required(id()) };
const ELIGIBLE = {
  test_mode: required(bool()),
  ...paging(1, 100),
  post_selection: str(),
  ...TWEET_SELECTION,
};
const WRITTEN = { test_mode: required(bool()), ...paging(1, 100), 'note.fields': list(F.NoteFieldsParameter) };

export function notesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>(
    '/2/notes/search/posts_eligible_for_notes',
    { config: { auth: READ } },
    async (req) => {
      const q = readQuery(req.query, ELIGIBLE);
      const sel = parsePostSelection(q.post_selection);
      const page = await eligiblePosts(deps, actorOf(req).userId, q.test_mode, sel, pageOf(q, 10));
      return renderPostPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
    },
  );
  app.get<{ Querystring: Query }>('/2/notes/search/notes_written', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, WRITTEN);
    return notesWritten(deps, actorOf(req).userId, q.test_mode, pageOf(q, 10), q['note.fields'] ?? []);
  });
  app.post('/2/notes', { config: { auth: WRITE } }, async (req) => ({
    data: await createNote(deps, actorOf(req).userId, readJson(req.body, CREATE)),
  }));
  // SPEC 2.167 renamed the path to /2/notes/evaluate, which XDK 0.6.6 calls (notes §8.4): both answer.
  for (const path of ['/2/evaluate_note', '/2/notes/evaluate'])
    app.post(path, { config: { auth: WRITE } }, async (req) => ({
      data: await evaluateNote(deps, readJson(req.body, EVALUATE)),
    }));
  app.delete<{ Params: { id: string } }>('/2/notes/:id', { config: { auth: WRITE } }, async (req) => ({
    data: await deleteNote(deps, actorOf(req).userId, readPath('id', req.params.id, id())),
  }));
}
