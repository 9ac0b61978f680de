// Activity subscriptions and event envelopes on the wire (SPEC ActivitySubscription; DOCS
// x-api/activity/event-payloads.mdx: {data: {event_uuid, filter, event_type, tag?, payload, includes}}).
import { isoMillis } from '../../shared/clock.js';
import type { SubscriptionRow } from './activity.repo.js';

export function filterView(s: Pick<SubscriptionRow, 'user_id' | 'keyword' | 'direction'>) {
  const f: Record<string, string> = {};
  if (s.user_id !== null) f.user_id = s.user_id;
  if (s.keyword !== null) f.keyword = s.keyword;
  if (s.direction !== null) f.direction = s.direction;
  return f;
}

export function subscriptionView(s: SubscriptionRow) {
  return {
    subscription_id: s.id,
    event_type: s.event_type,
    filter: filterView(s),
    created_at: isoMillis(s.created_at),
    updated_at: isoMillis(s.updated_at),
    ...(s.tag !== null ? { tag: s.tag } : {}),
    ...(s.webhook_id !== null ? { webhook_id: s.webhook_id } : {}),
  };
}

export function envelope(
  s: SubscriptionRow,
  eventUuid: string,
  payload: unknown,
  includes: Record<string, unknown> | undefined,
) {
  return {
    data: {
      event_uuid: eventUuid,
      filter: filterView(s),
      event_type: s.event_type,
      ...(s.tag !== null ? { tag: s.tag } : {}),
      payload,
      includes: includes ?? {},
    },
  };
}
