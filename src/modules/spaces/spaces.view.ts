// Domain → wire shape of the v2 Space object: `id` and `state` always (notes §1.2), the rest by
// `space.fields`; and the Topic objects `topic_ids` expands to.
import { isoMillis } from '../../shared/clock.js';
import { pick, type Renderers } from '../../shared/pick.js';
import type { SpaceRecord } from './spaces.repo.js';

const ids = (s: string | null): string[] => (s ? (JSON.parse(s) as string[]) : []);
const time = (ms: number | null) => (ms === null ? undefined : isoMillis(ms));

/** When a Space started: kept for one that went live from a schedule, else its creation. */
export const startedAt = (s: SpaceRecord) => (s.state === 'scheduled' ? null : (s.started_at ?? s.created_at));

const RENDER: Renderers<SpaceRecord> = {
  created_at: (s) => isoMillis(s.created_at),
  creator_id: (s) => s.host_id,
  ended_at: (s) => time(s.ended_at),
  host_ids: (s) => [s.host_id],
  invited_user_ids: (s) => (ids(s.invited_user_ids).length ? ids(s.invited_user_ids) : undefined),
  is_ticketed: (s) => s.is_ticketed === 1,
  lang: (s) => s.lang ?? 'en',
  participant_count: (s) => (s.state === 'live' ? (s.participant_count ?? 0) : undefined),
  scheduled_start: (s) => time(s.scheduled_start),
  speaker_ids: (s) => (ids(s.speaker_ids).length ? ids(s.speaker_ids) : undefined),
  started_at: (s) => time(startedAt(s)),
  subscriber_count: (s) => (s.state === 'scheduled' ? (s.subscriber_count ?? 0) : undefined),
  title: (s) => s.title ?? undefined,
  topic_ids: (s) => (ids(s.topic_ids).length ? ids(s.topic_ids) : undefined),
  updated_at: (s) => isoMillis(s.updated_at ?? s.ended_at ?? s.created_at),
};

export function spaceView(s: SpaceRecord, fields: readonly string[]): Record<string, unknown> {
  return pick(RENDER, s, fields, { id: s.id, state: s.state });
}

/** The users an expansion names, in order. */
export function expandedUserIds(s: SpaceRecord, expansions: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of expansions) {
    if (e === 'host_ids' || e === 'creator_id') out.push(s.host_id);
    if (e === 'speaker_ids') out.push(...ids(s.speaker_ids));
    if (e === 'invited_user_ids') out.push(...ids(s.invited_user_ids));
  }
  return out;
}
export const topicIdsOf = (s: SpaceRecord) => ids(s.topic_ids);

/** Space topics, as their creators pick them (real topic ids and names). */
export const TOPICS: Record<string, { name: string; description: string }> = {
  '848920371311001600': { name: 'Technology', description: 'All about technology' },
  '848921413196984320': { name: 'Computer programming', description: 'Writing software' },
  '898661583827615744': { name: 'Artificial intelligence', description: 'Machines that learn' },
  '847900493514891265': { name: 'Space', description: 'Outer space and space flight' },
  '847869285141696512': { name: 'Music', description: 'Songs, albums and concerts' },
  '847888632711061504': { name: 'Soccer', description: 'The beautiful game' },
  '913142676819648512': { name: 'Cryptocurrencies', description: 'Bitcoin, Ethereum and more' },
};

export function topicView(id: string, fields: readonly string[]): Record<string, unknown> {
  const t = TOPICS[id]!;
  return { id, name: t.name, ...(fields.includes('description') ? { description: t.description } : {}) };
}
