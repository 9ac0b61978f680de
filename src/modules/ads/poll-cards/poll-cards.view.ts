// Poll cards on the wire (notes §9.5; DOCS x-ads-api/creatives/reference.mdx "Poll Cards"): numbers
// are strings (`"duration_in_minutes": "10080"`), media fields by card type, choices three and four
// only when set (the docs' examples have two).
import { adsTime } from '../kit/time.js';
import type { PollCardRow } from './poll-cards.repo.js';

export function pollCardView(r: PollCardRow) {
  return {
    name: r.name,
    start_time: adsTime(r.start_time),
    first_choice: r.first_choice,
    second_choice: r.second_choice,
    ...(r.third_choice !== null ? { third_choice: r.third_choice } : {}),
    ...(r.fourth_choice !== null ? { fourth_choice: r.fourth_choice } : {}),
    end_time: adsTime(r.end_time),
    id: r.id,
    ...(JSON.parse(r.media_fields) as Record<string, string | null>),
    created_at: adsTime(r.created_at),
    duration_in_minutes: String(r.duration_in_minutes),
    card_uri: r.card_uri,
    updated_at: adsTime(r.updated_at),
    deleted: false,
    card_type: r.card_type,
  };
}

/**
 * What DELETE answers: the docs' example (a hard delete) shows name, start_time, id, created_at,
 * updated_at, `deleted: true` and card_type, updated_at being the time of the delete.
 */
export function deletedPollCardView(r: PollCardRow, at: number) {
  return {
    name: r.name,
    start_time: adsTime(r.start_time),
    id: r.id,
    created_at: adsTime(r.created_at),
    updated_at: adsTime(at),
    deleted: true,
    card_type: r.card_type,
  };
}
