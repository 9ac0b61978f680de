// What modules may use of the delivery machinery.
export { sign, verify, crcResponseToken } from './signature.js';
export { runCrc, type CrcOutcome } from './crc.js';
export { checkUrlShape, refuseBeforeSend, refusePrivateHost } from './url-policy.js';
export {
  createDeliveryWorker,
  decodeDelivery,
  encodeDelivery,
  DELIVERY_TOPICS,
  type DeliveryPayload,
  type Handoff,
  type Settled,
  type Target,
} from './deliveries.js';
export { createPump, type Pump } from './pump.js';
export { createDeliveryRuntime, type DeliveryRuntime } from './runtime.js';
export { deliveryRepo, type AttemptRow } from './delivery.repo.js';
export { claimTopics } from './claim.js';
import type { Deps } from '../deps.js';
import { ONE_SHOT, onceAfterCommit, writeLater, type Queryable } from '../store/index.js';
import { enqueueMany, type NewSource, type OutboxEvent } from '../store/outbox.js';
/** Wakes this process's fan-out after writing a source event (the poll would find it within ~10 ms anyway). */
export const nudgeDispatch = (deps: Deps) => deps.runtime.delivery.nudgeDispatch();

/**
 * Writes a source event (ADR 0007) in the caller's transaction and wakes the fan-out and the streams
 * once it commits (once per transaction, not per event: a wake before the commit found nothing, and
 * on PostgreSQL cost a read of the outbox a post). The events of a run of grouped writes are written
 * in one statement at the run's end (`writeLater`; no job reads the outbox back). When the fan-out has
 * said what no one listening looks like (`unheard`) and that holds as the rows are written, they are
 * written settled: the streams read them all the same, and the fan-out has no row to settle after them
 * (issue #23: that update cost a post more than its own insert).
 */
export async function enqueueSource(deps: Deps, tx: Queryable, event: OutboxEvent): Promise<string> {
  const id = deps.ids.next();
  await writeLater(
    tx,
    'outbox',
    { id, now: deps.clock.now(), event },
    (q, rows) => writeSources(deps, q, rows),
    ONE_SHOT,
  );
  return id;
}

async function writeSources(deps: Deps, q: Queryable, rows: NewSource[]): Promise<void> {
  const settled = await enqueueMany(q, rows, deps.runtime.delivery.unheard());
  if (settled.size)
    onceAfterCommit(q, 'wake: settled source', () => deps.runtime.delivery.nudgeDispatch({ settled: true }));
  if (settled.size < rows.length)
    onceAfterCommit(q, 'wake: pending source', () => deps.runtime.delivery.nudgeDispatch({ settled: false }));
}
