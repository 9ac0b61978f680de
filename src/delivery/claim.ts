// Claiming source events for the fan-out dispatcher: the same lock discipline as deliveries.
import type { Queryable } from '../store/index.js';
import type { OutboxRow } from '../store/outbox.js';
import { deliveryRepo } from './delivery.repo.js';

export function claimTopics(
  db: Queryable,
  o: { topics: string[]; holder: string; now: number; wall: number; lockMs: number; limit: number },
): Promise<OutboxRow[]> {
  return deliveryRepo.claim(db, {
    topics: o.topics,
    holder: o.holder,
    now: o.now,
    wall: o.wall,
    lockUntil: o.wall + o.lockMs,
    limit: o.limit,
  });
}
