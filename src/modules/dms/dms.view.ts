// Domain → wire shape of the v2 DM event: `id`, `event_type` and (for messages) `text` by default.
import { isoMillis } from '../../shared/clock.js';
import { pick, type Renderers } from '../../shared/pick.js';
import type { DmEventRow } from './dms.repo.js';

const json = (s: string | null) => (s ? JSON.parse(s) : undefined);

const RENDER: Renderers<DmEventRow> = {
  attachments: (e) => (e.media_keys ? { media_keys: json(e.media_keys) } : undefined),
  created_at: (e) => isoMillis(e.created_at),
  dm_conversation_id: (e) => e.conversation_id,
  entities: (e) => json(e.entities),
  participant_ids: (e) => json(e.participant_ids),
  referenced_tweets: (e) => json(e.referenced_tweets),
  sender_id: (e) => e.sender_id,
};

export function dmEventView(e: DmEventRow, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: e.id, event_type: e.event_type };
  if (e.text !== null) out.text = e.text;
  return pick(RENDER, e, fields, out);
}
