// Background work of the webhooks module, started after listen and stopped on close (main.ts):
// the periodic checks (their timers are the server's Runtime `webhookChecks`, stopped with it) and
// the delivery worker. outgoingDeliveries is how the fan-out writes events for webhooks: one outbox
// row per (event, webhook), in the caller's transaction, handed to this process's worker.
import { randomUUID } from 'node:crypto';
import {
  createDeliveryWorker,
  DELIVERY_TOPICS,
  deliveryRepo,
  encodeDelivery,
  type DeliveryPayload,
  type Target,
} from '../../delivery/index.js';
import type { Deps } from '../../deps.js';
import type { Queryable } from '../../store/index.js';
import type { OutboxRow } from '../../store/outbox.js';
import { onOutbox } from '../../store/signals.js';
import { startChecks } from './webhooks.checks.js';
import { webhooksRepo } from './webhooks.repo.js';
import { afterReplaySettled, sweepReplayJobs } from './webhooks.replay.js';

export type NewDelivery = DeliveryPayload;
export type Workers = { stop(): Promise<void> };

/** The fan-out's delivery rows: written in its transaction, then `committed` or `failed` once it ends. */
export type Outgoing = { write(tx: Queryable): Promise<void>; committed(): void; failed(): void };

/**
 * One delivery row per item, locked for this process's worker when it can take them (delivery
 * `Handoff`): the worker sends them once the transaction that writes them commits.
 */
export function outgoingDeliveries(deps: Deps, items: NewDelivery[]): Outgoing {
  const at = deps.clock.now();
  const handoff = deps.runtime.delivery.reserve(items.length);
  const rows = items.map((d) => ({
    id: deps.ids.next(),
    topic: 'webhook.delivery',
    target: d.webhook_id,
    payload: encodeDelivery(d),
    at,
  }));
  let written: OutboxRow[] = [];
  return {
    write: async (tx) => {
      written = await deliveryRepo.enqueueMany(tx, rows, handoff.lock);
    },
    committed: () => handoff.committed(written),
    failed: () => handoff.failed(),
  };
}

async function resolveTarget(deps: Deps, webhookId: string): Promise<Target | null> {
  const t = await webhooksRepo.target(deps.db, webhookId);
  return t ? { url: t.url, secret: t.consumer_secret, valid: t.valid === 1 } : null;
}

export async function startWebhookWorkers(deps: Deps, onError: (err: unknown) => void): Promise<Workers> {
  const rt = deps.runtime.delivery;
  const worker = createDeliveryWorker({
    deps,
    http: rt.http,
    holder: `deliver:${deps.ids.worker}:${randomUUID()}`,
    onError,
    resolve: (id) => resolveTarget(deps, id),
    afterSettle: (settled) => afterReplaySettled(deps, settled),
  });
  rt.wire({ delivery: () => worker.nudge(), reserve: (n) => worker.reserve(n) });
  // Delivery rows another node's fan-out committed wake this node's worker too (ADR 0023): those still
  // to claim, not those a writer handed to its own worker (migration 0044).
  await onOutbox(deps.cluster.signals, DELIVERY_TOPICS, () => worker.nudge(), { pending: true });
  await startChecks(deps, onError);
  worker.start();
  const sweep = setInterval(() => void sweepReplayJobs(deps).catch(onError), 2_000);
  sweep.unref();
  const prune = deps.scheduler.every(HOUR, () => pruneDeliveries(deps).catch(onError), 'webhook-prune');
  return {
    async stop() {
      clearInterval(sweep);
      prune.cancel();
      await worker.stop();
    },
  };
}

const HOUR = 3_600_000;
/**
 * Retention on the service clock: delivery rows are kept a day and an hour (replay reaches 24 hours
 * back), the attempt log two days.
 */
async function pruneDeliveries(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await deliveryRepo.prune(deps.db, ['webhook.delivery', 'webhook.replay', 'webhook.notice'], now - 25 * HOUR);
  await deliveryRepo.pruneAttempts(deps.db, now - 48 * HOUR);
}

export const nudgeDeliveries = (deps: Deps) => deps.runtime.delivery.nudgeDelivery();
