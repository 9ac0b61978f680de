// The periodic challenge-response checks, as timers on the service clock (so POST /_aviary/clock
// {advance_ms} runs 30 hours of them in order). Timers live in memory: they are derived from each
// webhook's stored next_check_at at start and re-derived every few minutes of service time (which
// also picks up webhooks another process registered on a shared database). Taking a due check is a
// compare-and-set on next_check_at, so with several processes only one runs it.
import { getApp } from '../../auth/index.js';
import { refuseBeforeSend, runCrc, type CrcOutcome } from '../../delivery/index.js';
import type { Deps } from '../../deps.js';
import type { TimerHandle } from '../../shared/scheduler.js';
import { webhooksRepo, type CheckState, type WebhookRow } from './webhooks.repo.js';
import { applyCheck, CHECK_INTERVAL_MS } from './webhooks.state.js';

type Armed = { due: number; handle: TimerHandle };
const RESCAN_MS = 10 * 60_000;

/** One server's armed check timers, by webhook id, and the rescan (Runtime `webhookChecks`). */
export type WebhookChecks = { timers: Map<string, Armed>; rescan: TimerHandle | null; stop(): void };

declare module '../../deps.js' {
  interface Runtime {
    webhookChecks: WebhookChecks;
  }
}

export function createWebhookChecks(): WebhookChecks {
  const checks: WebhookChecks = {
    timers: new Map(),
    rescan: null,
    stop() {
      checks.rescan?.cancel();
      checks.rescan = null;
      for (const t of checks.timers.values()) t.handle.cancel();
      checks.timers.clear();
    },
  };
  return checks;
}

/**
 * Runs one CRC against a webhook with its app's current consumer secret. Every check comes here
 * (registration, PUT, periodic), so strict mode holds a stored URL to the rules before it is sent
 * to. A refusal makes the webhook invalid at once, as a TLS exception does: the URL cannot pass
 * until the rules change, and PUT re-enables it if they do.
 */
export async function crcOf(deps: Deps, url: string, secret: string, webhookId?: string): Promise<CrcOutcome> {
  const refused = deps.config.strictWebhooks ? refuseBeforeSend(url) : null;
  if (refused) return { result: 'invalid', reason: `refused by --strict-webhooks, nothing was sent: ${refused}` };
  // Fault rules (/_aviary/faults, target `crc`) may hold the check back, or lose it: a lost check is
  // what a receiver that never answers looks like, a transient failure (seed, States and transitions).
  const fault = await deps.runtime.faults.onWebhook({ target: 'crc', webhookId: webhookId ?? null, url });
  if (fault && fault.latencyMs > 0) await new Promise((r) => setTimeout(r, fault.latencyMs));
  const started = deps.clock.wall();
  const outcome: CrcOutcome = fault?.drop
    ? { result: 'transient', reason: `timeout: dropped by fault rule ${fault.drop}, nothing was sent` }
    : await runCrc(deps.runtime.delivery.http, {
        url,
        secret,
        now: deps.clock.now(),
        signatureHeader: deps.config.webhookSignatureHeader,
      });
  deps.runtime.journal.crc({
    url,
    result: outcome.result,
    reason: outcome.result === 'success' ? null : outcome.reason,
    latency_ms: deps.clock.wall() - started,
    faults: fault?.rules ?? null,
  });
  return outcome;
}

/** Applies a check outcome to the stored state and re-arms the timer. */
export async function recordCheck(deps: Deps, w: WebhookRow, outcome: CrcOutcome): Promise<CheckState> {
  const next = applyCheck(w, outcome, deps.clock.now());
  await webhooksRepo.saveCheck(deps.db, w.id, next);
  armCheck(deps, w.id, next.next_check_at);
  return next;
}

export function armCheck(deps: Deps, id: string, due: number | null): void {
  const { timers } = deps.runtime.webhookChecks;
  const current = timers.get(id);
  if (current && current.due === due) return;
  current?.handle.cancel();
  timers.delete(id);
  if (due === null) return;
  const handle = deps.scheduler.at(due, () => periodicCheck(deps, id, due), `webhook-check:${id}`);
  timers.set(id, { due, handle });
}

async function periodicCheck(deps: Deps, id: string, due: number): Promise<void> {
  const { timers } = deps.runtime.webhookChecks;
  if (timers.get(id)?.due === due) timers.delete(id);
  if (!(await webhooksRepo.takeCheck(deps.db, id, due, due + CHECK_INTERVAL_MS))) return;
  const w = await webhooksRepo.byId(deps.db, id);
  if (!w) return;
  const app = await getApp(deps, w.app_id).catch(() => null);
  if (!app) return;
  await recordCheck(deps, w, await crcOf(deps, w.url, app.consumer_secret, w.id));
}

/** Arms a timer for every valid webhook from the store. */
export async function armAllChecks(deps: Deps): Promise<void> {
  const rows = await webhooksRepo.scheduled(deps.db);
  const seen = new Set<string>();
  for (const r of rows) {
    seen.add(r.id);
    armCheck(deps, r.id, Math.max(Number(r.next_check_at), 0));
  }
  for (const id of [...deps.runtime.webhookChecks.timers.keys()]) if (!seen.has(id)) armCheck(deps, id, null);
}

export async function startChecks(deps: Deps, onError: (err: unknown) => void): Promise<void> {
  await armAllChecks(deps);
  deps.runtime.webhookChecks.rescan = deps.scheduler.every(
    RESCAN_MS,
    () => armAllChecks(deps).catch(onError),
    'webhook-check-rescan',
  );
}
