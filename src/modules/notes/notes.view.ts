// Domain → wire shape of the v2 Note object: `id` and `post_id` always, the rest by `note.fields`
// (info, scoring_status, status, test_result; SPEC NoteFieldsParameter).
import { pick, type Renderers } from '../../shared/pick.js';
import type { NoteRow } from './notes.repo.js';
import { ratingStatus, scoreBucket } from './notes.rules.js';

const RENDER: Renderers<NoteRow, number> = {
  info: (n) => ({
    text: n.text,
    classification: n.classification,
    misleading_tags: JSON.parse(n.misleading_tags) as string[],
    trustworthy_sources: n.trustworthy_sources === 1,
    is_media_note: n.is_media_note === 1,
  }),
  status: (n, now) => ratingStatus(n, now),
  // Only the author reads their notes (notes_written), so they may see how scoring stands.
  scoring_status: () => ({ has_access: true }),
  // The evaluator's verdict is what a test note is for (SPEC CreateNoteRequest.test_mode).
  test_result: (n) =>
    n.test_mode === 1 ? { evaluator_type: 'claim_opinion', evaluator_score_bucket: scoreBucket(n.score) } : undefined,
};

export function noteView(n: NoteRow, fields: readonly string[], now: number): Record<string, unknown> {
  return pick(RENDER, n, fields, { id: n.id, post_id: n.post_id }, now);
}
